import { kyivParts } from '@medcalc/domain';

/** The wall clock in Kyiv (domain common/kyiv-time.ts, shared with the web's screens). */
export { kyivParts };

/**
 * Kyiv's wall clock at `at` written into a `Date`'s UTC fields: what an Excel date (which has no time zone) must
 * hold to show the institution's time (the log's export, issue 33), and the step from a Kyiv day to its instant.
 */
export function kyivWallClockAsUtc(at: Date): Date {
  const part = kyivParts(at);
  return new Date(
    Date.UTC(
      Number(part.year),
      Number(part.month) - 1,
      Number(part.day),
      Number(part.hour),
      Number(part.minute),
      Number(part.second),
    ),
  );
}
