import { describe, expect, it } from 'vitest';

import { formatKyivDate, formatKyivDateTime, formatKyivTime, kyivParts } from './kyiv-time';

describe('Kyiv dates (screens and papers alike)', () => {
  it.each([
    ['2026-11-25T08:15:00Z', '25.11.2026', '10:15'], // winter, UTC+2
    ['2026-07-01T06:05:00Z', '01.07.2026', '09:05'], // summer, UTC+3
    ['2026-07-01T21:30:00Z', '02.07.2026', '00:30'], // after midnight in Kyiv, the previous day in UTC
  ])('%s is %s %s in Kyiv', (iso, date, time) => {
    const at = new Date(iso);
    expect(formatKyivDate(at)).toBe(date);
    expect(formatKyivTime(at)).toBe(time);
    expect(formatKyivDateTime(at)).toBe(`${date} ${time}`);
  });

  it('turns the year at midnight in Kyiv', () => {
    expect(kyivParts(new Date('2026-12-31T22:00:05Z'))).toEqual({
      year: '2027',
      month: '01',
      day: '01',
      hour: '00',
      minute: '00',
      second: '05',
    });
  });
});
