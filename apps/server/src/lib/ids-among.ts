import { and, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';

/**
 * Which of `ids` are rows of `table` that `where` also holds for (a company's own rows, the templates …), in no
 * particular order. No ids asked for, no query.
 */
export async function idsAmong(
  tx: Executor,
  table: PgTable & { id: AnyPgColumn<{ data: number; notNull: true }> },
  ids: readonly number[],
  where: SQL | undefined,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, [...ids]), where));
  return rows.map((row) => row.id);
}
