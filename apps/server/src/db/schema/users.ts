import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { MEMBER_ROLES } from '@medcalc/domain';
import { parentId, timestamps } from './columns';
import { companies } from './companies';

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    identifier: text().notNull().unique(),
    companyId: parentId(() => companies.id),
    name: text().notNull(),
    /** Stored lower-cased; unique. */
    email: text().notNull(),
    phone: text().notNull().default(''),
    /** argon2id PHC string. */
    passwordHash: text().notNull(),
    role: text({ enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    /** The user's role inside their company (issue 22; domain members/member-role.ts). */
    companyRole: text({ enum: MEMBER_ROLES }).notNull().default('owner'),
    /**
     * Issue 34: the password is publicly known (the README's administrator password, seeded at start): every call
     * but the password change is refused until the user sets a new one, which clears it.
     */
    mustChangePassword: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_company_idx').on(t.companyId),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
    check('users_company_role_check', sql`${t.companyRole} in ('owner', 'economist', 'viewer')`),
  ],
);

/**
 * What a new account is stored with, whichever way it is made (registration, an accepted invitation); its roles are
 * the caller's, the rest has defaults.
 */
export interface NewUser {
  identifier: string;
  companyId: number;
  name: string;
  email: string;
  phone: string;
  passwordHash: string;
}

/**
 * Server-side sessions, shared by every app instance. `id` is an HMAC of the cookie's random token, so a
 * leaked table does not yield usable cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: parentId(() => users.id),
    /** 'Remember me': a 30-day session instead of a 2-hour idle one. */
    remember: boolean().notNull().default(false),
    ip: text(),
    userAgent: text(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Password-reset tokens: only a SHA-256 of the token is kept; single use, 60 minutes. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial().primaryKey(),
    userId: parentId(() => users.id),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp({ withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * Failed-attempt counters per key, in the database so every instance sees them: a sign-in source for one account
 * (`login:…`, with `account` set, issue 24), an IP (`ip:…`) and the other guest calls' keys. `lockedUntil` is the
 * growing delay of a source that keeps failing on one account.
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    key: text().primaryKey(),
    attempts: integer().notNull().default(0),
    resetAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    /** The e-mail whose sign-in this counter slows (a completed password reset deletes its rows). */
    account: text(),
    lockedUntil: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [index('login_throttles_account_idx').on(t.account)],
);
