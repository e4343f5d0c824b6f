import type { MailQueue } from '../../lib/mail-outbox';
import type { ClientContext } from '../../lib/session';
import type { RunInTransaction } from '../../lib/transaction';
import type { CompaniesService } from '../companies/companies.service';
import type { ActivityLog } from '../activity/activity-log';
import type { AuthRepository } from './auth.repository';
import { createOwnAccount } from './own-account';
import { createPasswordReset } from './password-reset';
import { createSessionStore } from './session-store';
import { createSessions } from './sessions';
import { createSignIn } from './sign-in';
import { createSignInThrottle } from './sign-in-throttle';
import { createStartAccounts } from './start-accounts';

export {
  SESSION_IDLE_MINUTES,
  LOGIN_WINDOW_MINUTES,
  FREE_FAILED_LOGINS_PER_SOURCE,
  MAX_LOGIN_DELAY_MINUTES,
  MAX_FAILED_LOGINS_PER_IP,
  loginDelayMinutes,
  MAX_TAKEN_EMAIL_REGISTRATIONS_PER_IP,
  MAX_RESET_MAILS_PER_IP,
  MAX_FAILED_RESETS_PER_IP,
  MAX_FAILED_INVITATIONS_PER_IP,
} from './auth-limits';
export { MESSAGES } from './auth-messages';
export { toCurrentUser, toSessionUser, type SignedIn } from './current-user';
export type { ClientContext };

/**
 * Accounts and sessions: the service is its use cases put together, each in its own file with what it needs
 * passed in: signing in and registering (`sign-in.ts`), a session's life (`sessions.ts`), the forgotten password
 * (`password-reset.ts`), the user's own profile and password (`own-account.ts`) and the accounts made at start
 * (`start-accounts.ts`). They share the stored sessions (`session-store.ts`) and the throttles of the guest calls
 * (`sign-in-throttle.ts`, limits in `auth-limits.ts`).
 */
export function createAuthService(deps: {
  runInTransaction: RunInTransaction;
  authRepository: AuthRepository;
  companiesService: CompaniesService;
  /** Reset letters are queued (lib/mail-outbox.ts) and made after the answer by `composeResetMail`. */
  mailQueue: Pick<MailQueue, 'enqueue'>;
  sessionSecret: string;
  appUrl: string;
  /** The activity log's writer: the profile and password changes are logged (own-account.ts). */
  activityLog: ActivityLog;
  now?: () => Date;
  /** Lifetime of a cached session lookup, seconds (lib/session.ts `createSessionCache`); 0 = no cache. */
  sessionCacheSeconds?: number;
}) {
  const { runInTransaction, authRepository: repo, sessionSecret } = deps;
  const now = deps.now ?? (() => new Date());
  const store = createSessionStore({
    repo,
    sessionSecret,
    now,
    sessionCacheSeconds: deps.sessionCacheSeconds,
  });
  const throttle = createSignInThrottle({ repo, sessionSecret, now });
  const accounts = { repo, companiesService: deps.companiesService, runInTransaction };
  return {
    ...createSignIn({ accounts, store, throttle }),
    ...createSessions({ repo, store, now }),
    ...createPasswordReset({
      repo,
      runInTransaction,
      mailQueue: deps.mailQueue,
      appUrl: deps.appUrl,
      store,
      throttle,
      now,
    }),
    ...createOwnAccount({
      repo,
      runInTransaction,
      store,
      throttle,
      activityLog: deps.activityLog,
      now,
    }),
    ...createStartAccounts({ accounts, store }),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
