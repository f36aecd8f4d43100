/**
 * Date formatting for the site's locale (en-AU). Dates in the data are ISO yyyy-mm-dd calendar
 * dates with no time zone, so they are formatted in UTC to keep the day as written.
 */
import { compareCodeUnits } from './textOrder';

// The months by name, as en-AU writes a long date ("28 November 2022"). Not Intl.DateTimeFormat:
// its first use loads locale data, about 90 ms of script at a phone's speed (Lighthouse's 4x CPU
// slowdown) on every page that shows the announcement bar.
const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

// The months as en-AU abbreviates them in a short date ("24 Nov 2026", "5 Sept 2026"), as
// Intl.DateTimeFormat('en-AU', { month: 'short' }) writes them.
const shortMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'June', 'July', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/**
 * Orders two yyyy-mm-dd dates, earlier first, as a sort comparator. Dates of that form sort as
 * their characters do, in the order `localeCompare` gives, without the locale data it loads
 * (the announcement bar sorts dates on every page): see textOrder.ts.
 */
export const compareIsoDates: (a: string, b: string) => number = compareCodeUnits;

/** Today's date where the code runs (the build machine, or the reader's browser), as yyyy-mm-dd in local time. */
export function localIsoDate(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** "2022-11-28" becomes "28 November 2022". */
export function formatLongDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) {
    throw new RangeError(`Not a date in yyyy-mm-dd form: "${isoDate}"`);
  }
  return `${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** A moment's calendar day in UTC, as en-AU writes a short date: "24 Nov 2026". */
export function formatShortDate(date: Date): string {
  if (Number.isNaN(date.getTime())) {
    throw new RangeError('Not a valid date');
  }
  return `${date.getUTCDate()} ${shortMonths[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
