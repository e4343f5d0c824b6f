/** The button of the busy notice (a 429 or 503 of lib/http-failures.ts BUSY_STATUSES): the same call again. */
export const RETRY_LABEL = 'Спробувати ще раз';
