/**
 * The release-data importer (npm run data:releases): a made-up devdocs checkout in
 * tests/fixtures/devdocs-snapshot imports into the site's schema; bad input fails with the file
 * and field named, and the data file it would have replaced is left as it was.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateDataFile } from '../../src/utils/dataFiles';
import { parseSourceDate } from '../../src/utils/releaseImport/dates';
import { importReleases, ImportError } from '../../src/utils/releaseImport';
import { isOneLineSummary, plainText } from '../../src/utils/releaseImport/page';
import { findRelease, findSeries } from '../../src/utils/moodleReleases';

const siteDir = path.resolve(__dirname, '../..');
const fixture = path.join(siteDir, 'tests/fixtures/devdocs-snapshot');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-import-'));
const commit = 'a'.repeat(40);

afterAll(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
});

/** A copy of the fixture that a test may break. */
function copyOfFixture(name: string): string {
  const target = path.join(workDir, name);
  fs.cpSync(fixture, target, { recursive: true });
  return target;
}

function editVersions(from: string, edit: (versions: Record<string, unknown>[]) => void): void {
  const file = path.join(from, 'data/versions.json');
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as { versions: Record<string, unknown>[] };
  edit(json.versions);
  fs.writeFileSync(file, JSON.stringify(json, null, 4));
}

/** Runs the CLI as a reader would; returns its exit status and output. */
function runCli(args: string[]): { status: number; output: string } {
  try {
    const output = execFileSync(process.execPath, [path.join(siteDir, 'node_modules/tsx/dist/cli.mjs'), 'scripts/import-releases.ts', ...args], {
      cwd: siteDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { status: 0, output };
  } catch (error) {
    const failure = error as { status: number; stdout: string; stderr: string };
    return { status: failure.status, output: `${failure.stdout}${failure.stderr}` };
  }
}

describe('parseSourceDate', () => {
  it.each([
    ['5 October 2026', '2026-10-05'],
    ['11th May 2020', '2020-05-11'],
    ['Tuesday, 10 March 2015', '2015-03-10'],
    ['January 12, 2015', '2015-01-12'],
    ['30 JUne 2014', '2014-06-30'],
    ['3 Februray 2014', '2014-02-03'],
  ])('reads "%s" as %s', (text, iso) => {
    expect(parseSourceDate(text)).toBe(iso);
  });

  it.each(['12 March', '31 February 2024', 'soon', ''])('refuses "%s"', (text) => {
    expect(parseSourceDate(text)).toBeNull();
  });
});

describe('issue titles', () => {
  it('keeps link text and drops Markdown marks', () => {
    expect(plainText('Use **`core_user::get_user()`** and [the docs](https://example.org)')).toBe('Use core_user::get_user() and the docs');
  });

  it('keeps one-line summaries and treats several sentences as prose', () => {
    expect(isOneLineSummary('Fix the course index, e.g. on small screens')).toBe(true);
    expect(isOneLineSummary('Fix it. Then fix the other thing.')).toBe(false);
    expect(isOneLineSummary('x'.repeat(161))).toBe(false);
  });
});

describe('importReleases on the fixture', () => {
  const { data, unreadRequirements } = importReleases({ from: fixture, commit, date: '2031-09-01' });

  it('records its source and counts', () => {
    expect(data.source).toEqual({ repository: 'https://github.com/moodle/devdocs', commit, paths: ['general/releases/', 'data/versions.json'], date: '2031-09-01' });
    expect(data.series.map((series) => series.name)).toEqual(['9.2', '9.1', '9.0']);
    expect(data.seriesCount).toBe(3);
    expect(data.releaseCount).toBe(data.series.reduce((total, series) => total + series.releases.length, 0));
  });

  it('passes the site schema and its consistency checks', () => {
    const file = path.join(siteDir, 'data', `.release-import-test-${process.pid}.json`);
    try {
      fs.writeFileSync(file, JSON.stringify(data));
      expect(() => validateDataFile(file, 'fixture import', 'moodle-releases')).not.toThrow();
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  it('reads the dates, flags and build numbers of versions.json as written', () => {
    const series = findSeries(data, '9.1');
    expect(series).toMatchObject({ releaseDate: '2031-04-07', generalEndDate: '2032-04-06', securityEndDate: '2032-10-04', isLTS: true });
    expect(findSeries(data, '9.2')).toMatchObject({ codeFreezeDate: '2031-08-25', releaseCount: 0, seriesPage: null });
    expect(findSeries(data, '9.0')?.isExperimental).toBe(true);
    expect(findRelease(data, '9.1.1')).toMatchObject({ releaseDate: '2031-06-09', buildVersion: '2031040701.10', pageReleaseDate: '2031-06-09' });
    expect(findRelease(data, '9.1.3')).toMatchObject({ releaseDate: '2031-10-13', notes: 'Unscheduled minor release' });
    expect(findRelease(data, '9.1.0')?.upgradePath).toBe('https://docs.moodle.org/901/en/Upgrading');
  });

  it('links a release without notes to the page that covers it, and keeps a planned one without a page', () => {
    expect(findRelease(data, '9.1.2')).toMatchObject({ page: null, hasOwnReleaseNotes: false, coveredByPage: 'general/releases/9.1/9.1.3.md' });
    expect(findRelease(data, '9.1.3')?.alsoCovers).toEqual([{ version: '9.1.2', releaseDate: '2031-08-11' }]);
    const planned = findRelease(data, '9.1.4');
    expect(planned).toMatchObject({ page: null, hasOwnReleaseNotes: false });
    expect(planned?.coveredByPage).toBeUndefined();
  });

  it('lists the issues of each page by section, with related, mentioned, nested and inline keys', () => {
    const release = findRelease(data, '9.1.0');
    const section = release?.sections?.find((entry) => entry.heading === 'Course things');
    expect(section).toMatchObject({ level: 3, parentHeadings: ['Major features'] });
    expect(section?.items).toEqual([
      { key: 'MDL-90001', url: 'https://moodle.atlassian.net/browse/MDL-90001', title: 'Add a course thing' },
      {
        key: 'MDL-90002',
        url: 'https://moodle.atlassian.net/browse/MDL-90002',
        title: 'Two keys, one change (see also MDL-90004)',
        relatedKeys: [{ key: 'MDL-90003', url: 'https://moodle.atlassian.net/browse/MDL-90003' }],
        mentionedKeys: [{ key: 'MDL-90004', url: 'https://moodle.atlassian.net/browse/MDL-90004' }],
      },
      { key: 'MDL-90005', url: 'https://moodle.atlassian.net/browse/MDL-90005', title: 'A nested follow-up', parentKey: 'MDL-90002' },
      { key: 'MDL-90006', url: 'https://moodle.atlassian.net/browse/MDL-90006', title: null, inline: true },
    ]);
    expect(release?.issueCounts).toEqual({ MDL: 4, MSA: 1 });
    expect(release?.fixedIssuesListUrl).toBe('https://moodle.atlassian.net/issues/?jql=project%20%3D%20MDL%20AND%20fixVersion%20in%20(9.1)');
    expect(release?.upgradeNotes).toEqual([{ label: 'core', ref: 'v9.1.0', path: 'public/lib/UPGRADING.md', url: 'https://github.com/moodle/moodle/blob/v9.1.0/public/lib/UPGRADING.md' }]);
    expect(release?.translations).toEqual([{ language: 'fr', title: 'Notes de version de Moodle 9.1', url: 'https://docs.moodle.org/fr/Notes_de_version_de_Moodle_9.1' }]);
  });

  it('turns the requirement lines it knows into facts and reports the rest', () => {
    expect(findSeries(data, '9.1')?.requirements).toEqual({
      sourceHeading: 'Server requirements',
      upgrade: { minimumVersion: '8.5' },
      php: { minimum: '9.1.0', minimumIncreasedIn: '9.1', alsoSupported: ['9.2.x', '9.3.x'], supportedSinceMoodle: { '9.3.x': '9.1.2' }, only64Bit: true },
      phpExtensions: [
        { name: 'sodium', status: 'required' },
        { name: 'exif', status: 'recommended', requiredFromMoodle: '9.2' },
      ],
      phpSettings: [{ name: 'max_input_vars', value: '>= 5000' }],
      databases: [
        { id: 'postgres', name: 'PostgreSQL', url: 'http://www.postgresql.org/', minimumVersion: '19', minimumIncreasedIn: '9.1', recommended: 'Latest' },
        { id: 'mariadb', name: 'MariaDB', url: 'https://mariadb.org/', minimumVersion: '12.1', minimumIncreasedSince: '8.5', recommended: 'Latest' },
      ],
      browsers: { format: 'lists', testedDesktop: ['Chrome', 'Firefox'], testedMobile: ['MobileSafari'] },
    });
    expect(unreadRequirements).toEqual([{ page: 'general/releases/9.1.md', lines: ['A line no rule knows.'] }]);
  });
});

describe('importReleases on bad input', () => {
  const failure = (from: string): ImportError => {
    try {
      importReleases({ from, commit, date: '2031-09-01' });
    } catch (error) {
      if (error instanceof ImportError) {
        return error;
      }
      throw error;
    }
    throw new Error('the import succeeded');
  };

  it('names a missing date', () => {
    const from = copyOfFixture('missing-date');
    editVersions(from, (versions) => {
      delete (versions[1].releases as Record<string, unknown>[])[1].releaseDate;
    });
    const error = failure(from);
    expect(error.file).toBe('data/versions.json');
    expect(error.message).toContain('release 9.1.1 in series 9.1: field "releaseDate" is required but missing');
  });

  it('names a version number that does not belong to its series', () => {
    const from = copyOfFixture('bad-version');
    editVersions(from, (versions) => {
      (versions[1].releases as Record<string, unknown>[])[2].name = '9.10.2';
    });
    expect(failure(from).message).toContain('field "name" must be a version of series 9.1 such as "9.1.1" (found "9.10.2")');
  });

  it('names a field it does not know', () => {
    const from = copyOfFixture('unknown-field');
    editVersions(from, (versions) => {
      versions[0].supportEndDate = '1 January 2033';
    });
    expect(failure(from).message).toContain('series 9.2: field "supportEndDate" is not known to the importer');
  });

  it('names a page with broken front matter', () => {
    const from = copyOfFixture('bad-front-matter');
    fs.writeFileSync(path.join(from, 'general/releases/9.1/9.1.1.md'), '---\ntitle: [unclosed\n---\n\nText\n');
    const error = failure(from);
    expect(error.file).toBe('general/releases/9.1/9.1.1.md');
    expect(error.message).toContain('front matter: is not valid YAML');
  });
});

describe('npm run data:releases', () => {
  it('writes a valid file from a good checkout', () => {
    const out = path.join(workDir, 'good.json');
    const result = runCli(['--from', fixture, '--out', out, '--commit', commit, '--date', '2031-09-01']);
    expect(result.output).toContain('Imported 3 series');
    expect(result.status).toBe(0);
    expect((JSON.parse(fs.readFileSync(out, 'utf8')) as { source: { commit: string } }).source.commit).toBe(commit);
  });

  it('leaves the old file untouched when the input is bad', () => {
    const from = copyOfFixture('cli-bad');
    editVersions(from, (versions) => {
      versions[1].isLTS = 'yes';
    });
    const out = path.join(workDir, 'kept.json');
    fs.writeFileSync(out, '{"old": true}\n');
    const result = runCli(['--from', from, '--out', out, '--commit', commit, '--date', '2031-09-01']);
    expect(result.status).toBe(1);
    expect(result.output).toContain('series 9.1: field "isLTS" must be true or false (found "yes")');
    expect(result.output).toContain('was not changed');
    expect(fs.readFileSync(out, 'utf8')).toBe('{"old": true}\n');
    expect(fs.readdirSync(path.join(siteDir, 'data')).filter((name) => name.includes('.tmp'))).toEqual([]);
  });

  it('asks for the commit and date when the checkout has no git metadata of its own', () => {
    const result = runCli(['--from', fixture, '--out', path.join(workDir, 'none.json')]);
    expect(result.status).toBe(1);
    expect(result.output).toContain('pass --commit <40-hex sha> and --date <yyyy-mm-dd>');
  });
});
