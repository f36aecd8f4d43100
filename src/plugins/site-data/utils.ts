/**
 * What the site-data plugin hands to the browser: a small summary of the release data (a few
 * kilobytes), so that components never bundle the multi-megabyte data files themselves.
 */
import {
  allReleases,
  releasedSeries,
  supportStatus,
  type IsoDate,
  type MoodleReleasesData,
  type Series,
  type SupportStatus,
} from '../../utils/moodleReleases';

export interface SeriesSummary extends Pick<Series, 'name' | 'releaseDate' | 'generalEndDate' | 'securityEndDate' | 'extendedSecurityEndDate' | 'isLTS'> {
  /** Support status on the data's snapshot date. */
  status: SupportStatus;
  /** The newest release of the series. */
  latestVersion: string;
  latestReleaseDate: IsoDate;
}

export interface ReleaseSummary {
  version: string;
  series: string;
  releaseDate: IsoDate;
  notes?: string;
}

export interface SiteDataSummary {
  /** The day the release data describes; statuses are computed for this day. */
  snapshotDate: IsoDate;
  /** Released series, newest first. */
  series: SeriesSummary[];
  /** The most recent releases, newest first. */
  latestReleases: ReleaseSummary[];
}

export const latestReleaseCount = 6;

export function summariseReleases(data: MoodleReleasesData): SiteDataSummary {
  const snapshotDate = data.source.date;
  return {
    snapshotDate,
    series: releasedSeries(data).map((series) => {
      const latest = series.releases[series.releases.length - 1];
      return {
        name: series.name,
        releaseDate: series.releaseDate,
        generalEndDate: series.generalEndDate,
        securityEndDate: series.securityEndDate,
        ...(series.extendedSecurityEndDate ? { extendedSecurityEndDate: series.extendedSecurityEndDate } : {}),
        isLTS: series.isLTS,
        status: supportStatus(series, snapshotDate),
        latestVersion: latest.version,
        latestReleaseDate: latest.releaseDate,
      };
    }),
    latestReleases: allReleases(data)
      .filter((release) => release.releaseDate <= snapshotDate)
      .slice(0, latestReleaseCount)
      .map(({ version, series, releaseDate, notes }) => ({ version, series, releaseDate, ...(notes ? { notes } : {}) })),
  };
}

