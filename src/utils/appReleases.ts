/**
 * Types and pure helpers for data/app-releases.json (Moodle App releases). Like
 * moodleReleases.ts it never touches the file system; dataFiles.ts reads and validates the file.
 */
import type { IsoDate, IssueCounts, ReleaseSection } from './moodleReleases';
import { compareVersions } from './moodleReleases';

export interface AppLineFact {
  line: string;
  fromVersion?: string;
  toVersion?: string;
  framework: string;
  moodleMinimum?: string;
  runtime?: string;
  appNameFrom?: string;
  appNameBefore?: string;
}

export interface AppRelease {
  version: string;
  majorVersion: string;
  appName: 'Moodle App' | 'Moodle Mobile';
  releaseDate: IsoDate | null;
  releaseDateSource: 'page' | 'general/app_releases.md' | 'page (earliest platform date)' | null;
  releaseDateText?: string;
  pageReleaseDateText?: string;
  platformReleaseDates?: { platform: string; releaseDate: IsoDate }[];
  platforms?: ('Android' | 'iOS' | 'WP8' | 'W8')[];
  versionCode?: string;
  indexName?: string;
  indexDateDiffers?: IsoDate;
  page: string;
  pageHeading?: string;
  frontmatter: { title: string; sidebarLabel: string; tags: string[] };
  fixedIssuesListUrl?: string;
  requirements?: {
    moodleMinimum?: string;
    moodle?: string;
    newFeaturesRequireMoodle?: string;
    platforms?: { platform: string; minimumVersion: string }[];
  };
  downloadLinks?: { store: string; url: string }[];
  issueCounts: IssueCounts;
  sections: ReleaseSection[];
}

export interface AppReleasesData {
  $schema: string;
  source: { repository: string; commit: string; paths: string[] };
  lineFactsSource: string[];
  releaseCount: number;
  lineFacts: AppLineFact[];
  indexVersionsWithoutPage: string[];
  releases: AppRelease[];
}

/** Doc id of the page at data path "general/app_releases/v4/v4.1.0.md": "app_releases/v4/v4.1.0". */
export function appReleaseDocId(page: string): string {
  return page.replace(/^general\//, '').replace(/\.md$/, '');
}

/** Route of an app release page: "/general/app_releases/v4/v4.1.0". */
export function appReleasePageRoute(page: string): string {
  return `/general/${appReleaseDocId(page)}`;
}

/** Anchor of a release on a page that holds several (the 1.x page): "1.6.1" becomes "moodle-mobile-1-6-1". */
export function appReleaseAnchor(release: Pick<AppRelease, 'version' | 'appName'>): string {
  return `${release.appName.toLowerCase().replace(/\s+/g, '-')}-${release.version.replace(/\./g, '-')}`;
}

/** Route of one release: its page, with an anchor when the page holds several releases. */
export function appReleaseRoute(data: AppReleasesData, release: AppRelease): string {
  const shared = data.releases.filter((other) => other.page === release.page).length > 1;
  return shared ? `${appReleasePageRoute(release.page)}#${appReleaseAnchor(release)}` : appReleasePageRoute(release.page);
}

/** Release pages in data order (newest first), each with the releases it documents, newest first. */
export function appReleasePages(data: AppReleasesData): { page: string; releases: AppRelease[] }[] {
  const pages = new Map<string, AppRelease[]>();
  for (const release of data.releases) {
    pages.set(release.page, [...(pages.get(release.page) ?? []), release]);
  }
  return [...pages].map(([page, releases]) => ({ page, releases }));
}

function inRange(version: string, fact: AppLineFact): boolean {
  return (!fact.fromVersion || compareVersions(version, fact.fromVersion) >= 0) && (!fact.toVersion || compareVersions(version, fact.toVersion) <= 0);
}

/**
 * What the app index says about a version: the framework it was built on and the oldest Moodle
 * it needs. Facts are version ranges within a line; where several ranges hold (3.9.5 is both
 * "from 3.5.0" and "from 3.9.5"), the one starting latest wins, field by field.
 */
export function lineFactsFor(data: AppReleasesData, version: string): { framework?: string; moodleMinimum?: string; runtime?: string } {
  const line = `${version.split('.')[0]}.x`;
  const facts = data.lineFacts
    .filter((fact) => fact.line === line && inRange(version, fact))
    .sort((a, b) => compareVersions(a.fromVersion ?? '0', b.fromVersion ?? '0'));
  const result: { framework?: string; moodleMinimum?: string; runtime?: string } = {};
  for (const fact of facts) {
    result.framework = fact.framework;
    if (fact.moodleMinimum) {
      result.moodleMinimum = fact.moodleMinimum;
    }
    if (fact.runtime) {
      result.runtime = fact.runtime;
    }
  }
  return result;
}

/** The release before and after one, in version order, within all app releases. */
export function adjacentAppReleases(data: AppReleasesData, version: string): { previous?: AppRelease; next?: AppRelease } {
  const ordered = [...data.releases].sort((a, b) => compareVersions(a.version, b.version));
  const index = ordered.findIndex((release) => release.version === version);
  return index < 0 ? {} : { previous: ordered[index - 1], next: ordered[index + 1] };
}
