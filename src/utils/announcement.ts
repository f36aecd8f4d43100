/**
 * What the announcement bar announces on a given day: the newest long-term support series the
 * release data confirms as released by then, a newer one planned for a day that has come (which
 * the data cannot confirm), and a series planned within the next two weeks, if any. The words are
 * made here once, for the bar in the browser (src/theme/AnnouncementBar/Content) and for the
 * bar's configuration (config/announcementBar.ts).
 */
import { compareIsoDates, formatLongDate } from './dates';
import { isPlanned, newestReleasedLts, type IsoDate, type Series } from './moodleReleases';
import { cameOutOrPlanned, plannedWording } from './plannedReleases';
import { seriesRoute } from './releaseRoutes';

type SeriesDates = Pick<Series, 'name' | 'releaseDate' | 'isLTS' | 'isExperimental'>;

/** How many days ahead a coming release is announced. */
export const upcomingReleaseWindowDays = 14;

function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export interface Announcement<S> {
  /** The newest long-term support series released by the day, as the data confirms it. */
  lts?: S;
  /** A newer long-term support series whose planned day has come, which the data cannot confirm. */
  plannedLts?: S;
  /** The soonest series planned within the next two weeks. */
  upcoming?: S;
}

export function announcement<S extends SeriesDates>(series: S[], today: IsoDate, sourceDate: IsoDate): Announcement<S> {
  const lts = newestReleasedLts(
    series.filter((entry) => !isPlanned(entry.releaseDate, sourceDate)),
    today,
  );
  const plannedLts = newestReleasedLts(
    series.filter((entry) => isPlanned(entry.releaseDate, sourceDate)),
    today,
  );
  const upcoming = series
    .filter((entry) => !entry.isExperimental && entry.releaseDate > today && daysBetween(today, entry.releaseDate) <= upcomingReleaseWindowDays)
    .sort((a, b) => compareIsoDates(a.releaseDate, b.releaseDate))[0];
  return { lts, plannedLts, upcoming };
}

/** A piece of the bar's text: words, or a link to a page of the site. */
export type AnnouncementPart = string | { text: string; to: string };

/**
 * The bar's text on a day. Its subject is the newest long-term support release: the one the data
 * confirms ("came out on"), or, once a newer one's planned day has come, that plan, with the
 * newest confirmed one named after it and never called "came out".
 */
export function announcementText(series: SeriesDates[], today: IsoDate, sourceDate: IsoDate): AnnouncementPart[] {
  const { lts, plannedLts, upcoming } = announcement(series, today, sourceDate);
  const parts: AnnouncementPart[] = [];
  if (plannedLts) {
    parts.push(
      `Moodle ${plannedLts.name}, the next long-term support release, is ${plannedWording(plannedLts.releaseDate, sourceDate, today)}. `,
      { text: 'Read its release notes', to: seriesRoute(plannedLts.name) },
      '.',
    );
    if (lts) {
      parts.push(` The newest long-term support release in the data is Moodle ${lts.name}, from ${formatLongDate(lts.releaseDate)}.`);
    }
  } else if (lts) {
    parts.push(`Moodle ${lts.name}, the newest long-term support release, ${cameOutOrPlanned(lts.releaseDate, sourceDate, today)}. `, { text: 'Read its release notes', to: seriesRoute(lts.name) }, '.');
  }
  if (upcoming) {
    parts.push(`${parts.length ? ' ' : ''}Moodle ${upcoming.name} is ${plannedWording(upcoming.releaseDate, sourceDate, today)}.`);
  }
  return parts;
}

/** The id of the bar's announcement: it changes (and a dismissed bar shows again) when its subject does. */
export function announcementId(series: SeriesDates[], today: IsoDate, sourceDate: IsoDate): string | undefined {
  const { lts, plannedLts } = announcement(series, today, sourceDate);
  if (plannedLts) {
    return `lts-${plannedLts.name}-planned`;
  }
  return lts ? `lts-${lts.name}` : undefined;
}
