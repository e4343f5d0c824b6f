import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';

type IdColumn = AnyPgColumn<{ data: number; notNull: true }>;

/**
 * Which of `ids` are rows of `table` that `where` also holds for (a company's own rows, the templates …), in no
 * particular order. No ids asked for, no query.
 */
export async function idsAmong(
  tx: Executor,
  table: PgTable & { id: IdColumn },
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

/**
 * The internal id of the row of `table` with this public identifier (a user, a company: what a URL names), or
 * undefined when there is none.
 */
export async function idOfIdentifier(
  tx: Executor,
  table: PgTable & { id: IdColumn; identifier: AnyPgColumn },
  identifier: string,
): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(eq(table.identifier, identifier))
    .limit(1);
  return row?.id;
}
