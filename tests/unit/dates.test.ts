import { describe, expect, it } from 'vitest';
import { formatLongDate } from '../../src/utils/dates';

describe('formatLongDate', () => {
  it.each([
    ['2022-11-28', '28 November 2022'],
    ['2004-08-31', '31 August 2004'],
    ['2024-02-29', '29 February 2024'],
  ])('formats %s as %s in en-AU, whatever the time zone', (iso, expected) => {
    expect(formatLongDate(iso)).toBe(expected);
  });

  it('writes every month as the en-AU locale does', () => {
    const locale = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    for (let month = 1; month <= 12; month++) {
      const iso = `2026-${String(month).padStart(2, '0')}-0${(month % 9) + 1}`;
      expect(formatLongDate(iso)).toBe(locale.format(new Date(`${iso}T00:00:00Z`)));
    }
  });

  it('refuses text that is not a date', () => {
    expect(() => formatLongDate('soon')).toThrow('Not a date in yyyy-mm-dd form: "soon"');
  });
});
