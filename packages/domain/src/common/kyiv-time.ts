/**
 * Dates of the records as the institution reads them: in Kyiv time, whatever time zone the server runs in or the
 * browser is set to (an order placed at 00:30 in Kyiv is dated that day on screen and on paper alike, not the
 * previous one in UTC or in the browser's zone). The papers (server) and the screens (web) both write dates with
 * these, `dd.mm.yyyy` and `dd.mm.yyyy HH:MM` (issue 23).
 */

export const KYIV_TIME_ZONE = 'Europe/Kyiv';

const KYIV_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: KYIV_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export type KyivParts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

/** The wall clock in Kyiv at `at` (the institution's time), each part as two digits (the year four). */
export function kyivParts(at: Date): KyivParts {
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

/** `22.11.2026`: the Kyiv date of `at`, as Ukrainian documents and the screens write dates. */
export function formatKyivDate(at: Date): string {
  const { day, month, year } = kyivParts(at);
  return `${day}.${month}.${year}`;
}

/** `14:32`: the Kyiv time of `at`, hours and minutes. */
export function formatKyivTime(at: Date): string {
  const { hour, minute } = kyivParts(at);
  return `${hour}:${minute}`;
}

/** `22.11.2026 14:32`: the Kyiv date and time of `at`. */
export const formatKyivDateTime = (at: Date): string =>
  `${formatKyivDate(at)} ${formatKyivTime(at)}`;
