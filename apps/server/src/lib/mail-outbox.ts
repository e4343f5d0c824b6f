import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { mailOutbox } from '../db/schema';
import { createJobQueue } from './job-queue';
import type { MailMessage, Mailer } from './mailer';

/** How many rows one drain step claims. */
const BATCH = 20;
/** A claimed row is not taken by another drain (another instance) for this long: longer than any send. */
const LEASE_MS = 5 * 60_000;
/** After a failed send the row waits 1, 2, 4 … minutes, at most an hour; after this many tries it is left. */
export const MAX_MAIL_ATTEMPTS = 10;
const MAX_RETRY_MS = 60 * 60_000;
/** Every instance looks for due rows this often (rows left by a restart, retries after a failure). */
export const MAIL_DRAIN_INTERVAL_MS = 30_000;

/** Turns a queued task into its letter inside the drain's transaction; undefined = nothing to send. */
export type MailTaskResolver = (
  payload: Record<string, unknown>,
  tx: Executor,
) => Promise<MailMessage | undefined>;

/** The kinds of queued work that are not yet a letter (schema `mail_outbox.kind`). */
export type MailTaskKind = 'password-reset';

/** What a service needs of the queue: a letter to send later, or a task that becomes one. */
export interface MailQueue extends Mailer {
  enqueue(kind: MailTaskKind, payload: Record<string, unknown>): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail queue (lib/mail-outbox.ts); tests wait for it with `settled()`. */
    mailOutbox: MailOutbox;
  }
}

/**
 * The mail queue (issue 24): `send` and `enqueue` write a `mail_outbox` row and return, and the server sends it
 * after the answer, through `transport` (SMTP or the `.eml` folder, lib/mailer.ts). A failed send is retried with
 * growing delays, so a mail server that restarts loses nothing; the rows are in the database, so a restart of
 * this server loses nothing either (every instance drains at start and every {@link MAIL_DRAIN_INTERVAL_MS}).
 * Several instances claim rows with `FOR UPDATE SKIP LOCKED` and a lease, so each letter is sent once.
 */
export function createMailOutbox(deps: {
  db: Database;
  transport: Mailer;
  now: () => Date;
  log: {
    error: (details: object, message: string) => void;
    warn: (details: object, message: string) => void;
  };
}) {
  const { db, transport, now, log } = deps;
  const resolvers = new Map<MailTaskKind, MailTaskResolver>();

  const retryDelay = (attempts: number) => Math.min(MAX_RETRY_MS, 60_000 * 2 ** (attempts - 1));

  async function insert(kind: 'mail' | MailTaskKind, payload: Record<string, unknown>) {
    await db.insert(mailOutbox).values({ kind, payload, nextAttemptAt: now() });
    kick();
  }

  /** Takes up to {@link BATCH} due rows for this drain (leased, counted as an attempt). */
  async function claim() {
    const at = now();
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(lte(mailOutbox.nextAttemptAt, at), lt(mailOutbox.attempts, MAX_MAIL_ATTEMPTS)))
      .orderBy(asc(mailOutbox.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: new Date(at.getTime() + LEASE_MS),
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  /** A task row becomes its letter (or goes) in one transaction with the resolver's own writes. */
  async function resolveTask(
    row: typeof mailOutbox.$inferSelect,
  ): Promise<MailMessage | undefined> {
    if (row.kind === 'mail') return row.payload as unknown as MailMessage;
    const resolver = resolvers.get(row.kind);
    if (!resolver) throw new Error(`no resolver for queued ${row.kind}`);
    return db.transaction(async (tx) => {
      const message = await resolver(row.payload, tx);
      if (message)
        await tx
          .update(mailOutbox)
          .set({ kind: 'mail', payload: { ...message } })
          .where(eq(mailOutbox.id, row.id));
      else await tx.delete(mailOutbox).where(eq(mailOutbox.id, row.id));
      return message;
    });
  }

  async function deliver(row: typeof mailOutbox.$inferSelect) {
    try {
      const message = await resolveTask(row);
      if (!message) return;
      await transport.send(message);
      await db.delete(mailOutbox).where(eq(mailOutbox.id, row.id));
    } catch (error) {
      const giveUp = row.attempts >= MAX_MAIL_ATTEMPTS;
      (giveUp ? log.error : log.warn)(
        { err: error, outboxId: row.id, attempts: row.attempts },
        giveUp ? 'e-mail not sent; left in mail_outbox' : 'e-mail not sent yet; will retry',
      );
      await db
        .update(mailOutbox)
        .set({
          nextAttemptAt: new Date(now().getTime() + retryDelay(row.attempts)),
          lastError: String(error instanceof Error ? error.message : error).slice(0, 500),
        })
        .where(eq(mailOutbox.id, row.id));
    }
  }

  /** One drain: batches of due rows, each letter sent in turn, until a batch is not full. */
  async function drain(closed: () => boolean) {
    for (;;) {
      const rows = await claim();
      for (const row of rows) await deliver(row);
      if (rows.length < BATCH || closed()) break;
    }
  }

  // A drain starts after the current turn of the event loop (after the answer), or the running one goes on.
  const queue = createJobQueue({
    pass: drain,
    afterTurn: true,
    onError: (error) => log.error({ err: error }, 'mail queue drain failed'),
  });
  const kick = () => void queue.kick();

  const outbox = {
    /** Queues a letter (the `Mailer` shape every caller already uses). */
    send: (message: MailMessage) => insert('mail', { ...message }),
    enqueue: (kind: MailTaskKind, payload: Record<string, unknown>) => insert(kind, payload),
    /** How a task of `kind` becomes its letter (registered once at wiring). */
    resolveWith(kind: MailTaskKind, resolver: MailTaskResolver) {
      resolvers.set(kind, resolver);
    },
    kick,
    /** Resolves when no drain is running (tests; `close`). */
    settled: queue.settled,
    /** Drains now and every {@link MAIL_DRAIN_INTERVAL_MS} until `close`. */
    start(intervalMs = MAIL_DRAIN_INTERVAL_MS) {
      kick();
      queue.poll(intervalMs);
    },
    close: queue.close,
  };
  return outbox;
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
