import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/**
 * The mail queue (issue 24, lib/mail-outbox.ts): a letter is written here by the request and sent by the server
 * after the answer, retried until the mail server takes it, so a mail server (or this server) restarting loses
 * nothing. `kind` 'mail' holds the letter itself; 'password-reset' holds only the address a reset was asked for,
 * and becomes the letter (with its token) when drained, so the request does the same work for any address.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial().primaryKey(),
    kind: text({ enum: ['mail', 'password-reset'] }).notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    attempts: integer().notNull().default(0),
    /** When a drain may take it next: now for a new row, later after a failure or while one instance sends it. */
    nextAttemptAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    lastError: text(),
    ...timestamps,
  },
  (t) => [index('mail_outbox_next_attempt_idx').on(t.nextAttemptAt)],
);
