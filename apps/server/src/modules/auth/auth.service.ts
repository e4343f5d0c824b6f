import {
  CURRENT_PASSWORD_WRONG_MESSAGE,
  PASSWORD_RESET_TTL_MINUTES,
  type ChangePasswordInput,
  type CurrentUser,
  type ForgotPasswordInput,
  type LoginInput,
  type ProfileInput,
  type RegisterInput,
  type ResetPasswordInput,
  type UserRole,
} from '@medcalc/domain';
import { AppError } from '../../lib/app-error';
import { UniqueViolationError } from '../../lib/db-errors';
import type { Executor } from '../../db/client';
import type { MailMessage } from '../../lib/mailer';
import type { MailQueue } from '../../lib/mail-outbox';
import { assertUncommonPassword } from '../../lib/common-passwords';
import { getDummyHash, hashPassword, verifyPassword } from '../../lib/password';
import { hmac, newIdentifier, newToken, safeEqual, sha256 } from '../../lib/random';
import { changeOf, recordActivity } from '../activity/record-activity';
import type { CompaniesService } from '../companies/companies.service';
import type { SessionUser } from '../../lib/company-scope';
import type { RunInTransaction } from '../../lib/transaction';
import {
  DEFAULT_SESSION_CACHE_SECONDS,
  REMEMBER_DAYS,
  UNAUTHENTICATED_MESSAGE,
  createSessionCache,
  type ClientContext,
} from '../../lib/session';
import type { AuthRepository, UserRecord } from './auth.repository';
import { buildResetMail } from './reset-mail';

/** Idle lifetime of a normal session, minutes (Laravel's default `SESSION_LIFETIME`). */
export const SESSION_IDLE_MINUTES = 120;
/** Sliding expiry is written at most this often, so a busy user costs one UPDATE a minute, not one a request. */
const TOUCH_INTERVAL_MS = 60_000;
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
const SOURCE_MEMORY_MINUTES = 24 * 60;
export const MAX_FAILED_LOGINS_PER_IP = 20;
/** The delay after the `failures`-th failure of one account and source, minutes (0 = none). */
export const loginDelayMinutes = (failures: number) =>
  failures <= FREE_FAILED_LOGINS_PER_SOURCE
    ? 0
    : Math.min(MAX_LOGIN_DELAY_MINUTES, 2 ** (failures - FREE_FAILED_LOGINS_PER_SOURCE - 1));
/** A new reset mail for the same account is sent at most once a minute. */
const RESET_MAIL_INTERVAL_MS = 60_000;
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

export const MESSAGES = {
  loggedIn: 'Ви успішно увійшли.',
  registered: 'Реєстрацію завершено. Ласкаво просимо!',
  loggedOut: 'Ви вийшли з системи.',
  badCredentials: 'Невірна електронна пошта або пароль.',
  emailTaken: 'Користувач з такою електронною поштою вже зареєстрований.',
  tooManyAttempts: (minutes: number) => `Забагато спроб. Спробуйте ще раз через ${minutes} хв.`,
  tooManyLogins: (minutes: number) =>
    `Забагато невдалих спроб входу. Спробуйте ще раз через ${minutes} хв.`,
  resetLinkSent:
    'Якщо ця адреса зареєстрована, ми надіслали на неї лист із посиланням для скидання пароля.',
  resetDone: 'Пароль змінено. Тепер ви можете увійти з новим паролем.',
  resetInvalid: 'Посилання для скидання пароля недійсне або застаріле. Запросіть нове.',
  profileSaved: 'Профіль збережено.',
  passwordChanged: 'Пароль змінено. Інші сеанси вашого облікового запису завершено.',
  tooManyPasswordChecks: (minutes: number) =>
    `Забагато невдалих спроб ввести пароль. Спробуйте ще раз через ${minutes} хв.`,
  unauthenticated: UNAUTHENTICATED_MESSAGE,
} as const;

export type { ClientContext };

export interface SignedIn {
  user: CurrentUser;
  sessionToken: string;
  remember: boolean;
  /** A device cookie for this account: this browser then counts as its own sign-in source (issue 24). */
  deviceToken?: string;
}

export function toCurrentUser(record: UserRecord): CurrentUser {
  return {
    id: record.id,
    identifier: record.identifier,
    name: record.name,
    email: record.email,
    phone: record.phone,
    company: record.companyName,
    companyIdentifier: record.companyIdentifier,
    role: record.role,
    companyRole: record.companyRole,
    mustChangePassword: record.mustChangePassword,
  };
}

/** The current user with the company's internal id, for services' scoping (never serialised). */
export function toSessionUser(record: UserRecord): SessionUser {
  return { ...toCurrentUser(record), companyId: record.companyId };
}

const minutesFrom = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000);

/** A new account: a user with a company of their own (house guide 2.5: registration and accounts made at start). */
interface NewAccount {
  email: string;
  password: string;
  name: string;
  phone: string;
  company: string;
  role: UserRole;
}

export function createAuthService(deps: {
  runInTransaction: RunInTransaction;
  authRepository: AuthRepository;
  companiesService: CompaniesService;
  /** Reset letters are queued (lib/mail-outbox.ts) and made after the answer by {@link composeResetMail}. */
  mailQueue: Pick<MailQueue, 'enqueue'>;
  sessionSecret: string;
  appUrl: string;
  now?: () => Date;
  /** Lifetime of a cached session lookup, seconds (lib/session.ts `createSessionCache`); 0 = no cache. */
  sessionCacheSeconds?: number;
}) {
  const {
    runInTransaction,
    authRepository: repo,
    companiesService,
    mailQueue,
    sessionSecret,
    appUrl,
  } = deps;
  const now = deps.now ?? (() => new Date());
  const sessionCache = createSessionCache({
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
      sessionCache.invalidate(id);
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

  /**
   * Creates a user with a company of their own (its staffing table copied) in one transaction: registration and
   * the accounts made at start. A taken e-mail that the caller's check could not see (two at the same moment)
   * surfaces as the unique index's `UniqueViolationError`.
   */
  async function createAccount(input: NewAccount): Promise<UserRecord> {
    const passwordHash = await hashPassword(input.password);
    const userId = await runInTransaction(async (tx) => {
      const company = await companiesService.createCompany(
        { name: input.company, phone: input.phone },
        tx,
      );
      return repo.insertUser(
        {
          identifier: newIdentifier(),
          companyId: company.id,
          name: input.name,
          email: input.email,
          phone: input.phone,
          passwordHash,
          role: input.role,
        },
        tx,
      );
    });
    const user = await repo.findUserById(userId);
    if (!user) throw new Error('created user vanished');
    return user;
  }

  /**
   * The accounts made at start (the administrator, the demo account), which later starts leave as they are:
   * the new user, or undefined when the e-mail already had an account.
   */
  async function ensureUser(input: NewAccount): Promise<SessionUser | undefined> {
    if (await repo.findUserByEmail(input.email)) return undefined;
    return toSessionUser(await createAccount(input));
  }

  return {
    /**
     * `POST /login`, throttled per account and source and per IP (see {@link FREE_FAILED_LOGINS_PER_SOURCE}):
     * a success clears its source's count and hands the browser a device cookie for the account.
     */
    async login(input: LoginInput, ctx: ClientContext): Promise<SignedIn> {
      const checked = await checkPassword(input.email, input.password, ctx);
      if (!checked) throw AppError.field('email', MESSAGES.badCredentials);
      const { user, device } = checked;
      const remember = input.remember ?? false;
      const sessionToken = await startSession(user.id, remember, ctx);
      return {
        user: toCurrentUser(user),
        sessionToken,
        remember,
        deviceToken: device ? (ctx.deviceToken ?? '') : issueDeviceToken(user.email),
      };
    },

    /** `POST /api/register`: company + first user + staffing table in one transaction, then signed in. */
    async register(input: RegisterInput, ctx: ClientContext): Promise<SignedIn> {
      const takenKey = `register-ip:${ctx.ip}`;
      await assertNotThrottled(
        [[takenKey, MAX_TAKEN_EMAIL_REGISTRATIONS_PER_IP]],
        MESSAGES.tooManyAttempts,
      );
      if (await repo.findUserByEmail(input.email)) {
        await hit(takenKey);
        throw AppError.field('email', MESSAGES.emailTaken);
      }
      await assertUncommonPassword(input.password);
      let user: UserRecord;
      try {
        user = await createAccount({ ...input, role: 'user' });
      } catch (error) {
        // Two registrations with one address at the same moment: the unique index decides.
        if (error instanceof UniqueViolationError)
          throw AppError.field('email', MESSAGES.emailTaken);
        throw error;
      }
      const sessionToken = await startSession(user.id, false, ctx);
      return { user: toCurrentUser(user), sessionToken, remember: false };
    },

    async logout(token: string | undefined) {
      if (token) await endSession(sessionId(token));
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
        expiresAt = expiryFor(at, row.session.remember);
        await repo.touchSession(row.session.id, at, expiresAt);
      }
      const user = toSessionUser(row.user);
      sessionCache.set(id, user, expiresAt.getTime(), ticket);
      return user;
    },

    /**
     * `POST /password/email`: mails a single-use link valid for 60 minutes. The request only queues the address
     * (the same work whether or not it has an account, issue 24); the queue makes the letter after the answer
     * ({@link composeResetMail}). The answer is the same for any address, so the form discovers no accounts.
     */
    async requestPasswordReset(input: ForgotPasswordInput, ip: string): Promise<void> {
      const ipKey = `reset-mail-ip:${ip}`;
      await assertNotThrottled([[ipKey, MAX_RESET_MAILS_PER_IP]], MESSAGES.tooManyAttempts);
      await hit(ipKey);
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
        await assertNotThrottled([[ipKey, MAX_FAILED_RESETS_PER_IP]], MESSAGES.tooManyAttempts);
        await hit(ipKey);
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
        sessionCache.invalidateUser(user.id);
      }
    },

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
        await recordActivity(tx, current.companyId, {
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
      const checked = await checkPassword(
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
          await recordActivity(tx, user.companyId, {
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

    /** Creates the administrator of the provider on first start; later starts leave it as it is. */
    async ensureAdmin(input: { email: string; password: string }): Promise<boolean> {
      const created = await ensureUser({
        ...input,
        name: 'Адміністратор',
        phone: '',
        company: 'MedCalc — адміністрація сервісу',
        role: 'admin',
      });
      return created !== undefined;
    },

    ensureUser,

    /**
     * Issue 34: an account whose password is still `publicPassword` (the README's, seeded at start) must change
     * it at its next sign-in: flagged `must_change_password` (true when it was flagged now). Run at every start,
     * so an account made by an earlier version, or left from a demo start, is caught too.
     */
    async requireChangeOfPublicPassword(email: string, publicPassword: string): Promise<boolean> {
      const user = await repo.findUserByEmail(email);
      if (!user || user.mustChangePassword) return false;
      if (!(await verifyPassword(user.passwordHash, publicPassword))) return false;
      await repo.requirePasswordChange(user.id);
      sessionCache.invalidateUser(user.id);
      return true;
    },

    /**
     * Signs in a user who just joined a company by invitation (issue 22, modules/members), as registration does:
     * a new session (the request's previous one ended), answered like login's.
     */
    async startSessionFor(userId: number, ctx: ClientContext): Promise<SignedIn> {
      const user = await repo.findUserById(userId);
      if (!user) throw new AppError('UNAUTHENTICATED', UNAUTHENTICATED_MESSAGE);
      const sessionToken = await startSession(user.id, false, ctx);
      return { user: toCurrentUser(user), sessionToken, remember: false };
    },

    /**
     * An invitation's link (issue 22) is used by `use`, which throws the link's refusal (404/410): 429 once this IP
     * has had {@link MAX_FAILED_INVITATIONS_PER_IP} refused links in the window, and each refusal counts one.
     */
    async throttleInvitationLink<T>(ip: string, use: () => Promise<T>): Promise<T> {
      const ipKey = `invitation-ip:${ip}`;
      await assertNotThrottled([[ipKey, MAX_FAILED_INVITATIONS_PER_IP]], MESSAGES.tooManyAttempts);
      try {
        return await use();
      } catch (error) {
        if (error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'GONE'))
          await hit(ipKey);
        throw error;
      }
    },

    /**
     * An existing user's password typed on an invitation page (issue 22): checked and throttled exactly as a
     * sign-in of that account from that source is, sharing its counts. False when wrong; 429 while throttled.
     */
    async checkAccountPassword(email: string, password: string, ctx: ClientContext) {
      return (await checkPassword(email, password, ctx)) !== undefined;
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

export type AuthService = ReturnType<typeof createAuthService>;
