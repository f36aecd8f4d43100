/**
 * The announcement bar: the one place its text, colours and id are set.
 *
 * The bar announces the newest long-term support release on the build date (the one the release
 * data confirms, or a newer one whose planned day has come, worded as a plan); in the browser,
 * src/theme/AnnouncementBar/Content words it again for the reader's date, from the same
 * src/utils/announcement.ts. Its id is derived from the build date's subject: a reader who
 * dismissed the bar sees it again only when the id (the release, or its being planned) changes.
 * `content` is the same text for anything that reads the config directly.
 */
import type { ThemeConfig } from '@docusaurus/theme-common';
import { releasedSeries, type MoodleReleasesData } from '../src/utils/moodleReleases';
import { announcementId, announcementText } from '../src/utils/announcement';
import { localIsoDate } from '../src/utils/dates';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function announcementBar({ baseUrl, releases, today = localIsoDate() }: { baseUrl: string; releases: MoodleReleasesData; today?: string }): NonNullable<ThemeConfig['announcementBar']> {
  const series = releasedSeries(releases);
  const id = announcementId(series, today, releases.source.date);
  if (!id) {
    throw new Error(`data/moodle-releases.json: no long-term support series is released by ${today}, so the announcement bar has nothing to announce.`);
  }
  const content = announcementText(series, today, releases.source.date)
    .map((part) => (typeof part === 'string' ? escapeHtml(part) : `<a href="${baseUrl}${part.to.replace(/^\//, '')}">${escapeHtml(part.text)}</a>`))
    .join('');
  return {
    id,
    content,
    backgroundColor: '#f98012',
    textColor: '#1b1b1d',
    isCloseable: true,
  };
}
