import {
  PASSWORD_RESET_TTL_MINUTES,
  type ForgotPasswordInput,
  type ResetPasswordInput,
} from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { assertUncommonPassword } from '../../lib/common-passwords';
import type { MailMessage } from '../../lib/mailer';
import type { MailQueue } from '../../lib/mail-outbox';
import { hashPassword } from '../../lib/password';
import { newToken, sha256 } from '../../lib/random';
import type { RunInTransaction } from '../../lib/transaction';
import {
  MAX_FAILED_RESETS_PER_IP,
  MAX_RESET_MAILS_PER_IP,
  RESET_MAIL_INTERVAL_MS,
  minutesFrom,
} from './auth-limits';
import { MESSAGES } from './auth-messages';
import type { AuthRepository } from './auth.repository';
import { buildResetMail } from './reset-mail';
import type { SessionStore } from './session-store';
import type { SignInThrottle } from './sign-in-throttle';

/** A forgotten password (spec §7 `password/email`, `password/reset`): the mailed link and the reset it allows. */
export function createPasswordReset(deps: {
  repo: AuthRepository;
  runInTransaction: RunInTransaction;
  /** Reset letters are queued (lib/mail-outbox.ts) and made after the answer by `composeResetMail`. */
  mailQueue: Pick<MailQueue, 'enqueue'>;
  appUrl: string;
  store: SessionStore;
  throttle: SignInThrottle;
  now: () => Date;
}) {
  const { repo, runInTransaction, mailQueue, appUrl, store, throttle, now } = deps;
  return {
    /**
     * `POST /password/email`: mails a single-use link valid for 60 minutes. The request only queues the address
     * (the same work whether or not it has an account, issue 24); the queue makes the letter after the answer
     * ({@link composeResetMail}). The answer is the same for any address, so the form discovers no accounts.
     */
    async requestPasswordReset(input: ForgotPasswordInput, ip: string): Promise<void> {
      const ipKey = `reset-mail-ip:${ip}`;
      await throttle.assertNotThrottled(
        [[ipKey, MAX_RESET_MAILS_PER_IP]],
        MESSAGES.tooManyAttempts,
      );
      await throttle.hit(ipKey);
      await mailQueue.enqueue('password-reset', { email: input.email });
    },

    /**
     * The letter of a queued reset request (lib/mail-outbox.ts, in its transaction `tx`): a new token for an
     * existing account, at most one a minute; undefined for an unknown address or too soon after the last one.
     */
    async composeResetMail(
      payload: Record<string, unknown>,
      tx: Executor,
    ): Promise<MailMessage | undefined> {
      if (typeof payload.email !== 'string') return undefined;
      const user = await repo.findUserByEmail(payload.email, tx);
      if (!user) return undefined;
      const at = now();
      const latest = await repo.findLatestResetToken(user.id, tx);
      if (latest && at.getTime() - latest.createdAt.getTime() < RESET_MAIL_INTERVAL_MS) return;
      const token = newToken();
      await repo.insertResetToken(
        {
          userId: user.id,
          tokenHash: sha256(token),
          expiresAt: minutesFrom(at, PASSWORD_RESET_TTL_MINUTES),
          // The service's clock, which the one-a-minute check compares with.
          createdAt: at,
        },
        tx,
      );
      const link = `${appUrl}/password/reset/${token}?email=${encodeURIComponent(user.email)}`;
      return { to: user.email, ...buildResetMail({ name: user.name, link }) };
    },

    /**
     * `POST /password/reset`: sets the password once; the token dies and every session of the user ends. A valid
     * link always works (issue 34): refusals are counted per source (the client's IP), never per e-mail, so nobody
     * can lock a victim's own link by sending bogus tokens for the victim's address. A source past
     * {@link MAX_FAILED_RESETS_PER_IP} refusals in the window gets 429 instead of 422 for its next wrong token.
     */
    async resetPassword(input: ResetPasswordInput, ip: string): Promise<void> {
      const ipKey = `reset-ip:${ip}`;
      const user = await repo.findUserByEmail(input.email);
      const at = now();
      const token = user && (await repo.findUsableResetToken(user.id, sha256(input.token), at));
      if (!user || !token) {
        await throttle.assertNotThrottled(
          [[ipKey, MAX_FAILED_RESETS_PER_IP]],
          MESSAGES.tooManyAttempts,
        );
        await throttle.hit(ipKey);
        throw AppError.field('email', MESSAGES.resetInvalid);
      }
      // The link stays usable: the user picks another password.
      await assertUncommonPassword(input.password);
      const passwordHash = await hashPassword(input.password);
      try {
        await runInTransaction(async (tx) => {
          await repo.updatePasswordHash(user.id, passwordHash, tx);
          await repo.consumeResetTokens(user.id, at, tx);
          await repo.deleteSessionsOfUser(user.id, tx);
          // Whoever proved the account theirs is not kept waiting by anyone's failed sign-ins (issue 24).
          await repo.clearAccountThrottles(user.email, tx);
        });
      } finally {
        store.cache.invalidateUser(user.id);
      }
    },
  };
}
