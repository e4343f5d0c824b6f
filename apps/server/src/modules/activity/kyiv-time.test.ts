import { describe, expect, it } from 'vitest';
import { kyivDayStart } from './activity.service';
import { kyivWallClockAsUtc } from '../../lib/kyiv-time';

describe('Kyiv time of the activity log', () => {
  it('reads a moment on the institution’s wall clock, in winter and in summer time (the export’s dates)', () => {
    expect(kyivWallClockAsUtc(new Date('2026-11-22T10:05:00Z')).toISOString()).toBe(
      '2026-11-22T12:05:00.000Z',
    );
    expect(kyivWallClockAsUtc(new Date('2026-07-01T21:30:00Z')).toISOString()).toBe(
      '2026-07-02T00:30:00.000Z',
    );
  });

  it('starts a Kyiv day at its midnight, UTC+2 in winter and UTC+3 in summer', () => {
    expect(kyivDayStart('2026-11-22').toISOString()).toBe('2026-11-21T22:00:00.000Z');
    expect(kyivDayStart('2026-07-02').toISOString()).toBe('2026-07-01T21:00:00.000Z');
  });
});
