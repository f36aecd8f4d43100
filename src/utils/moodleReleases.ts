/**
 * Types and pure helpers for data/moodle-releases.json (Moodle LMS series and releases).
 *
 * This module never touches the file system, so components, sidebars, plugins and tests can all
 * use it. Reading and validating the file is src/utils/dataFiles.ts's job.
 */
import { compareIsoDates } from './dates';

export type IsoDate = string;

export interface KeyLink {
  key: string;
  url: string;
}

export interface IssueItem {
  key: string;
  title?: string | null;
  url: string;
  inline?: true;
  titleOmitted?: true;
  urlRepaired?: true;
  parentKey?: string;
  relatedKeys?: KeyLink[];
  mentionedKeys?: KeyLink[];
}

export interface ReleaseSection {
  heading: string;
  level: number;
  parentHeadings?: string[];
  labelHeading?: true;
  items: IssueItem[];
}

export type IssueCounts = Partial<Record<'MDL' | 'MSA' | 'MOBILE' | 'legacy-bug', number>>;

export interface Release {
  version: string;
  series: string;
  releaseDate: IsoDate;
  releaseDateSource: 'versions.json' | 'versions.json (series releaseDate)' | 'page';
  pageReleaseDate?: IsoDate;
  pageReleaseDateDiffers?: IsoDate;
  buildVersion?: string;
  upgradePath?: string;
  notes?: string;
  hasOwnReleaseNotes?: false;
  inVersionsJson: boolean;
  page: string | null;
  coveredByPage?: string;
  frontmatter?: { title: string; tags: string[]; moodleVersion: string; sidebarPosition: number };
  fixedIssuesListUrl?: string;
  alsoCovers?: { version: string; releaseDate: IsoDate }[];
  issueCounts?: IssueCounts;
  sections?: ReleaseSection[];
  upgradeNotes?: { label: string; ref: string; path: string; url: string }[];
  proseReferences?: { key: string; url: string; heading: string | null }[];
  translations?: { language: string | null; title: string; url: string }[];
}

export interface DatabaseRequirement {
  id: 'postgres' | 'mysql' | 'mariadb' | 'aurora-mysql' | 'mssql' | 'oracle';
  name: string;
  url?: string;
  minimumVersion: string;
  minimumIncreasedSince?: string;
  minimumIncreasedIn?: string;
  recommended?: string;
  notYetSupported?: string;
  notYetSupportedIssue?: string;
  recommendedFromMoodle?: Record<string, string>;
  minimumVersionLatinLanguagesOnly?: string;
}

export interface Requirements {
  sourceHeading?: string | null;
  upgrade?: { minimumVersion: string; earlierVersionsMustFirstUpgradeTo?: string; preferredFromVersion?: string };
  php?: {
    minimum?: string;
    minimumIncreasedSince?: string;
    minimumIncreasedIn?: string;
    alsoSupported?: string[];
    supportedSinceMoodle?: Record<string, string>;
    supportedWithEngineLimitations?: string[];
    notSupported?: string[];
    latestRecommendedOnWindows?: string[];
    recommended?: string;
    minimumPhp5?: string;
    only64Bit?: true;
  };
  phpExtensions?: {
    name: string;
    status: 'required' | 'recommended';
    requiredSinceMoodle?: string;
    requiredFromMoodle?: string;
    previouslyRecommendedIn?: string;
    previouslyRecommended?: boolean;
    newInMoodle?: string;
    newInThisRelease?: boolean;
  }[];
  phpSettings?: { name: string; value: string; recommendedFor?: string; requiredFor?: string }[];
  otherServerSoftware?: { name: string; status: string; usedFor?: string; newInMoodle?: string }[];
  mysqlMariadbCharset?: {
    recommended: string;
    recommendedCollation?: string;
    docsUrl?: string;
    utf8mb4RequiresFileFormat?: string;
  };
  databases?: DatabaseRequirement[];
  browsers?: {
    format: 'lists' | 'table' | 'inline';
    testedDesktop?: string[];
    testedMobile?: string[];
    knownCompatibilityIssues?: string[];
    notSupported?: string[];
    lastSeriesSupporting?: string;
    minimumVersions?: {
      name: string;
      url?: string;
      minimumVersion: string;
      recommended?: string;
      dragAndDropUploadMinimumVersion?: string;
    }[];
  };
  screenReaders?: {
    browser: string;
    screenReader: string;
    screenReaderUrl?: string;
    minimumVersion: string;
    recommended?: string;
  }[];
}

export interface Series {
  name: string;
  releaseDate: IsoDate;
  generalEndDate: IsoDate;
  securityEndDate: IsoDate;
  extendedSecurityEndDate?: IsoDate;
  codeFreezeDate?: IsoDate;
  isLTS: boolean;
  isExperimental?: true;
  inVersionsJson: boolean;
  seriesPage: string | null;
  requirements?: Requirements;
  releaseCount: number;
  releases: Release[];
}

export interface MoodleReleasesData {
  $schema: string;
  source: { repository: string; commit: string; date: IsoDate; paths: string[] };
  seriesCount: number;
  releaseCount: number;
  series: Series[];
}

/**
 * Where a release date stands for a reader, given the day the release data was read (its source
 * date, `data.source.date`) and the reader's day:
 * - `confirmed`: the data, read on or after the date, lists the release as made;
 * - `planned`: the date has not passed yet (the day itself included), so the release is a plan;
 * - `unconfirmed`: the data was read before the date, which has now passed: the data cannot say
 *   whether the release came out then, so the site must not say it did.
 * Re-importing newer data moves its source date on, which turns planned releases into confirmed
 * ones with no change to the code.
 */
export type ReleaseDateState = 'confirmed' | 'planned' | 'unconfirmed';

/** A release (or series) dated after the release data's source date is planned, whatever the reader's day. */
export function isPlanned(releaseDate: IsoDate, sourceDate: IsoDate): boolean {
  return releaseDate > sourceDate;
}

export function releaseDateState(releaseDate: IsoDate, sourceDate: IsoDate, today: IsoDate): ReleaseDateState {
  if (isPlanned(releaseDate, sourceDate)) {
    return releaseDate >= today ? 'planned' : 'unconfirmed';
  }
  // Confirmed by the data; a reader whose day is still before the date reads it as a plan.
  return releaseDate > today ? 'planned' : 'confirmed';
}

/** Where a series stands on a given day. */
export type SupportStatus = 'unreleased' | 'unconfirmed' | 'general' | 'security' | 'extended-security' | 'ended';

export const supportStatusLabels: Record<SupportStatus, string> = {
  unreleased: 'Not yet released',
  unconfirmed: 'Planned, not confirmed',
  general: 'General support',
  security: 'Security fixes only',
  'extended-security': 'Extended security support',
  ended: 'Support ended',
};

/**
 * Support status of a series on `date` (ISO yyyy-mm-dd), for release data read on `sourceDate`.
 * Each end date is the last day of its period, so a series whose general support ends on
 * 2023-11-13 is still in general support that day. A series whose release date is planned (after
 * the source date) is `unconfirmed` from that date on: its support periods all start with a
 * release the data cannot confirm.
 */
export function supportStatus(
  series: Pick<Series, 'releaseDate' | 'generalEndDate' | 'securityEndDate' | 'extendedSecurityEndDate'>,
  date: IsoDate,
  sourceDate: IsoDate,
): SupportStatus {
  if (date < series.releaseDate) {
    return 'unreleased';
  }
  if (isPlanned(series.releaseDate, sourceDate)) {
    return 'unconfirmed';
  }
  if (date <= series.generalEndDate) {
    return 'general';
  }
  if (date <= series.securityEndDate) {
    return 'security';
  }
  if (series.extendedSecurityEndDate && date <= series.extendedSecurityEndDate) {
    return 'extended-security';
  }
  return 'ended';
}

/**
 * Whether a release has release notes on a page of its own (x.y.0 on its series page). A release
 * covered by another release's page, or listed with a date but no notes yet, has none.
 */
export function hasOwnNotesPage(release: Pick<Release, 'page' | 'coveredByPage'>): boolean {
  return release.page !== null && !release.coveredByPage;
}

/** Compares version strings such as "3.9.18" and "3.10" numerically, part by part. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) {
      return diff;
    }
  }
  return 0;
}

/** Series that have shipped at least one release, newest first. */
export function releasedSeries(data: MoodleReleasesData): Series[] {
  return data.series
    .filter((series) => series.releases.length > 0)
    .sort((a, b) => compareVersions(b.name, a.name));
}

/** Every release of every series, newest release date first (ties: higher version first). */
export function allReleases(data: MoodleReleasesData): Release[] {
  return data.series
    .flatMap((series) => series.releases)
    .sort((a, b) => compareIsoDates(b.releaseDate, a.releaseDate) || compareVersions(b.version, a.version));
}

/** The newest long-term support series released by `date` (never an experimental preview), of any list of series. */
export function newestReleasedLts<S extends Pick<Series, 'releaseDate' | 'isLTS' | 'isExperimental'>>(series: S[], date: IsoDate): S | undefined {
  return series.filter((entry) => entry.isLTS && !entry.isExperimental && entry.releaseDate <= date).sort((a, b) => compareIsoDates(b.releaseDate, a.releaseDate))[0];
}

/** The newest long-term support series that has been released by `date`. */
export function latestLtsSeries(data: MoodleReleasesData, date: IsoDate): Series | undefined {
  return newestReleasedLts(releasedSeries(data), date);
}

/** Looks a series up by name ("4.1"); undefined when the data has no such series. */
export function findSeries(data: MoodleReleasesData, name: string): Series | undefined {
  return data.series.find((series) => series.name === name);
}

/** Looks a release up by version ("3.9.18"); undefined when the data has no such release. */
export function findRelease(data: MoodleReleasesData, version: string): Release | undefined {
  return data.series.flatMap((series) => series.releases).find((release) => release.version === version);
}

/** The slug used in routes and tags for a series: "4.1" becomes "4-1". */
export function seriesSlug(seriesName: string): string {
  return seriesName.replace(/\./g, '-');
}
