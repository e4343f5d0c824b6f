import {
  CURRENT_PASSWORD_WRONG_MESSAGE,
  type ChangePasswordInput,
  type CurrentUser,
  type ProfileInput,
} from '@medcalc/domain';
import { AppError } from '../../lib/app-error';
import { assertUncommonPassword } from '../../lib/common-passwords';
import { scopeOf, type SessionUser } from '../../lib/company-scope';
import { hashPassword } from '../../lib/password';
import { UNAUTHENTICATED_MESSAGE, type ClientContext } from '../../lib/session';
import type { RunInTransaction } from '../../lib/transaction';
import { changeOf, type ActivityLog } from '../activity/activity-log';
import { MESSAGES } from './auth-messages';
import type { AuthRepository } from './auth.repository';
import { toCurrentUser } from './current-user';
import type { SessionStore } from './session-store';
import type { SignInThrottle } from './sign-in-throttle';

/** The signed-in user's own account (issue 33, the account menu's pages): profile and password. */
export function createOwnAccount(deps: {
  repo: AuthRepository;
  runInTransaction: RunInTransaction;
  store: SessionStore;
  throttle: SignInThrottle;
  activityLog: ActivityLog;
  now: () => Date;
}) {
  const { repo, runInTransaction, store, throttle, activityLog, now } = deps;
  const { cache: sessionCache, sessionId } = store;
  return {
    /**
     * `PUT /api/user/profile` (issue 33): the signed-in user's own name and phone, the row locked while it is
     * compared and written; the change goes into the institution's activity log («Профіль змінено», old → new) in
     * the same transaction, and nothing is written when nothing changed. This instance's cached sessions of the user
     * are dropped, so the header shows the new name at once (other instances within `SESSION_CACHE_SECONDS`).
     */
    async updateProfile(user: SessionUser, input: ProfileInput): Promise<CurrentUser> {
      const updated = await runInTransaction(async (tx) => {
        const current = await repo.lockUserById(user.id, tx);
        if (!current) throw new AppError('UNAUTHENTICATED', UNAUTHENTICATED_MESSAGE);
        const changes = [
          ...changeOf('Ім’я', current.name, input.name),
          ...changeOf('Телефон', current.phone || null, input.phone || null),
        ];
        if (changes.length === 0) return current;
        await repo.updateProfile(current.id, { name: input.name, phone: input.phone }, tx);
        await activityLog.record(tx, scopeOf(user), {
          kind: 'profile',
          subject: current.email,
          changes,
        });
        return { ...current, name: input.name, phone: input.phone };
      });
      sessionCache.invalidateUser(user.id);
      return toCurrentUser(updated);
    },

    /**
     * `PUT /api/user/password` (issue 33): the current password is checked and throttled exactly as a sign-in of
     * the account from this source is, sharing its counts (a stolen session gets no more guesses than the sign-in
     * form), and a wrong one is a 422 under `current_password`. Then, in one transaction, the new hash, the end of
     * every other session of the user (as a reset ends them all) and of any unused reset link, and «Пароль змінено»
     * in the activity log (no secret in it); the session that asked stays signed in.
     */
    async changePassword(
      user: SessionUser,
      input: ChangePasswordInput,
      ctx: ClientContext,
    ): Promise<void> {
      const checked = await throttle.checkPassword(
        user.email,
        input.current_password,
        ctx,
        MESSAGES.tooManyPasswordChecks,
      );
      if (checked?.user.id !== user.id)
        throw AppError.field('current_password', CURRENT_PASSWORD_WRONG_MESSAGE);
      await assertUncommonPassword(input.password);
      const passwordHash = await hashPassword(input.password);
      const kept = ctx.previousToken === undefined ? '' : sessionId(ctx.previousToken);
      try {
        await runInTransaction(async (tx) => {
          await repo.updatePasswordHash(user.id, passwordHash, tx);
          await repo.deleteOtherSessionsOfUser(user.id, kept, tx);
          await repo.consumeResetTokens(user.id, now(), tx);
          await activityLog.record(tx, scopeOf(user), {
            kind: 'password-changed',
            subject: user.email,
            // The log writes no entry without a change (issue 33); the password itself is never shown.
            changes: [{ field: 'Пароль', from: null, to: 'змінено' }],
          });
        });
      } finally {
        sessionCache.invalidateUser(user.id);
      }
    },
  };
}
