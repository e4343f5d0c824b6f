import type { Database, Executor } from '../db/client';

/**
 * Runs `work` in one database transaction (commit on return, rollback on throw). Services that write several
 * rows take this instead of the whole database, so their unit tests can pass a runner over fake repositories.
 */
export type RunInTransaction = <T>(work: (tx: Executor) => Promise<T>) => Promise<T>;

export function transactionRunner(db: Database): RunInTransaction {
  return (work) => db.transaction((tx) => work(tx));
}
