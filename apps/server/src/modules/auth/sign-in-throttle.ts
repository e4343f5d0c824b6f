import { AppError } from '../../lib/app-error';
import { getDummyHash, verifyPassword } from '../../lib/password';
import { hmac, newToken, safeEqual } from '../../lib/random';
import type { ClientContext } from '../../lib/session';
import {
  LOGIN_WINDOW_MINUTES,
  MAX_FAILED_LOGINS_PER_IP,
  SOURCE_MEMORY_MINUTES,
  loginDelayMinutes,
  minutesFrom,
} from './auth-limits';
import { MESSAGES } from './auth-messages';
import type { AuthRepository, UserRecord } from './auth.repository';

/**
 * The throttles of the guest calls (issues 12, 24): per-key windows, the per-account-and-source delays of
 * sign-ins, the device cookies that name a browser as a source, and the throttled password check every sign-in
 * (login, the password change, an invitation page) goes through.
 */
export function createSignInThrottle(deps: {
  repo: AuthRepository;
  sessionSecret: string;
  now: () => Date;
}) {
  const { repo, sessionSecret, now } = deps;

  async function assertNotThrottled(
    keys: Array<[string, number]>,
    message: (minutes: number) => string = MESSAGES.tooManyLogins,
  ) {
    const at = now();
    for (const [key, limit] of keys) {
      const row = await repo.getThrottle(key);
      if (row && row.resetAt > at && row.attempts >= limit) {
        const seconds = Math.ceil((row.resetAt.getTime() - at.getTime()) / 1000);
        const minutes = Math.max(1, Math.ceil(seconds / 60));
        throw new AppError('TOO_MANY_REQUESTS', message(minutes), { retryAfter: seconds });
      }
    }
  }

  /**
   * A device cookie for `email`: a random part and its HMAC with the account's address, so it names this browser
   * as a sign-in source of that account only (OWASP's device cookies). Undefined when absent, forged or another
   * account's.
   */
  const issueDeviceToken = (email: string) => {
    const random = newToken();
    return `${random}.${hmac(sessionSecret, `device:${email}:${random}`)}`;
  };
  const deviceOf = (token: string | undefined, email: string) => {
    const [random, mac, extra] = (token ?? '').split('.');
    if (!random || !mac || extra !== undefined) return undefined;
    return safeEqual(mac, hmac(sessionSecret, `device:${email}:${random}`)) ? random : undefined;
  };

  /** 429 while this account and source wait out their delay. */
  async function assertSourceNotDelayed(key: string, message: (minutes: number) => string) {
    const row = await repo.getThrottle(key);
    const at = now();
    if (row?.lockedUntil && row.lockedUntil > at) {
      const seconds = Math.ceil((row.lockedUntil.getTime() - at.getTime()) / 1000);
      throw new AppError('TOO_MANY_REQUESTS', message(Math.ceil(seconds / 60)), {
        retryAfter: seconds,
      });
    }
  }

  /** Counts one failure of the account from this source and sets its delay ({@link loginDelayMinutes}). */
  async function hitSource(key: string, email: string) {
    const at = now();
    const failures = await repo.hitSourceThrottle(
      key,
      email,
      at,
      minutesFrom(at, SOURCE_MEMORY_MINUTES),
    );
    const delay = loginDelayMinutes(failures);
    if (delay > 0) await repo.lockThrottle(key, minutesFrom(at, delay));
  }

  /** Counts one attempt against each key in the current 15-minute window. */
  async function hit(...keys: string[]) {
    const windowEnd = minutesFrom(now(), LOGIN_WINDOW_MINUTES);
    for (const key of keys) await repo.hitThrottle(key, now(), windowEnd);
  }

  /**
   * The password check of a sign-in, throttled as login is (issue 24): per account and source a growing delay,
   * per IP across accounts a window (not for a browser with the account's device cookie). The account when the
   * password is its own, else undefined (the failure counted); 429 (`tooMany`'s text) while throttled. A success
   * clears its source.
   */
  async function checkPassword(
    email: string,
    password: string,
    ctx: ClientContext,
    tooMany: (minutes: number) => string = MESSAGES.tooManyLogins,
  ): Promise<{ user: UserRecord; device: string | undefined } | undefined> {
    const device = deviceOf(ctx.deviceToken, email);
    const sourceKey = `login:${device ? `device:${device}` : `ip:${ctx.ip}`}:${email}`;
    const ipKey = `ip:${ctx.ip}`;
    await assertSourceNotDelayed(sourceKey, tooMany);
    if (!device) await assertNotThrottled([[ipKey, MAX_FAILED_LOGINS_PER_IP]], tooMany);
    const user = await repo.findUserByEmail(email);
    // Verify against a dummy hash for unknown addresses so timing does not reveal which exist.
    const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), password);
    if (!user || !ok) {
      await hitSource(sourceKey, email);
      await hit(ipKey);
      return undefined;
    }
    await repo.clearThrottle(sourceKey);
    return { user, device };
  }

  return { assertNotThrottled, hit, issueDeviceToken, checkPassword };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
