const KYIV_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Kyiv',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The wall clock in Kyiv at `at` (the institution's time), each part as two digits (the year four). */
export function kyivParts(
  at: Date,
): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const parts = Object.fromEntries(
    KYIV_PARTS.formatToParts(at).map((part) => [part.type, part.value]),
  );
  const part = (name: string) => parts[name] ?? '00';
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

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
