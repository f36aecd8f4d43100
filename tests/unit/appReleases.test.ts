/** The Moodle App data helpers, and a broken app-releases file being rejected by name. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adjacentAppReleases, appReleasePages, appReleaseRoute, lineFactsFor, type AppReleasesData } from '../../src/utils/appReleases';
import { DataFileError, readDataFile, validateDataFile } from '../../src/utils/dataFiles';

const data = readDataFile('app-releases');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-releases-'));
const schemaPath = path.resolve(__dirname, '../../data/schemas/app-releases.schema.json');

afterAll(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe('lineFactsFor', () => {
  // The facts of each version line, as ../shared/data/README.md states them.
  it.each([
    ['3.0.0', { framework: 'Ionic 1', moodleMinimum: '2.4' }],
    ['3.4.2', { framework: 'Ionic 1', moodleMinimum: '2.4' }],
    ['3.5.0', { framework: 'Ionic 3', moodleMinimum: '3.1' }],
    ['3.9.4', { framework: 'Ionic 3', moodleMinimum: '3.1' }],
    ['3.9.5', { framework: 'Ionic 5', moodleMinimum: '3.1' }],
    ['2.3', { framework: 'Ionic 1', moodleMinimum: '2.4' }],
    ['1.6.1', { framework: 'jQuery', runtime: 'Cordova' }],
    ['4.1.0', {}],
  ])('%s', (version, expected) => {
    expect(lineFactsFor(data, version)).toEqual(expected);
  });
});

describe('release pages and routes', () => {
  it('gives every release a page, with the 1.x releases sharing one', () => {
    const pages = appReleasePages(data);
    expect(pages.flatMap((page) => page.releases)).toHaveLength(data.releases.length);
    const shared = pages.filter((page) => page.releases.length > 1);
    expect(shared.map((page) => page.page)).toEqual(['general/app_releases/v1.x.md']);
    expect(shared[0].releases.every((release) => release.majorVersion === '1')).toBe(true);
  });

  it('routes a release to its page, or to its section of the shared page', () => {
    const release = (version: string) => {
      const found = data.releases.find((candidate) => candidate.version === version);
      if (!found) {
        throw new Error(`no app release ${version}`);
      }
      return found;
    };
    expect(appReleaseRoute(data, release('4.1.0'))).toBe('/general/app_releases/v4/v4.1.0');
    expect(appReleaseRoute(data, release('2.0'))).toBe('/general/app_releases/v2/v2.0');
    expect(appReleaseRoute(data, release('1.6.1'))).toBe('/general/app_releases/v1.x#moodle-mobile-1-6-1');
  });

  it('finds the neighbours of a release in version order', () => {
    const { previous, next } = adjacentAppReleases(data, '3.9.5');
    expect(previous?.version).toBe('3.9.4');
    expect(next?.version).toBe('4.0.0');
    expect(adjacentAppReleases(data, '4.1.0').next).toBeUndefined();
  });
});

describe('a broken app-releases file is rejected with file, release and field', () => {
  function problems(breakIt: (copy: AppReleasesData) => void): string {
    const copy: AppReleasesData = { ...structuredClone(data), $schema: schemaPath };
    breakIt(copy);
    const file = path.join(workDir, 'app-releases.json');
    fs.writeFileSync(file, JSON.stringify(copy));
    try {
      validateDataFile(file, 'data/app-releases.json', 'app-releases');
    } catch (error) {
      expect(error).toBeInstanceOf(DataFileError);
      return (error as DataFileError).message;
    }
    throw new Error('expected the file to be rejected');
  }

  it.each([
    {
      name: 'a malformed version',
      breakIt: (copy: AppReleasesData) => {
        copy.releases[0].version = 'v4.1';
      },
      expected: 'release v4.1: field "version" must match',
    },
    {
      name: 'a date that does not parse',
      breakIt: (copy: AppReleasesData) => {
        copy.releases[1].releaseDate = '2022-13-01';
      },
      expected: 'release 4.0.2: field "releaseDate"',
    },
    {
      name: 'an issue key of another project',
      breakIt: (copy: AppReleasesData) => {
        copy.releases[0].sections[0].items[0].key = 'MOODLE-4081';
      },
      expected: 'item MOODLE-4081 in section "Task" in release 4.1.0: field "key" must match',
    },
    {
      name: 'a missing required field',
      breakIt: (copy: AppReleasesData) => {
        delete (copy.releases[2] as Partial<AppReleasesData['releases'][number]>).appName;
      },
      expected: 'release 4.0.1: field "appName" is required but missing',
    },
  ])('$name', ({ breakIt, expected }) => {
    const message = problems(breakIt);
    expect(message).toContain('Invalid data file data/app-releases.json');
    expect(message).toContain(expected);
  });
});
