/**
 * Version markers checked against the release notes: a `<Since>` or `<Deprecated>` marker that
 * names a tracker key must not date the change later than the first release whose notes list
 * the key (a backport the marker ignores) unless it records that release in `backports`, and
 * most markers must name a key so that they can be checked at all.
 */
import { describe, expect, it } from 'vitest';
import { readDataFile } from '../../src/utils/dataFiles';
import { allMarkers, checkMarker, markersIn, releasesByKey, type VersionMarker } from '../support/versionMarkers';

const byKey = releasesByKey(readDataFile('moodle-releases'));
const markers = allMarkers();

/** The share of markers that must name a tracker key (issue 36: at least 80 %). */
const minimumKeyedShare = 0.8;

const marker = (source: string): VersionMarker => {
  const [found] = markersIn('page.md', `Intro\n\n${source}\n`);
  return found;
};

describe('version markers of the pages', () => {
  it('date no change later than the first release whose notes list its key', () => {
    const problems = markers.map((found) => checkMarker(found, byKey)?.message).filter(Boolean);
    expect(problems).toEqual([]);
  });

  it('name a tracker key in at least 80 % of cases', () => {
    const keyed = markers.filter((found) => found.issue).length;
    const inData = markers.filter((found) => found.issue && byKey.has(found.issue)).length;
    console.log(`Version markers: ${markers.length}; naming a tracker key: ${keyed} (${((100 * keyed) / markers.length).toFixed(1)} %); key in the release notes data: ${inData}`);
    expect(markers.length).toBeGreaterThan(0);
    expect(keyed / markers.length).toBeGreaterThanOrEqual(minimumKeyedShare);
  });
});

describe('the marker check', () => {
  // MDL-83432 is listed in the notes of 4.4.5 and 4.5.1 (and no 5.0 release), per the data.
  const releases = new Map([['MDL-83432', ['4.4.5', '4.4.6', '4.5.1']]]);

  it('reads markers with their line, outside code blocks', () => {
    const found = markersIn('page.md', 'One\n\n```md\n<Since version="4.0" />\n```\n\n## Heading <Since version="4.5" issue="MDL-1" />\n\n<Deprecated since="4.2" issue="MDL-2" replacement="x()">\n');
    expect(found.map(({ line, kind, version, issue }) => ({ line, kind, version, issue }))).toEqual([
      { line: 7, kind: 'Since', version: '4.5', issue: 'MDL-1' },
      { line: 9, kind: 'Deprecated', version: '4.2', issue: 'MDL-2' },
    ]);
  });

  it('fails a marker dated after a release that shipped its key, naming the page, line and releases', () => {
    const problem = checkMarker(marker('<Since version="5.0" issue="MDL-83432" />'), releases);
    expect(problem?.message).toBe(
      'page.md:3 <Since version="5.0" issue="MDL-83432" />: MDL-83432 is in the release notes of 4.4.5, 4.4.6, 4.5.1, older than 5.0; correct the version or record the backports (backports="4.4.5, 4.5.1")',
    );
  });

  it('accepts the marker once it records the first backport of each older series', () => {
    expect(checkMarker(marker('<Since version="5.0" issue="MDL-83432" backports="4.4.5, 4.5.1" />'), releases)).toBeNull();
    expect(checkMarker(marker('<Since version="4.4.5" issue="MDL-83432" />'), releases)).toBeNull();
    expect(checkMarker(marker('<Since version="5.0" issue="MDL-83432" backports="4.5.1" />'), releases)?.message).toMatch(/backports="4\.4\.5, 4\.5\.1"/);
  });

  it('rejects a recorded backport whose notes do not list the key, or that is not older', () => {
    expect(checkMarker(marker('<Since version="5.0" issue="MDL-83432" backports="4.4.5, 4.5.2" />'), releases)?.message).toContain('backports 4.5.2 do not list MDL-83432');
    expect(checkMarker(marker('<Since version="5.0" issue="MDL-83432" backports="5.0.1" />'), releases)?.message).toContain('5.0.1 is not older than Moodle 5.0');
  });

  it('passes markers without a key or with a key the release notes do not list, backports and all', () => {
    expect(checkMarker(marker('<Since version="4.1" />'), releases)).toBeNull();
    expect(checkMarker(marker('<Deprecated since="4.1" issue="MDL-99999">'), releases)).toBeNull();
    expect(checkMarker(marker('<Since version="5.1" issue="MDL-99999" backports="5.0.3" />'), releases)).toBeNull();
    expect(checkMarker(marker('<Since version="5.1" issue="MDL-99999" backports="5.1.3" />'), releases)?.message).toContain('5.1.3 is not older than Moodle 5.1');
  });
});
