/**
 * How the site words planned and confirmed releases, and the build's warning about stale release
 * data: for releases dated after, on and before the data's source date, at reader's dates before
 * and after the planned date, on the real data and on newer data that confirms its plans.
 */
import { describe, expect, it } from 'vitest';
import { readDataFile } from '../../src/utils/dataFiles';
import { releasedSeries, type MoodleReleasesData } from '../../src/utils/moodleReleases';
import { cameOutOrPlanned, capitalised, newestSeriesSentence, overdueReleases, plannedWording, releasesByDay, staleDataWarning } from '../../src/utils/plannedReleases';

const data = readDataFile('moodle-releases');

/**
 * The same data as a re-import from a later checkout would give it: the source date moves past
 * 5 October 2026, and nothing else changes (the releases planned for that day kept their date).
 */
function newerData(sourceDate: string): MoodleReleasesData {
  const newer = structuredClone(data);
  newer.source.date = sourceDate;
  return newer;
}

describe('the release data these tests read', () => {
  it('was read on 7 August 2026 and plans 5.3.0, 5.2.2 and 5.2.3 after that', () => {
    // The expected words below are written out for these facts, not worked out from them.
    expect(data.source.date).toBe('2026-08-07');
    const dates = Object.fromEntries(data.series.flatMap((series) => series.releases).map((release) => [release.version, release.releaseDate]));
    expect(dates).toMatchObject({ '5.3.0': '2026-10-05', '5.2.2': '2026-08-10', '5.2.3': '2026-10-05', '5.2.1': '2026-06-08' });
  });
});

describe('plannedWording', () => {
  const sourceDate = '2026-08-07';
  it.each([
    ['after the source date, read before its day', '2026-10-05', '2026-09-01', 'planned for 5 October 2026'],
    ['after the source date, read on its day', '2026-10-05', '2026-10-05', 'planned for 5 October 2026'],
    ['after the source date, read after its day', '2026-10-05', '2026-11-27', "planned for 5 October 2026; not yet in this site's release data (7 August 2026)"],
    ['on the source date, read before its day', '2026-08-07', '2026-08-01', 'planned for 7 August 2026'],
    ['before the source date, read before its day', '2026-06-08', '2026-06-01', 'planned for 8 June 2026'],
  ])('a release dated %s', (_case, releaseDate, today, words) => {
    expect(plannedWording(releaseDate, sourceDate, today)).toBe(words);
  });

  it('capitalises the words for the start of a table cell', () => {
    expect(capitalised(plannedWording('2026-10-05', sourceDate, '2026-09-01'))).toBe('Planned for 5 October 2026');
  });
});

describe('cameOutOrPlanned', () => {
  const sourceDate = '2026-08-07';
  it.each([
    ['after the source date, read before its day', '2026-10-05', '2026-09-01', 'is planned for 5 October 2026'],
    ['after the source date, read after its day', '2026-10-05', '2026-11-27', "is planned for 5 October 2026; not yet in this site's release data (7 August 2026)"],
    ['on the source date, read after its day', '2026-08-07', '2026-11-27', 'came out on 7 August 2026'],
    ['before the source date, read after its day', '2026-06-08', '2026-11-27', 'came out on 8 June 2026'],
    ['before the source date, read before its day', '2026-06-08', '2026-06-01', 'is planned for 8 June 2026'],
  ])('a release dated %s', (_case, releaseDate, today, words) => {
    expect(cameOutOrPlanned(releaseDate, sourceDate, today)).toBe(words);
  });
});

describe('newestSeriesSentence (the development branch on /versions)', () => {
  it('names 5.3 as the next series, planned, on the real data after 5 October 2026', () => {
    expect(newestSeriesSentence(releasedSeries(data), data.source.date, '2026-11-27')).toBe(
      "The next series, Moodle 5.3 (long-term support), is planned for 5 October 2026; not yet in this site's release data (7 August 2026).",
    );
    expect(newestSeriesSentence(releasedSeries(data), data.source.date, '2026-09-01')).toBe('The next series, Moodle 5.3 (long-term support), is planned for 5 October 2026.');
  });

  it('says 5.3 came out once newer data confirms it', () => {
    const newer = newerData('2026-10-06');
    expect(newestSeriesSentence(releasedSeries(newer), newer.source.date, '2026-11-27')).toBe('The newest series, Moodle 5.3 (long-term support), came out on 5 October 2026.');
  });
});

describe('the stale-data warning', () => {
  it('lists every planned release whose day has passed, by day, soonest first and the newest version first', () => {
    expect(releasesByDay(overdueReleases(data, '2026-11-27'))).toEqual([
      { date: '2026-08-10', versions: ['5.2.2', '5.1.6', '5.0.9', '4.5.13'] },
      { date: '2026-10-05', versions: ['5.3.0', '5.2.3', '5.1.7', '5.0.10', '4.5.14'] },
    ]);
    expect(releasesByDay(overdueReleases(data, '2026-10-05'))).toEqual([{ date: '2026-08-10', versions: ['5.2.2', '5.1.6', '5.0.9', '4.5.13'] }]);
  });

  it('names the releases and the command that refreshes the data', () => {
    const warning = staleDataWarning(data, '2026-11-27');
    expect(warning).toContain('data/moodle-releases.json was read from its source on 7 August 2026');
    expect(warning).toContain('9 releases it plans are now past their dates');
    expect(warning).toContain('Moodle 5.2.2, 5.1.6, 5.0.9, 4.5.13 (planned for 10 August 2026); 5.3.0, 5.2.3, 5.1.7, 5.0.10, 4.5.14 (planned for 5 October 2026)');
    expect(warning).toContain('npm run data:releases -- --from <checkout>');
  });

  it('says nothing while no planned day has passed, or once newer data confirms them', () => {
    expect(staleDataWarning(data, '2026-08-10')).toBeUndefined();
    expect(staleDataWarning(data, data.source.date)).toBeUndefined();
    expect(staleDataWarning(newerData('2026-10-06'), '2026-11-27')).toBeUndefined();
  });

  it('names only the releases whose day has passed, in the singular for one', () => {
    expect(staleDataWarning(data, '2026-08-11')).toContain('4 releases it plans are now past their dates: Moodle 5.2.2, 5.1.6, 5.0.9, 4.5.13 (planned for 10 August 2026).');
    // Data read on 4 October 2026 confirms the August releases; only the October ones are overdue.
    expect(staleDataWarning(newerData('2026-10-04'), '2026-11-27')).toContain('5 releases it plans are now past their dates: Moodle 5.3.0, 5.2.3, 5.1.7, 5.0.10, 4.5.14 (planned for 5 October 2026).');
    const one = newerData('2026-08-07');
    one.series = one.series.map((series) => ({ ...series, releases: series.releases.filter((release) => release.version !== '5.1.6' && release.version !== '5.0.9' && release.version !== '4.5.13') }));
    expect(staleDataWarning(one, '2026-08-11')).toContain('a release it plans is now past its date: Moodle 5.2.2 (planned for 10 August 2026)');
  });
});
