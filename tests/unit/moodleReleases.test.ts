/** The pure helpers over the release data: ordering, look-ups and support status by date. */
import { describe, expect, it } from 'vitest';
import { readDataFile } from '../../src/utils/dataFiles';
import {
  allReleases,
  compareVersions,
  findRelease,
  findSeries,
  latestLtsSeries,
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
  it.each([
    ['2022-11-27', 'unreleased'],
    ['2022-11-28', 'general'],
    ['2023-11-13', 'general'],
    ['2023-11-14', 'security'],
    ['2025-11-10', 'security'],
    ['2025-11-11', 'ended'],
  ])('on %s the series is %s', (date, status) => {
    expect(supportStatus(series, date)).toBe(status);
  });

  it('counts an extended security period when the series has one', () => {
    const extended = { ...series, extendedSecurityEndDate: '2026-11-09' };
    expect(supportStatus(extended, '2026-01-01')).toBe('extended-security');
    expect(supportStatus(extended, '2026-11-10')).toBe('ended');
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
