/**
 * The statuses the server answers when it cannot take a document now and says when to come back (Retry-After): 503
 * when its document pool is full, 429 when the company's own share of it is (issue 34).
 */
export const BUSY_STATUSES: readonly number[] = [429, 503];

/** The button of the busy notice: the same call again. */
export const RETRY_LABEL = 'Спробувати ще раз';
