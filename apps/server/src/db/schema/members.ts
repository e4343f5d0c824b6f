import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { ActivityChange } from '@medcalc/domain';
import { parentId } from './columns';
import { companies } from './companies';
import { users } from './users';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * Invitations into a company (issue 22). Only a SHA-256 of the link's token is kept (as for reset tokens); a row is
 * pending until `used_at`, `revoked_at` or `expires_at` (7 days). The inviter's name is a snapshot, since the
 * inviter's account may be gone by the time the link is opened.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial().primaryKey(),
    companyId: parentId(() => companies.id),
    /** Lower-cased. */
    email: text().notNull(),
    role: text({ enum: ['owner', 'economist', 'viewer'] }).notNull(),
    tokenHash: text().notNull().unique(),
    invitedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    invitedByName: text().notNull(),
    expiresAt: at().notNull(),
    usedAt: at(),
    revokedAt: at(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    index('invitations_company_idx').on(t.companyId),
    index('invitations_email_idx').on(t.email),
    check('invitations_role_check', sql`${t.role} in ('owner', 'economist', 'viewer')`),
  ],
);

/**
 * The activity log of a company (issue 22): who changed what, written in the transaction of the change. The
 * actor's name is a snapshot (`actor_id` goes null when the account is deleted); `changes` holds
 * `{ field, from, to }` as shown to people, never a password, token or hash.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: serial().primaryKey(),
    companyId: parentId(() => companies.id),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    actorName: text().notNull(),
    /** Issue 34: the actor's e-mail at the change (null on older rows whose account was gone). */
    actorEmail: text(),
    kind: text().notNull(),
    subject: text().notNull(),
    /**
     * An order's row (issue 33): the order's name when the change was made, kept like the actor's name. A later
     * rename does not rewrite the log (the rename is a row of its own, «Назва замовлення» old → new), and a
     * deleted order's rows still say which order it was.
     */
    orderName: text(),
    changes: jsonb().$type<ActivityChange[]>().notNull().default([]),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index('activity_log_company_created_idx').on(t.companyId, t.createdAt)],
);
