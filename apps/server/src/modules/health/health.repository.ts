import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** The database as the readiness check sees it. Drizzle only. */
export function createHealthRepository(db: Executor) {
  return {
    /** A trivial query: resolves once the database has answered it. */
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}

export type HealthRepository = ReturnType<typeof createHealthRepository>;
