/**
 * Where the release notes of a series or a release are read. Components and pages link through
 * these helpers so that a change of route happens in one place.
 */
import { seriesSlug } from './moodleReleases';

/** The release-notes index, which holds the support calendar. */
export const releaseNotesIndexRoute = '/general/releases';

/** Anchor id of a series' row in the support calendar: "4.1" becomes "moodle-4-1". */
export function seriesAnchor(seriesName: string): string {
  return `moodle-${seriesSlug(seriesName)}`;
}

/** Link to a series' release notes: its row in the support calendar. */
export function seriesRoute(seriesName: string): string {
  return `${releaseNotesIndexRoute}#${seriesAnchor(seriesName)}`;
}
