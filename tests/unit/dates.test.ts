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

  it('refuses text that is not a date', () => {
    expect(() => formatLongDate('soon')).toThrow('Not a date in yyyy-mm-dd form: "soon"');
  });
});
