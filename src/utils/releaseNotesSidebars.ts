/**
 * Sidebar items of the release notes, built from the release data so that they list exactly
 * the generated pages: newest series first, each a collapsible category whose link is the
 * series page and whose items are its patch releases in order.
 */
import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';
import { appReleaseDocId, appReleasePages, type AppReleasesData } from './appReleases';
import { hasOwnNotesPage, releasedSeries, type MoodleReleasesData } from './moodleReleases';
import { isSeriesRelease, releaseDocId, seriesDocId } from './releaseRoutes';

/** One entry of a sidebar (the plugin exports the sidebar type, not its item type). */
export type SidebarItem = Extract<SidebarsConfig[string], unknown[]>[number];

export function lmsReleaseNotesItems(data: MoodleReleasesData): SidebarItem[] {
  return releasedSeries(data).map((series) => ({
    type: 'category',
    label: `Moodle ${series.name}`,
    link: { type: 'doc', id: seriesDocId(series.name) },
    collapsed: true,
    items: series.releases.filter((release) => hasOwnNotesPage(release) && !isSeriesRelease(release)).map((release) => releaseDocId(release)),
  }));
}

/** App release pages grouped by version line (4.x, 3.x, 2.x), newest first, then the 1.x page. */
export function appReleaseNotesItems(data: AppReleasesData): SidebarItem[] {
  const lines = new Map<string, string[]>();
  for (const { page, releases } of appReleasePages(data)) {
    const line = `${releases[0].majorVersion}.x`;
    lines.set(line, [...(lines.get(line) ?? []), appReleaseDocId(page)]);
  }
  return [...lines].map(([line, docIds]) =>
    docIds.length === 1
      ? docIds[0]
      : {
          type: 'category',
          label: `Version ${line}`,
          collapsed: true,
          items: docIds,
        },
  );
}
