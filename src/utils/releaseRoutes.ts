/**
 * Where the release notes of a Moodle LMS series or release live: their routes, and the doc ids
 * of the generated pages (general/releases/{series}/index.md and {series}/{version}.md). The
 * release-notes plugin, the releaseNotes sidebar and the components all go through these.
 */
import type { Release } from './moodleReleases';

/** The release-notes index, which holds the support calendar. */
export const releaseNotesIndexRoute = '/general/releases';

/** Anchor id of a series' row in the support calendar: "4.1" becomes "moodle-4-1". */
export function seriesAnchor(seriesName: string): string {
  return `moodle-${seriesName.replace(/\./g, '-')}`;
}

/** Route of a series page, which holds its x.y.0 release: "/general/releases/4.1". */
export function seriesRoute(seriesName: string): string {
  return `${releaseNotesIndexRoute}/${seriesName}`;
}

/** Doc id of a series page in the general docs instance. */
export function seriesDocId(seriesName: string): string {
  return `releases/${seriesName}/index`;
}

/** Whether a release is a series' first (x.y.0) release, documented on the series page. */
export function isSeriesRelease(release: Pick<Release, 'version' | 'series'>): boolean {
  return release.version === `${release.series}.0`;
}

/** Doc id of the page that documents a release with a page of its own. */
export function releaseDocId(release: Pick<Release, 'version' | 'series'>): string {
  return isSeriesRelease(release) ? seriesDocId(release.series) : `releases/${release.series}/${release.version}`;
}

/**
 * Route of a release's notes: the series page for x.y.0, its own page for a patch release, and
 * the page that covers it for a release documented on another release's page (2.8.4 → 2.8.5).
 */
export function releaseRoute(release: Pick<Release, 'version' | 'series' | 'coveredByPage'>): string {
  if (release.coveredByPage) {
    return `/${release.coveredByPage.replace(/\.md$/, '')}`;
  }
  return isSeriesRelease(release) ? seriesRoute(release.series) : `${seriesRoute(release.series)}/${release.version}`;
}

/** Path of the release feed (Atom), relative to the site's base URL. */
export const releaseFeedPath = '/general/releases/feed.xml';
