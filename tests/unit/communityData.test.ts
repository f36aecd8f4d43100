/**
 * The community pages' data: the third-party libraries and the developer meetings. A broken
 * entry is rejected naming the file, the entry and the field; the table's filter and sort and
 * the meetings' dating behave as a reader expects.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataFileError, readDataFile, validateDataFile, type DataFileName } from '../../src/utils/dataFiles';
import type { DeveloperMeeting, DeveloperMeetingsData, ThirdPartyLibrariesData, ThirdPartyLibrary } from '../../src/utils/siteDataTypes';
import { filterLibraries, licenceLabel, sortLibraries } from '../../src/components/ThirdPartyLibraries/utils';
import { announcedMeetings, meetingState, pastMeetingsByYear } from '../../src/components/DeveloperMeetings/utils';

const siteRoot = path.resolve(__dirname, '../..');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-data-'));

afterAll(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
});

function problemsOf(kind: DataFileName, data: unknown): string[] {
  const file = path.join(workDir, `${kind}.json`);
  fs.writeFileSync(file, JSON.stringify({ ...(data as object), $schema: path.join(siteRoot, `data/schemas/${kind}.schema.json`) }));
  try {
    validateDataFile(file, `data/${kind}.json`, kind);
  } catch (error) {
    expect(error).toBeInstanceOf(DataFileError);
    expect((error as DataFileError).message).toContain(`Invalid data file data/${kind}.json`);
    return (error as DataFileError).problems;
  }
  return [];
}

const libraries = (): ThirdPartyLibrariesData => structuredClone(readDataFile('third-party-libraries'));
const find = (data: ThirdPartyLibrariesData, name: string): ThirdPartyLibrary => {
  const found = data.libraries.find((library) => library.name === name);
  if (!found) {
    throw new Error(`the data has no library ${name}`);
  }
  return found;
};

describe('data/third-party-libraries.json', () => {
  it('is the shared data, entry for entry, with its source recorded', () => {
    const shared = JSON.parse(fs.readFileSync(path.resolve(siteRoot, '../shared/data/third-party-libraries.json'), 'utf8')) as Partial<ThirdPartyLibrary>[];
    const data = readDataFile('third-party-libraries');
    expect(data.libraries.map((library) => `${library.location} ${library.version ?? ''} ${library.license}`)).toEqual(
      shared.map((library) => `${library.location} ${library.version ?? ''} ${library.license}`),
    );
    // Each change to a shared entry is listed with its reason.
    for (const correction of data.source.corrections ?? []) {
      expect(shared.some((library) => library.location === correction.location)).toBe(true);
    }
  });

  it.each([
    {
      name: 'a library without a licence',
      breakIt: (data: ThirdPartyLibrariesData) => {
        delete (find(data, 'jQuery') as Partial<ThirdPartyLibrary>).license;
      },
      expected: 'library "jQuery" at lib/jquery: field "license" is required but missing',
    },
    {
      name: 'an empty version',
      breakIt: (data: ThirdPartyLibrariesData) => {
        find(data, 'jQuery UI').version = '';
      },
      expected: 'library "jQuery UI" at lib/jquery: field "version" must NOT have fewer than 1 characters',
    },
    {
      name: 'a misspelt field',
      breakIt: (data: ThirdPartyLibrariesData) => {
        Object.assign(find(data, 'jQuery'), { licence: 'MIT' });
      },
      expected: 'library "jQuery" at lib/jquery: field "licence" is not allowed here (is it misspelt?)',
    },
    {
      name: 'a library without a name, named by its location',
      breakIt: (data: ThirdPartyLibrariesData) => {
        delete (find(data, 'jQuery') as Partial<ThirdPartyLibrary>).name;
      },
      expected: 'library at lib/jquery: field "name" is required but missing',
    },
    {
      name: 'the same library listed twice',
      breakIt: (data: ThirdPartyLibrariesData) => {
        data.libraries.push(structuredClone(find(data, 'jQuery')));
      },
      expected: 'library "jQuery" at lib/jquery: field "name" repeats an entry listed earlier at the same location',
    },
  ])('rejects $name, naming it', ({ breakIt, expected }) => {
    const data = libraries();
    breakIt(data);
    expect(problemsOf('third-party-libraries', data).join('\n')).toContain(expected);
  });
});

describe('the libraries table', () => {
  const data = readDataFile('third-party-libraries').libraries;

  it('filters on every word, in any column, ignoring case', () => {
    const jquery = filterLibraries(data, 'JQUERY lib/jquery');
    expect(jquery.map((library) => library.name).sort()).toEqual(['jQuery', 'jQuery UI']);
    expect(filterLibraries(data, 'apache').every((library) => library.license === 'Apache')).toBe(true);
    expect(filterLibraries(data, '   ')).toHaveLength(data.length);
    expect(filterLibraries(data, 'no-such-library-anywhere')).toEqual([]);
  });

  it('sorts versions number by number, unstated versions last either way', () => {
    const sample: ThirdPartyLibrary[] = ['1.10.0', '1.9.2', undefined, '2.0'].map((version, index) => ({
      name: `lib${index}`,
      location: `lib/l${index}`,
      version,
      license: 'MIT',
      copyrightHolders: [],
      customised: false,
    }));
    expect(sortLibraries(sample, 'version', 'ascending').map((library) => library.version)).toEqual(['1.9.2', '1.10.0', '2.0', undefined]);
    expect(sortLibraries(sample, 'version', 'descending').map((library) => library.version)).toEqual(['2.0', '1.10.0', '1.9.2', undefined]);
  });

  it('sorts by name without regard to case, and keeps every row', () => {
    const sorted = sortLibraries(data, 'name', 'ascending');
    expect(sorted).toHaveLength(data.length);
    for (let index = 1; index < sorted.length; index += 1) {
      expect(sorted[index - 1].name.localeCompare(sorted[index].name, 'en', { sensitivity: 'base', numeric: true })).toBeLessThanOrEqual(0);
    }
  });

  it('names a licence with its version', () => {
    expect(licenceLabel({ name: 'x', location: 'x', license: 'Apache', licenseversion: '2.0', copyrightHolders: [], customised: false })).toBe('Apache 2.0');
    expect(licenceLabel({ name: 'x', location: 'x', license: 'MIT', copyrightHolders: [], customised: false })).toBe('MIT');
  });
});

const meeting = (name: string, date: string, extra: Partial<DeveloperMeeting> = {}): DeveloperMeeting => ({ name, date, topics: [{ title: `Talk of ${name}` }], ...extra });

describe('data/developer-meetings.json', () => {
  const valid = (): DeveloperMeetingsData => ({
    $schema: '',
    source: { repository: 'https://github.com/moodle/devdocs', commit: 'a'.repeat(40), date: '2026-08-07' },
    meetings: [meeting('2026-10', '2026-10-14', { timeUtc: '08:00' }), meeting('2022-02', '2022-02-15', { page: 'community/meetings/202202' })],
  });

  it('accepts a well-formed file', () => {
    expect(problemsOf('developer-meetings', valid())).toEqual([]);
  });

  it.each([
    {
      name: 'a date outside the month the meeting is named after',
      breakIt: (data: DeveloperMeetingsData) => {
        data.meetings[1].date = '2022-03-01';
      },
      expected: 'meeting 2022-02: field "date" is 2022-03-01, which is not in the month the name gives',
    },
    {
      name: 'meetings out of order',
      breakIt: (data: DeveloperMeetingsData) => {
        data.meetings.reverse();
      },
      expected: 'meeting 2026-10: field "date" is later than the meeting listed before it (2022-02); list the newest first',
    },
    {
      name: 'a page that does not exist',
      breakIt: (data: DeveloperMeetingsData) => {
        data.meetings[1].page = 'community/meetings/202203';
      },
      expected: 'meeting 2022-02: field "page" names community/meetings/202203, but general/community/meetings/202203.md does not exist',
    },
    {
      name: 'a time that is not hh:mm',
      breakIt: (data: DeveloperMeetingsData) => {
        data.meetings[0].timeUtc = '8am';
      },
      expected: 'meeting 2026-10: field "timeUtc" must match',
    },
  ])('rejects $name, naming it', ({ breakIt, expected }) => {
    const data = valid();
    breakIt(data);
    expect(problemsOf('developer-meetings', data).join('\n')).toContain(expected);
  });

  it('the real file names a page for each of the meeting pages in general/community/meetings', () => {
    const pages = fs
      .readdirSync(path.join(siteRoot, 'general/community/meetings'))
      .filter((file) => /^\d{6}\.mdx?$/.test(file))
      .map((file) => `community/meetings/${file.replace(/\.mdx?$/, '')}`);
    expect(pages.length).toBeGreaterThan(0);
    expect(
      readDataFile('developer-meetings')
        .meetings.flatMap((entry) => (entry.page ? [entry.page] : []))
        .sort(),
    ).toEqual(pages.sort());
  });
});

describe('where a meeting stands on the reader’s date', () => {
  const source = '2026-08-07';
  const meetings = [meeting('2027-01', '2027-01-13'), meeting('2026-10', '2026-10-14'), meeting('2026-03', '2026-03-18'), meeting('2025-11', '2025-11-19')];

  it('is held when the source reports it, announced until its date, unconfirmed after', () => {
    expect(meetingState(meetings[2], source, '2026-11-27')).toBe('held');
    expect(meetingState(meetings[1], source, '2026-09-01')).toBe('announced');
    expect(meetingState(meetings[1], source, '2026-10-14')).toBe('announced');
    expect(meetingState(meetings[1], source, '2026-10-15')).toBe('unconfirmed');
  });

  it('lists what is still to come soonest first, and the rest by year, newest first', () => {
    expect(announcedMeetings(meetings, source, '2026-09-01').map((entry) => entry.name)).toEqual(['2026-10', '2027-01']);
    expect(pastMeetingsByYear(meetings, source, '2026-11-27').map(([year, entries]) => [year, entries.map((entry) => entry.name)])).toEqual([
      ['2026', ['2026-10', '2026-03']],
      ['2025', ['2025-11']],
    ]);
  });
});
