import { describe, expect, it } from 'vitest';

import { formatKyivDate, formatKyivDateTime, formatKyivTime, kyivParts } from './kyiv-time';

describe('Kyiv dates (screens and papers alike)', () => {
  it('writes the Kyiv wall clock in winter (UTC+2) and in summer (UTC+3)', () => {
    expect(formatKyivDateTime(new Date('2026-11-25T08:15:00Z'))).toBe('25.11.2026 10:15');
    expect(formatKyivDateTime(new Date('2026-07-01T06:05:00Z'))).toBe('01.07.2026 09:05');
  });

  it('dates a record made after midnight in Kyiv that day, not the previous one in UTC', () => {
    const lateInUtc = new Date('2026-07-01T21:30:00Z');
    expect(formatKyivDate(lateInUtc)).toBe('02.07.2026');
    expect(formatKyivTime(lateInUtc)).toBe('00:30');
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
