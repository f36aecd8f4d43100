/**
 * The announcement bar: the one place its text, colours and id are set.
 *
 * The bar announces the newest long-term support release in the release data, so it changes by
 * itself when the data gains a new LTS. Its id is derived from that release: a reader who
 * dismissed the bar sees it again only when the id (the release) changes.
 */
import type { ThemeConfig } from '@docusaurus/theme-common';
import { latestLtsSeries, type MoodleReleasesData } from '../src/utils/moodleReleases';
import { formatLongDate } from '../src/utils/dates';

export function announcementBar({ baseUrl, releases }: { baseUrl: string; releases: MoodleReleasesData }): NonNullable<ThemeConfig['announcementBar']> {
  const lts = latestLtsSeries(releases, releases.source.date);
  if (!lts) {
    throw new Error('data/moodle-releases.json: no long-term support series is released by the snapshot date, so the announcement bar has nothing to announce.');
  }
  return {
    id: `lts-${lts.name}`,
    content: `Moodle ${lts.name}, a long-term support release, came out on ${formatLongDate(lts.releaseDate)}. <a href="${baseUrl}general/releases">Read the release notes</a>.`,
    backgroundColor: '#f98012',
    textColor: '#1b1b1d',
    isCloseable: true,
  };
}
