import { describe, expect, it } from 'vitest';
import { kyivDayStart } from './activity.service';
import { formatKyivTime } from '../../lib/kyiv-time';

describe('Kyiv time of the activity log', () => {
  it('formats a moment as the institution reads it, in winter and in summer time', () => {
    expect(formatKyivTime(new Date('2026-11-22T10:05:00Z'))).toBe('22.11.2026, 12:05');
    expect(formatKyivTime(new Date('2026-07-01T21:30:00Z'))).toBe('02.07.2026, 00:30');
  });

  it('starts a Kyiv day at its midnight, UTC+2 in winter and UTC+3 in summer', () => {
    expect(kyivDayStart('2026-11-22').toISOString()).toBe('2026-11-21T22:00:00.000Z');
    expect(kyivDayStart('2026-07-02').toISOString()).toBe('2026-07-01T21:00:00.000Z');
  });
});
