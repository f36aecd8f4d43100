/** The pure helpers over the release data: ordering, look-ups and support status by date. */
import { describe, expect, it } from 'vitest';
import { readDataFile } from '../../src/utils/dataFiles';
import {
  allReleases,
  compareVersions,
  findRelease,
  findSeries,
  isPlanned,
  latestLtsSeries,
  releaseDateState,
  releasedSeries,
  seriesSlug,
  supportStatus,
} from '../../src/utils/moodleReleases';

const data = readDataFile('moodle-releases');

describe('compareVersions', () => {
  it.each([
    ['3.10', '3.9', 1],
    ['3.9', '3.10', -1],
    ['3.9.18', '3.9.2', 1],
    ['4.0', '4.0.0', 0],
    ['2.7.20', '2.7.20', 0],
    ['1.9.19', '2.0', -1],
  ])('%s against %s', (a, b, sign) => {
    expect(Math.sign(compareVersions(a, b))).toBe(sign);
  });
});

describe('supportStatus', () => {
  const series = { releaseDate: '2022-11-28', generalEndDate: '2023-11-13', securityEndDate: '2025-11-10' };
  // Data read long after every date of the series: its release is confirmed.
  const sourceDate = '2026-08-07';
  it.each([
    ['2022-11-27', 'unreleased'],
    ['2022-11-28', 'general'],
    ['2023-11-13', 'general'],
    ['2023-11-14', 'security'],
    ['2025-11-10', 'security'],
    ['2025-11-11', 'ended'],
  ])('on %s the series is %s', (date, status) => {
    expect(supportStatus(series, date, sourceDate)).toBe(status);
  });

  it('counts an extended security period when the series has one', () => {
    const extended = { ...series, extendedSecurityEndDate: '2026-11-09' };
    expect(supportStatus(extended, '2026-01-01', sourceDate)).toBe('extended-security');
    expect(supportStatus(extended, '2026-11-10', sourceDate)).toBe('ended');
  });

  it('claims no support period for a series whose release the data only plans', () => {
    // Data read on 2022-08-07, before the series' planned release on 2022-11-28.
    expect(supportStatus(series, '2022-11-27', '2022-08-07')).toBe('unreleased');
    expect(supportStatus(series, '2022-11-28', '2022-08-07')).toBe('unconfirmed');
    expect(supportStatus(series, '2024-01-01', '2022-08-07')).toBe('unconfirmed');
    // Re-imported data, read after the release, confirms it: the same days get support statuses.
    expect(supportStatus(series, '2022-11-28', '2022-11-28')).toBe('general');
    expect(supportStatus(series, '2024-01-01', '2022-12-01')).toBe('security');
  });
});

describe('planned and confirmed release dates', () => {
  // Release data read on 7 August 2026.
  const sourceDate = '2026-08-07';

  it('calls a release planned exactly when it is dated after the data was read', () => {
    expect(isPlanned('2026-10-05', sourceDate)).toBe(true);
    expect(isPlanned('2026-08-07', sourceDate)).toBe(false);
    expect(isPlanned('2026-06-08', sourceDate)).toBe(false);
  });

  it.each([
    // A release dated after the source date: a plan, and once its day has passed, unconfirmed.
    ['2026-10-05', '2026-10-04', 'planned'],
    ['2026-10-05', '2026-10-05', 'planned'],
    ['2026-10-05', '2026-10-06', 'unconfirmed'],
    ['2026-10-05', '2026-11-27', 'unconfirmed'],
    // A release dated on the source date: the data records it as made.
    ['2026-08-07', '2026-08-07', 'confirmed'],
    ['2026-08-07', '2026-11-27', 'confirmed'],
    // A release dated before the source date: confirmed, except to a reader whose day is still before it.
    ['2026-06-08', '2026-11-27', 'confirmed'],
    ['2026-06-08', '2026-06-08', 'confirmed'],
    ['2026-06-08', '2026-06-01', 'planned'],
  ])('a release dated %s, read on %s, is %s', (releaseDate, today, state) => {
    expect(releaseDateState(releaseDate, sourceDate, today)).toBe(state);
  });

  it('turns a planned release into a confirmed one when newer data is read, with nothing else changed', () => {
    expect(releaseDateState('2026-10-05', sourceDate, '2026-11-27')).toBe('unconfirmed');
    expect(releaseDateState('2026-10-05', '2026-10-05', '2026-11-27')).toBe('confirmed');
    expect(releaseDateState('2026-10-05', '2026-11-02', '2026-11-27')).toBe('confirmed');
  });
});

describe('ordering and look-ups over the real data', () => {
  it('lists released series newest first, leaving out series with no release', () => {
    const names = releasedSeries(data).map((series) => series.name);
    const sorted = [...names].sort((a, b) => compareVersions(b, a));
    expect(names).toEqual(sorted);
    const unreleased = data.series.filter((series) => series.releases.length === 0).map((series) => series.name);
    expect(unreleased.length).toBeGreaterThan(0);
    for (const name of unreleased) {
      expect(names).not.toContain(name);
    }
  });

  it('lists every release once, newest release date first', () => {
    const releases = allReleases(data);
    expect(releases).toHaveLength(data.releaseCount);
    for (let i = 1; i < releases.length; i++) {
      expect(releases[i - 1].releaseDate >= releases[i].releaseDate).toBe(true);
    }
  });

  it('finds series and releases by name, and nothing for names the data lacks', () => {
    expect(findSeries(data, '3.9')?.releases.map((release) => release.version)).toContain('3.9.18');
    expect(findRelease(data, '3.9.18')?.series).toBe('3.9');
    expect(findSeries(data, '9.9')).toBeUndefined();
    expect(findRelease(data, '3.9.99')).toBeUndefined();
  });

  it('picks the newest LTS series released by a date', () => {
    const lts = latestLtsSeries(data, data.source.date);
    expect(lts?.isLTS).toBe(true);
    const newerLts = data.series.filter((series) => series.isLTS && series.releaseDate <= data.source.date && compareVersions(series.name, lts?.name ?? '0') > 0);
    expect(newerLts).toEqual([]);
    // Before the newest LTS came out, the previous LTS was the newest.
    const before = latestLtsSeries(data, '2022-01-01');
    expect(before && compareVersions(before.name, lts?.name ?? '0')).toBeLessThan(0);
  });

  it('makes route and tag slugs from series names', () => {
    expect(seriesSlug('4.1')).toBe('4-1');
    expect(seriesSlug('3.10')).toBe('3-10');
  });
});
