/**
 * Which failed calls are temporary (the one place the web decides it): a later try of the same call may succeed
 * without the user changing anything. The queries retry these once, the wizard's autosave tries them again by
 * itself, and a 502–504 without a message of the server's says «тимчасово недоступний».
 */

/** No answer at all (the network, or the server down): the api client's status 0. */
export const NO_ANSWER_STATUS = 0;

/** A gateway or the service unavailable (a proxy with no instance ready, the database away: issue 21). */
const UNAVAILABLE_STATUSES: readonly number[] = [502, 503, 504];

/** The server's disk is full (507): its operator is told and frees space; the call then goes through. */
const STORAGE_FULL_STATUS = 507;

export const isUnavailableStatus = (status: number): boolean =>
  UNAVAILABLE_STATUSES.includes(status);

/** A failure worth trying again by itself: no answer, the service unavailable, or the server's disk full. */
export const isTemporaryStatus = (status: number): boolean =>
  status === NO_ANSWER_STATUS || isUnavailableStatus(status) || status === STORAGE_FULL_STATUS;

/**
 * The statuses the server answers when it cannot take a call now and says when to come back (Retry-After): 503
 * when its document pool is full, 429 when the company's own share of it is (issue 34).
 */
export const BUSY_STATUSES: readonly number[] = [429, 503];
