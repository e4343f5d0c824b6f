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

/** «22.11.2026, 12:05»: a moment as the institution reads it (the log's export). */
export function formatKyivTime(at: Date): string {
  const { year, month, day, hour, minute } = kyivParts(at);
  return `${day}.${month}.${year}, ${hour}:${minute}`;
}
