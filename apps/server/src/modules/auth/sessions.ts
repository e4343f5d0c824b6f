import type { SessionUser } from '../../lib/company-scope';
import { AppError } from '../../lib/app-error';
import { UNAUTHENTICATED_MESSAGE, type ClientContext } from '../../lib/session';
import { TOUCH_INTERVAL_MS } from './auth-limits';
import type { AuthRepository } from './auth.repository';
import { toCurrentUser, toSessionUser, type SignedIn } from './current-user';
import type { SessionStore } from './session-store';

/** A session's life after sign-in: the lookup behind every request, sign-out, and the sweeps of old sessions. */
export function createSessions(deps: {
  repo: AuthRepository;
  store: SessionStore;
  now: () => Date;
}) {
  const { repo, store, now } = deps;
  const { cache: sessionCache, sessionId } = store;
  return {
    async logout(token: string | undefined) {
      if (token) await store.endSession(sessionId(token));
    },

    /**
     * The user behind a session cookie, sliding its expiry; undefined when signed out or expired. A live
     * session's lookup is cached for a few seconds (`sessionCache`); the sliding write happens on the lookups
     * that reach the database, which is often enough since it is written at most once a minute anyway.
     */
    async authenticate(token: string | undefined): Promise<SessionUser | undefined> {
      if (!token) return undefined;
      const id = sessionId(token);
      const cached = sessionCache.get(id);
      if (cached) return cached;
      const ticket = sessionCache.ticket();
      const at = now();
      const row = await repo.findSessionUser(id, at);
      if (!row) return undefined;
      let expiresAt = row.session.expiresAt;
      if (at.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        expiresAt = store.expiryFor(at, row.session.remember);
        await repo.touchSession(row.session.id, at, expiresAt);
      }
      const user = toSessionUser(row.user);
      sessionCache.set(id, user, expiresAt.getTime(), ticket);
      return user;
    },

    /**
     * Signs in a user who just joined a company by invitation (issue 22, modules/members), as registration does:
     * a new session (the request's previous one ended), answered like login's.
     */
    async startSessionFor(userId: number, ctx: ClientContext): Promise<SignedIn> {
      const user = await repo.findUserById(userId);
      if (!user) throw new AppError('UNAUTHENTICATED', UNAUTHENTICATED_MESSAGE);
      const sessionToken = await store.startSession(user.id, false, ctx);
      return { user: toCurrentUser(user), sessionToken, remember: false };
    },

    /**
     * Forgets this instance's cached sessions of a user whose account was deleted or whose role changed (issue 22):
     * the next request reads the database. Other instances follow within `SESSION_CACHE_SECONDS`.
     */
    forgetCachedSessions(userId: number) {
      sessionCache.invalidateUser(userId);
    },

    async purgeExpiredSessions() {
      await repo.deleteExpiredSessions(now());
    },
  };
}
