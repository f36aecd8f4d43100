/** The summary the site-data plugin publishes to pages, checked against the raw data. */
import { describe, expect, it } from 'vitest';
import { latestReleaseCount, summariseReleases } from '../../src/plugins/site-data/utils';
import { readDataFile } from '../../src/utils/dataFiles';
import { compareVersions, supportStatus } from '../../src/utils/moodleReleases';

const data = readDataFile('moodle-releases');
// A fixed build date, so that the statuses checked below do not depend on the day the tests run.
const buildDate = '2026-11-24';
const summary = summariseReleases(data, buildDate);

describe('summariseReleases', () => {
  it('states the snapshot date of the data', () => {
    expect(summary.snapshotDate).toBe(data.source.date);
  });

  it('has one entry per released series, newest first, with its newest confirmed release', () => {
    const released = data.series.filter((series) => series.releases.length > 0);
    expect(summary.series.map((entry) => entry.name).sort()).toEqual(released.map((series) => series.name).sort());
    for (let i = 1; i < summary.series.length; i++) {
      expect(compareVersions(summary.series[i - 1].name, summary.series[i].name)).toBeGreaterThan(0);
    }
    for (const entry of summary.series) {
      const series = released.find((candidate) => candidate.name === entry.name);
      const versions = series?.releases.filter((release) => release.releaseDate <= data.source.date).map((release) => release.version) ?? [];
      expect(entry.latestVersion).toBe([...versions].sort(compareVersions).pop());
      expect(entry.status).toBe(supportStatus(entry, buildDate, data.source.date));
    }
  });

  it('never gives a planned release as a series’ latest, and lists the planned ones apart', () => {
    // Written out for the data read on 7 August 2026, which plans 5.3.0, 5.2.2 and 5.2.3.
    expect(summary.snapshotDate).toBe('2026-08-07');
    const byName = Object.fromEntries(summary.series.map((entry) => [entry.name, entry]));
    expect(byName['5.3'].latestVersion).toBeUndefined();
    expect(byName['5.3'].status).toBe('unconfirmed');
    expect(byName['5.2'].latestVersion).toBe('5.2.1');
    expect(summary.plannedReleases.map((release) => release.version)).toEqual(expect.arrayContaining(['5.3.0', '5.2.2', '5.2.3']));
    expect(summary.plannedReleases.every((release) => release.releaseDate > summary.snapshotDate)).toBe(true);
    expect(summary.plannedReleases[0].releaseDate).toBe('2026-08-10');
    // Newer data confirms them, with nothing else changed.
    const newer = summariseReleases({ ...data, source: { ...data.source, date: '2026-10-06' } }, buildDate);
    const newerByName = Object.fromEntries(newer.series.map((entry) => [entry.name, entry]));
    expect(newerByName['5.3'].latestVersion).toBe('5.3.0');
    expect(newerByName['5.3'].status).toBe('general');
    expect(newerByName['5.2'].latestVersion).toBe('5.2.3');
    expect(newer.plannedReleases).toEqual([]);
  });

  it('lists the newest releases up to the snapshot date, newest first', () => {
    expect(summary.latestReleases).toHaveLength(latestReleaseCount);
    const newestDate = data.series
      .flatMap((series) => series.releases)
      .filter((release) => release.releaseDate <= data.source.date)
      .reduce((newest, release) => (release.releaseDate > newest ? release.releaseDate : newest), '');
    expect(summary.latestReleases[0].releaseDate).toBe(newestDate);
    for (const release of summary.latestReleases) {
      expect(release.releaseDate <= summary.snapshotDate).toBe(true);
    }
  });

  it('links a latest release to its notes only when it has a page: newer data confirms releases whose notes are not written', () => {
    const newer = summariseReleases({ ...data, source: { ...data.source, date: '2026-10-06' } }, buildDate);
    const byVersion = Object.fromEntries(newer.latestReleases.map((release) => [release.version, release]));
    // 5.3.0 is the series' first release: its page is the series page.
    expect(byVersion['5.3.0'].route).toBe('/general/releases/5.3');
    // 5.2.3 has no notes in the data, so no page.
    expect(byVersion['5.2.3']).toBeDefined();
    expect(byVersion['5.2.3'].route).toBeUndefined();
    // A release with notes keeps its link.
    expect(summary.latestReleases.filter((release) => release.route).length).toBeGreaterThan(0);
    const withNotes = data.series.flatMap((series) => series.releases).find((release) => release.version === summary.latestReleases[0].version);
    expect(summary.latestReleases[0].route === undefined).toBe(withNotes?.page === null && !withNotes.coveredByPage && !withNotes.version.endsWith('.0'));
  });

  it('stays small enough to ship to every page as global data', () => {
    expect(JSON.stringify(summary).length).toBeLessThan(16_000);
  });
});
