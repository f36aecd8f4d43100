/**
 * What the site-data plugin hands to the browser: a small summary of the release data (a few
 * kilobytes), so that components never bundle the multi-megabyte data files themselves.
 */
import { localIsoDate } from '../../utils/dates';
import {
  allReleases,
  compareVersions,
  hasOwnNotesPage,
  isPlanned,
  releasedSeries,
  supportStatus,
  type DatabaseRequirement,
  type IsoDate,
  type MoodleReleasesData,
  type Series,
  type SupportStatus,
} from '../../utils/moodleReleases';
import { isSeriesRelease, releaseRoute } from '../../utils/releaseRoutes';

export interface SeriesSummary extends Pick<Series, 'name' | 'releaseDate' | 'generalEndDate' | 'securityEndDate' | 'extendedSecurityEndDate' | 'isLTS' | 'isExperimental'> {
  /** Support status on the build date; components recompute it for the reader's date. */
  status: SupportStatus;
  /** The newest release of the series the data confirms (out by the build date); none while its first is planned. */
  latestVersion?: string;
  latestReleaseDate?: IsoDate;
}

export interface ReleaseSummary {
  version: string;
  series: string;
  releaseDate: IsoDate;
  notes?: string;
  /**
   * The page that holds its notes (another release's page, for a release covered there), when
   * it has one: data newer than its notes confirms releases that have no page yet.
   */
  route?: string;
}

/** The server requirements of one series, as the requirements table shows them. */
export interface RequirementsSummary {
  series: string;
  php: { minimum: string; alsoSupported: string[] };
  /** Database id to its minimum version. */
  databases: Partial<Record<DatabaseRequirement['id'], string>>;
  /** The oldest version a site can upgrade from directly. */
  upgradeFrom?: string;
}

export interface SiteDataSummary {
  /** The day the release data describes (its source commit's date). */
  snapshotDate: IsoDate;
  /** The day the site was built: the date the server-rendered statuses are computed for. */
  buildDate: IsoDate;
  /** Released series, newest first. */
  series: SeriesSummary[];
  /** The most recent releases the data confirms (dated up to its snapshot date), newest first. */
  latestReleases: ReleaseSummary[];
  /** The releases the data plans (dated after its snapshot date), soonest first. */
  plannedReleases: ReleaseSummary[];
  /** Server requirements of the series whose release notes state a PHP minimum, newest first. */
  requirements: RequirementsSummary[];
}

export const latestReleaseCount = 6;

export function summariseReleases(data: MoodleReleasesData, buildDate: IsoDate = localIsoDate()): SiteDataSummary {
  const snapshotDate = data.source.date;
  return {
    snapshotDate,
    buildDate,
    series: releasedSeries(data).map((series) => {
      // The data can list releases planned after its source date: the newest confirmed one is the latest release.
      const confirmed = series.releases.filter((release) => !isPlanned(release.releaseDate, snapshotDate) && release.releaseDate <= buildDate);
      const latest = confirmed[confirmed.length - 1];
      return {
        name: series.name,
        releaseDate: series.releaseDate,
        generalEndDate: series.generalEndDate,
        securityEndDate: series.securityEndDate,
        ...(series.extendedSecurityEndDate ? { extendedSecurityEndDate: series.extendedSecurityEndDate } : {}),
        isLTS: series.isLTS,
        ...(series.isExperimental ? { isExperimental: true as const } : {}),
        status: supportStatus(series, buildDate, snapshotDate),
        ...(latest ? { latestVersion: latest.version, latestReleaseDate: latest.releaseDate } : {}),
      };
    }),
    latestReleases: allReleases(data)
      .filter((release) => release.releaseDate <= snapshotDate)
      .slice(0, latestReleaseCount)
      .map((release) => {
        const { version, series, releaseDate, notes } = release;
        const hasPage = hasOwnNotesPage(release) || Boolean(release.coveredByPage) || isSeriesRelease(release);
        return { version, series, releaseDate, ...(notes ? { notes } : {}), ...(hasPage ? { route: releaseRoute(release) } : {}) };
      }),
    plannedReleases: allReleases(data)
      .filter((release) => isPlanned(release.releaseDate, snapshotDate))
      .reverse()
      .map(({ version, series, releaseDate, notes }) => ({ version, series, releaseDate, ...(notes ? { notes } : {}) })),
    requirements: summariseRequirements(data),
  };
}

export function summariseRequirements(data: MoodleReleasesData): RequirementsSummary[] {
  return [...data.series].sort((a, b) => compareVersions(b.name, a.name)).flatMap((series) => {
    const requirements = series.requirements;
    const minimum = requirements?.php?.minimum;
    if (!requirements || !minimum) {
      return [];
    }
    return [
      {
        series: series.name,
        php: { minimum, alsoSupported: requirements.php?.alsoSupported ?? [] },
        databases: Object.fromEntries((requirements.databases ?? []).map((database) => [database.id, database.minimumVersion])),
        ...(requirements.upgrade ? { upgradeFrom: requirements.upgrade.minimumVersion } : {}),
      },
    ];
  });
}

