// The web's own words for a failed call that carries no message of the server's (spec §8, issue 21).

import { isUnavailableStatus } from './http-failures';

/** Shown when the server cannot be reached at all (no HTTP answer). */
export const NETWORK_ERROR_MESSAGE = 'Сервер недоступний. Перевірте з’єднання.';

/**
 * A 502/503/504 that carries no message of the server's (a proxy's or load balancer's own page, e.g. while no
 * instance is ready): the server says more itself when it answers (issue 21: no connection with the database).
 */
export const SERVICE_UNAVAILABLE_MESSAGE = 'Сервіс тимчасово недоступний. Спробуйте за хвилину.';
/** A 507 without the server's message: its storage is full. */
export const STORAGE_FULL_MESSAGE =
  'На сервері закінчилося місце для даних. Адміністратора повідомлено.';

/** What a failed answer without a message of its own says, by status; a 500 says nothing (as before). */
export function messageForStatus(status: number): string | undefined {
  if (isUnavailableStatus(status)) return SERVICE_UNAVAILABLE_MESSAGE;
  if (status === 507) return STORAGE_FULL_MESSAGE;
  return undefined;
}

/**
 * A 401/419 on a guarded page means a session the user had has ended: the server's «not signed in» would read
 * as if they never were, so this says what happened instead (spec §8).
 */
export const SESSION_EXPIRED_MESSAGE = 'Сесія завершилася — увійдіть знову.';
