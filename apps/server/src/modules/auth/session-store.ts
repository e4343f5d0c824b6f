import { hmac, newToken } from '../../lib/random';
import {
  DEFAULT_SESSION_CACHE_SECONDS,
  REMEMBER_DAYS,
  createSessionCache,
  type ClientContext,
} from '../../lib/session';
import { SESSION_IDLE_MINUTES, minutesFrom } from './auth-limits';
import type { AuthRepository } from './auth.repository';

/**
 * The stored sessions every auth use case shares: their ids (an HMAC of the cookie token), expiry, start and end,
 * and this instance's cache of session lookups.
 */
export function createSessionStore(deps: {
  repo: AuthRepository;
  sessionSecret: string;
  now: () => Date;
  /** Lifetime of a cached session lookup, seconds (lib/session.ts `createSessionCache`); 0 = no cache. */
  sessionCacheSeconds?: number | undefined;
}) {
  const { repo, sessionSecret, now } = deps;
  const cache = createSessionCache({
    ttlMs: (deps.sessionCacheSeconds ?? DEFAULT_SESSION_CACHE_SECONDS) * 1000,
    now: () => now().getTime(),
  });
  /**
   * Ends a stored session. The cache entry is dropped after the row is gone, so a lookup that read the row
   * before the delete cannot store it again (its ticket predates the invalidation).
   */
  async function endSession(id: string) {
    try {
      await repo.deleteSession(id);
    } finally {
      cache.invalidate(id);
    }
  }
  /** Sessions are stored under an HMAC of the cookie token, never the token itself. */
  const sessionId = (token: string) => hmac(sessionSecret, token);
  const expiryFor = (at: Date, remember: boolean) =>
    minutesFrom(at, remember ? REMEMBER_DAYS * 24 * 60 : SESSION_IDLE_MINUTES);

  async function startSession(userId: number, remember: boolean, ctx: ClientContext) {
    if (ctx.previousToken) await endSession(sessionId(ctx.previousToken));
    const token = newToken();
    const at = now();
    await repo.insertSession({
      id: sessionId(token),
      userId,
      remember,
      ip: ctx.ip,
      userAgent: ctx.userAgent?.slice(0, 500) ?? null,
      // The service's clock, not the database's, so expiry and sliding agree (and tests can move time).
      lastSeenAt: at,
      expiresAt: expiryFor(at, remember),
    });
    return token;
  }

  return { cache, endSession, sessionId, expiryFor, startSession };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
