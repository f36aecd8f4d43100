import { describe, expect, it } from 'vitest';
import { compareIsoDates, formatLongDate, formatShortDate } from '../../src/utils/dates';

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

describe('formatShortDate', () => {
  // The theme wrote these dates with Intl.DateTimeFormat; the text must not change.
  const intl = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  it.each(Array.from({ length: 12 }, (_, month) => new Date(Date.UTC(2026, month, month + 5, 23, 30))))('writes %s as en-AU does', (date) => {
    expect(formatShortDate(date)).toBe(intl.format(date));
  });

  it('uses the UTC day', () => {
    expect(formatShortDate(new Date('2026-11-24T23:59:59-05:00'))).toBe('25 Nov 2026');
  });

  it('rejects an invalid date', () => {
    expect(() => formatShortDate(new Date('not a date'))).toThrow(RangeError);
  });
});

describe('compareIsoDates', () => {
  const dates = ['2026-11-29', '2022-11-28', '2026-01-05', '2025-12-31', '2026-11-28', '2022-11-28', '2019-05-20'];

  it('orders yyyy-mm-dd dates earliest first, equal dates as equal', () => {
    expect([...dates].sort(compareIsoDates)).toEqual(['2019-05-20', '2022-11-28', '2022-11-28', '2025-12-31', '2026-01-05', '2026-11-28', '2026-11-29']);
    expect(compareIsoDates('2026-11-29', '2026-11-29')).toBe(0);
    expect(compareIsoDates('2026-11-28', '2026-11-29')).toBeLessThan(0);
    expect(compareIsoDates('2026-12-01', '2026-11-30')).toBeGreaterThan(0);
  });

  it('gives the order localeCompare gave, in both directions', () => {
    expect([...dates].sort(compareIsoDates)).toEqual([...dates].sort((a, b) => a.localeCompare(b)));
    expect([...dates].sort((a, b) => compareIsoDates(b, a))).toEqual([...dates].sort((a, b) => b.localeCompare(a)));
  });
});
