/**
 * Date formatting for the site's locale (en-AU). Dates in the data are ISO yyyy-mm-dd calendar
 * dates with no time zone, so they are formatted in UTC to keep the day as written.
 */

// The months by name, as en-AU writes a long date ("28 November 2022"). Not Intl.DateTimeFormat:
// its first use loads locale data, about 90 ms of script at a phone's speed (Lighthouse's 4x CPU
// slowdown) on every page that shows the announcement bar.
const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

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
