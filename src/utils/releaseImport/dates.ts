/**
 * Dates as the devdocs sources write them ("5 October 2026", "11th May 2020", "Tuesday, 10 March
 * 2015", "January 12, 2015", "30 JUne 2014") turned into ISO yyyy-mm-dd, or null when the text is
 * not a whole date with a year. No year is ever guessed.
 */

const months = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** Spelling slips found in the sources, mapped to the month they mean. */
const misspelt: Record<string, string> = { februray: 'february' };

function monthNumber(word: string): number | undefined {
  const lower = word.toLowerCase().replace(/\.$/, '');
  const name = misspelt[lower] ?? lower;
  const index = months.findIndex((month) => month === name || (name.length >= 3 && month.startsWith(name) && name.length <= month.length));
  return index >= 0 ? index + 1 : undefined;
}

function iso(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function parseSourceDate(text: string): string | null {
  const cleaned = text
    .trim()
    .replace(/^(monday|tuesday|wednesday|thursday|friday|saturday|sunday),?\s+/i, '')
    .replace(/\s+/g, ' ');
  if (/^\d{4}-\d{2}-\d{2}$/.test(cleaned)) {
    const [year, month, day] = cleaned.split('-').map(Number);
    return iso(year, month, day);
  }
  // 5 October 2026, 11th May 2020
  let match = /^(\d{1,2})(?:st|nd|rd|th)?,? ([A-Za-z]+\.?),? (\d{4})$/.exec(cleaned);
  if (match) {
    const month = monthNumber(match[2]);
    return month ? iso(Number(match[3]), month, Number(match[1])) : null;
  }
  // January 12, 2015
  match = /^([A-Za-z]+\.?) (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/.exec(cleaned);
  if (match) {
    const month = monthNumber(match[1]);
    return month ? iso(Number(match[3]), month, Number(match[2])) : null;
  }
  return null;
}
