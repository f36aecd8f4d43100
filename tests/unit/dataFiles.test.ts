/**
 * The data files validate, and a broken one is rejected with the file, the record and the
 * field named. Broken fixtures are made from the real data with one change each.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataFileError, dataFileNames, readDataFile, validateDataFile } from '../../src/utils/dataFiles';
import type { MoodleReleasesData } from '../../src/utils/moodleReleases';

const siteRoot = path.resolve(__dirname, '../..');
const schemaPath = path.join(siteRoot, 'data/schemas/moodle-releases.schema.json');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-files-'));

afterAll(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
});

/** A small valid releases file: series 4.1 and 4.0 of the real data. */
function smallReleases(): MoodleReleasesData {
  const real = readDataFile('moodle-releases');
  const series = structuredClone(real.series.filter((entry) => entry.name === '4.1' || entry.name === '4.0'));
  return {
    ...structuredClone(real),
    $schema: schemaPath,
    series,
    seriesCount: series.length,
    releaseCount: series.reduce((total, entry) => total + entry.releases.length, 0),
  };
}

function validate(content: unknown, name = 'moodle-releases.json'): unknown {
  const file = path.join(workDir, name);
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return validateDataFile(file, `data/${name}`, 'moodle-releases');
}

function problemsOf(content: unknown): string[] {
  try {
    validate(content);
  } catch (error) {
    expect(error).toBeInstanceOf(DataFileError);
    return (error as DataFileError).problems;
  }
  throw new Error('expected the data file to be rejected');
}

describe('the site data files', () => {
  it.each(dataFileNames)('data/%s.json matches its schema', (name) => {
    expect(() => readDataFile(name)).not.toThrow();
  });

  it('a small slice of the release data is itself valid (the base of the broken fixtures)', () => {
    expect(() => validate(smallReleases())).not.toThrow();
  });
});

describe('a broken releases file is rejected with file, record and field', () => {
  const release = (data: MoodleReleasesData, version: string) => {
    const found = data.series.flatMap((entry) => entry.releases).find((entry) => entry.version === version);
    if (!found) {
      throw new Error(`fixture has no release ${version}`);
    }
    return found;
  };

  it.each([
    {
      name: 'a malformed version',
      breakIt: (data: MoodleReleasesData) => {
        release(data, '4.0.3').version = '4.0.three';
      },
      expected: 'release 4.0.three in series 4.0: field "version" must match',
    },
    {
      name: 'a date that does not parse',
      breakIt: (data: MoodleReleasesData) => {
        release(data, '4.0.1').releaseDate = '9 May 2022';
      },
      expected: 'release 4.0.1 in series 4.0: field "releaseDate" must be a real calendar date written yyyy-mm-dd (found "9 May 2022")',
    },
    {
      name: 'a date that does not exist',
      breakIt: (data: MoodleReleasesData) => {
        data.series[0].securityEndDate = '2025-02-29';
      },
      expected: 'series 4.1: field "securityEndDate" must be a real calendar date written yyyy-mm-dd (found "2025-02-29")',
    },
    {
      name: 'an issue key that is not MDL-, MSA-, MOBILE- or #n',
      breakIt: (data: MoodleReleasesData) => {
        const sections = release(data, '4.0.1').sections ?? [];
        sections[0].items[0].key = 'BUG-74461';
      },
      expected: 'item BUG-74461 in section "General fixes and improvements" in release 4.0.1 in series 4.0: field "key" must match',
    },
    {
      name: 'a missing required field',
      breakIt: (data: MoodleReleasesData) => {
        delete (release(data, '4.0.2') as Partial<ReturnType<typeof release>>).releaseDate;
      },
      expected: 'release 4.0.2 in series 4.0: field "releaseDate" is required but missing',
    },
    {
      name: 'a misspelt field',
      breakIt: (data: MoodleReleasesData) => {
        Object.assign(release(data, '4.0.4'), { relaseDate: '2022-09-12' });
      },
      expected: 'release 4.0.4 in series 4.0: field "relaseDate" is not allowed here (is it misspelt?)',
    },
    {
      name: 'a release filed under another series',
      breakIt: (data: MoodleReleasesData) => {
        release(data, '4.0.5').series = '4.1';
      },
      expected: 'release 4.0.5 in series 4.0: field "series" is "4.1" but the release is listed under series 4.0',
    },
    {
      name: 'a count that disagrees with the list',
      breakIt: (data: MoodleReleasesData) => {
        data.releaseCount += 1;
      },
      expected: 'top level: field "releaseCount" is',
    },
  ])('$name', ({ breakIt, expected }) => {
    const data = smallReleases();
    breakIt(data);
    expect(problemsOf(data).join('\n')).toContain(expected);
  });

  it('names the file in the error message', () => {
    const data = smallReleases();
    data.series[1].releases[1].releaseDate = 'soon';
    expect(() => validate(data)).toThrow(/^Invalid data file data\/moodle-releases\.json:\n {2}- release 4\.0\.1 in series 4\.0: field "releaseDate"/);
  });

  it('rejects text that is not JSON, saying so', () => {
    expect(() => validate('{"series": [')).toThrow(/Invalid data file data\/moodle-releases\.json:\n {2}- is not valid JSON/);
  });

  it('rejects a file without "$schema"', () => {
    const withoutSchema: Partial<MoodleReleasesData> = smallReleases();
    delete withoutSchema.$schema;
    expect(problemsOf(withoutSchema).join('\n')).toContain('field "$schema" is required');
  });
});
