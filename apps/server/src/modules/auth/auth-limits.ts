/** Idle lifetime of a normal session, minutes (Laravel's default `SESSION_LIFETIME`). */
export const SESSION_IDLE_MINUTES = 120;
/** Sliding expiry is written at most this often, so a busy user costs one UPDATE a minute, not one a request. */
export const TOUCH_INTERVAL_MS = 60_000;
/**
 * Failed sign-ins (issue 24). Per account *and* source (the browser's device cookie for that account, else the
 * IP): after {@link FREE_FAILED_LOGINS_PER_SOURCE} failures each further one locks that pair for a growing delay
 * (1, 2, 4 … minutes, at most {@link MAX_LOGIN_DELAY_MINUTES}); the pair's count lasts a day after its last
 * failure. Nobody else is locked out of the account, and a completed password reset clears all its counts.
 * Per IP, across accounts (spraying): {@link MAX_FAILED_LOGINS_PER_IP} failures per 15-minute window, which a
 * browser with the account's device cookie is not held to.
 */
export const LOGIN_WINDOW_MINUTES = 15;
export const FREE_FAILED_LOGINS_PER_SOURCE = 4;
export const MAX_LOGIN_DELAY_MINUTES = 60;
export const SOURCE_MEMORY_MINUTES = 24 * 60;
export const MAX_FAILED_LOGINS_PER_IP = 20;
/** The delay after the `failures`-th failure of one account and source, minutes (0 = none). */
export const loginDelayMinutes = (failures: number) =>
  failures <= FREE_FAILED_LOGINS_PER_SOURCE
    ? 0
    : Math.min(MAX_LOGIN_DELAY_MINUTES, 2 ** (failures - FREE_FAILED_LOGINS_PER_SOURCE - 1));
/** A new reset mail for the same account is sent at most once a minute. */
export const RESET_MAIL_INTERVAL_MS = 60_000;
/**
 * Per-IP limits of the other guest calls, per the same 15-minute window (issue 12): registrations refused because
 * the e-mail is taken (registration tells it, as OWASP allows, so probing addresses through it is limited),
 * reset-mail requests (mail bombing, probing) and failed password resets (per IP only, issue 34: a count per
 * e-mail let anyone block a victim's valid link).
 */
export const MAX_TAKEN_EMAIL_REGISTRATIONS_PER_IP = 10;
export const MAX_RESET_MAILS_PER_IP = 10;
export const MAX_FAILED_RESETS_PER_IP = 10;
/**
 * Invitation links (issue 22): per IP, the links opened or accepted that are unknown, used, revoked or expired,
 * per the same 15-minute window, as failed password resets are (guessing a token is guessing a reset link).
 */
export const MAX_FAILED_INVITATIONS_PER_IP = MAX_FAILED_RESETS_PER_IP;

export const minutesFrom = (now: Date, minutes: number) =>
  new Date(now.getTime() + minutes * 60_000);
