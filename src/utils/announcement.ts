/**
 * What the announcement bar announces on a given day: the newest long-term support series
 * released by then, and a series due within the next two weeks, if any.
 */
import { newestReleasedLts, type IsoDate, type Series } from './moodleReleases';

type SeriesDates = Pick<Series, 'name' | 'releaseDate' | 'isLTS' | 'isExperimental'>;

/** How many days ahead a coming release is announced. */
export const upcomingReleaseWindowDays = 14;

function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function announcement<S extends SeriesDates>(series: S[], today: IsoDate): { lts?: S; upcoming?: S } {
  const lts = newestReleasedLts(series, today);
  const upcoming = series
    .filter((entry) => !entry.isExperimental && entry.releaseDate > today && daysBetween(today, entry.releaseDate) <= upcomingReleaseWindowDays)
    .sort((a, b) => a.releaseDate.localeCompare(b.releaseDate))[0];
  return { lts, upcoming };
}
