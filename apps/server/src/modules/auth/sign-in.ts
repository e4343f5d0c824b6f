import type { LoginInput, RegisterInput } from '@medcalc/domain';
import { AppError } from '../../lib/app-error';
import { assertUncommonPassword } from '../../lib/common-passwords';
import { UniqueViolationError } from '../../lib/db-errors';
import type { ClientContext } from '../../lib/session';
import { MAX_FAILED_INVITATIONS_PER_IP, MAX_TAKEN_EMAIL_REGISTRATIONS_PER_IP } from './auth-limits';
import { MESSAGES } from './auth-messages';
import type { UserRecord } from './auth.repository';
import { createAccount, type AccountCreation } from './create-account';
import { toCurrentUser, type SignedIn } from './current-user';
import type { SessionStore } from './session-store';
import type { SignInThrottle } from './sign-in-throttle';

/**
 * Signing in and registering (spec §7 `login`, `register`), and the invitation pages' checks (issue 22), which
 * share the sign-in throttle.
 */
export function createSignIn(deps: {
  accounts: AccountCreation;
  store: SessionStore;
  throttle: SignInThrottle;
}) {
  const { accounts, store, throttle } = deps;
  const { repo } = accounts;
  return {
    /**
     * `POST /login`, throttled per account and source and per IP (see {@link FREE_FAILED_LOGINS_PER_SOURCE}):
     * a success clears its source's count and hands the browser a device cookie for the account.
     */
    async login(input: LoginInput, ctx: ClientContext): Promise<SignedIn> {
      const checked = await throttle.checkPassword(input.email, input.password, ctx);
      if (!checked) throw AppError.field('email', MESSAGES.badCredentials);
      const { user, device } = checked;
      const remember = input.remember ?? false;
      const sessionToken = await store.startSession(user.id, remember, ctx);
      return {
        user: toCurrentUser(user),
        sessionToken,
        remember,
        deviceToken: device ? (ctx.deviceToken ?? '') : throttle.issueDeviceToken(user.email),
      };
    },

    /** `POST /api/register`: company + first user + staffing table in one transaction, then signed in. */
    async register(input: RegisterInput, ctx: ClientContext): Promise<SignedIn> {
      const takenKey = `register-ip:${ctx.ip}`;
      await throttle.assertNotThrottled(
        [[takenKey, MAX_TAKEN_EMAIL_REGISTRATIONS_PER_IP]],
        MESSAGES.tooManyAttempts,
      );
      if (await repo.findUserByEmail(input.email)) {
        await throttle.hit(takenKey);
        throw AppError.field('email', MESSAGES.emailTaken);
      }
      await assertUncommonPassword(input.password);
      let user: UserRecord;
      try {
        user = await createAccount(accounts, { ...input, role: 'user' });
      } catch (error) {
        // Two registrations with one address at the same moment: the unique index decides.
        if (error instanceof UniqueViolationError)
          throw AppError.field('email', MESSAGES.emailTaken);
        throw error;
      }
      const sessionToken = await store.startSession(user.id, false, ctx);
      return { user: toCurrentUser(user), sessionToken, remember: false };
    },

    /**
     * An invitation's link (issue 22) is used by `use`, which throws the link's refusal (404/410): 429 once this IP
     * has had {@link MAX_FAILED_INVITATIONS_PER_IP} refused links in the window, and each refusal counts one.
     */
    async throttleInvitationLink<T>(ip: string, use: () => Promise<T>): Promise<T> {
      const ipKey = `invitation-ip:${ip}`;
      await throttle.assertNotThrottled(
        [[ipKey, MAX_FAILED_INVITATIONS_PER_IP]],
        MESSAGES.tooManyAttempts,
      );
      try {
        return await use();
      } catch (error) {
        if (error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'GONE'))
          await throttle.hit(ipKey);
        throw error;
      }
    },

    /**
     * An existing user's password typed on an invitation page (issue 22): checked and throttled exactly as a
     * sign-in of that account from that source is, sharing its counts. False when wrong; 429 while throttled.
     */
    async checkAccountPassword(email: string, password: string, ctx: ClientContext) {
      return (await throttle.checkPassword(email, password, ctx)) !== undefined;
    },
  };
}
