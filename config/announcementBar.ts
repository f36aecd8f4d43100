/**
 * The announcement bar: the one place its text, colours and id are set.
 *
 * The bar announces the newest long-term support release out on the build date; in the browser,
 * src/theme/AnnouncementBar/Content words it again for the reader's date. Its id is derived from
 * the build date's release: a reader who dismissed the bar sees it again only when the id (the
 * release) changes. `content` is the same text for anything that reads the config directly.
 */
import type { ThemeConfig } from '@docusaurus/theme-common';
import { latestLtsSeries, type MoodleReleasesData } from '../src/utils/moodleReleases';
import { formatLongDate, localIsoDate } from '../src/utils/dates';
import { seriesRoute } from '../src/utils/releaseRoutes';

export function announcementBar({ baseUrl, releases, today = localIsoDate() }: { baseUrl: string; releases: MoodleReleasesData; today?: string }): NonNullable<ThemeConfig['announcementBar']> {
  const lts = latestLtsSeries(releases, today);
  if (!lts) {
    throw new Error(`data/moodle-releases.json: no long-term support series is released by ${today}, so the announcement bar has nothing to announce.`);
  }
  return {
    id: `lts-${lts.name}`,
    content: `Moodle ${lts.name}, the newest long-term support release, came out on ${formatLongDate(lts.releaseDate)}. <a href="${baseUrl}${seriesRoute(lts.name).replace(/^\//, '')}">Read its release notes</a>.`,
    backgroundColor: '#f98012',
    textColor: '#1b1b1d',
    isCloseable: true,
  };
}
