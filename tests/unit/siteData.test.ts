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

  it('has one entry per released series, newest first, with its newest release', () => {
    const released = data.series.filter((series) => series.releases.length > 0);
    expect(summary.series.map((entry) => entry.name).sort()).toEqual(released.map((series) => series.name).sort());
    for (let i = 1; i < summary.series.length; i++) {
      expect(compareVersions(summary.series[i - 1].name, summary.series[i].name)).toBeGreaterThan(0);
    }
    for (const entry of summary.series) {
      const series = released.find((candidate) => candidate.name === entry.name);
      const versions = series?.releases.filter((release) => release.releaseDate <= buildDate).map((release) => release.version) ?? [];
      expect(entry.latestVersion).toBe([...versions].sort(compareVersions).pop());
      expect(entry.status).toBe(supportStatus(entry, buildDate));
    }
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

  it('stays small enough to ship to every page as global data', () => {
    expect(JSON.stringify(summary).length).toBeLessThan(16_000);
  });
});
