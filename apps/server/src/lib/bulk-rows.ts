import { and, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { translateDbErrors } from './db-errors';

/** Who owns a reference row: a company's internal id, or `null` for the administrator's template level. */
export type Owner = number | null;

/** `column` (a `company_id`) names `owner`. */
export const ownedBy = (column: AnyPgColumn, owner: Owner): SQL =>
  owner === null ? isNull(column) : eq(column, owner);

/**
 * Rows of a bulk write as one JSON parameter read by `jsonb_to_recordset` (the caller names the columns with
 * their types): one parameter whatever the row count. On PGlite this writes 5,000 materials about 4× faster than
 * a multi-row VALUES with four parameters per row (issue 20's bench), and no statement nears the 65,535-parameter
 * limit.
 */
export const records = (rows: readonly object[]): SQL =>
  sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)`;

/** The `id` column of a raw result's rows. */
export const idsOf = (rows: readonly Record<string, unknown>[]): number[] =>
  rows.map((row) => Number(row.id));

/** `column` is one of `ids` (one array parameter whatever the count). */
export const idAmong = (column: AnyPgColumn, ids: readonly number[]): SQL =>
  sql`${column} = any(${`{${ids.join(',')}}`}::integer[])`;

/**
 * Inserts `rows` as the owner's rows of a reference table (`id`, `company_id`) in one statement reading them as
 * `records`: each of `keys` is a column of the table (its key in the schema), written from the rows' same key with
 * the schema's SQL type. Answers the new ids in the rows' order; none and no statement when `rows` is empty. A taken
 * name throws the translated database error.
 */
export async function insertOwnedRecords<Row extends object>(
  tx: Executor,
  table: PgTable,
  owner: Owner,
  rows: readonly Row[],
  keys: ReadonlyArray<keyof Row & string>,
): Promise<number[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table);
  const columnOf = (key: string) => {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column of the table`);
    return column;
  };
  // A column's name in the database as drizzle's `casing: 'snake_case'` gives it: its key in snake case, unless the
  // schema names the column itself.
  const nameOf = (key: string) => {
    const column = columnOf(key);
    return column.keyAsName ? toSnakeCase(column.name) : column.name;
  };
  // The keys are the caller's constants (and columns of the table), never data.
  const list = (each: (key: string) => string) => sql.raw(keys.map(each).join(', '));
  const values = rows.map((row) => Object.fromEntries(keys.map((key) => [key, row[key]])));
  const result = await translateDbErrors(() =>
    tx.execute(sql`
      insert into ${table} (company_id, ${list((key) => `"${nameOf(key)}"`)})
      select ${owner}::integer, ${list((key) => `v."${key}"`)}
      from ${records(values)} as v(${list((key) => `"${key}" ${columnOf(key).getSQLType()}`)})
      returning id`),
  );
  return idsOf(result.rows);
}

/**
 * Inserts the owner's row of a reference table unless it clashes with one there (`ON CONFLICT DO NOTHING`, so a
 * concurrent insert of the same name neither fails nor aborts the caller's transaction): the new row, or
 * undefined when one was there.
 */
export async function insertOwnedIfAbsent<T extends PgTable & { companyId: AnyPgColumn }>(
  tx: Executor,
  table: T,
  owner: Owner,
  values: Omit<T['$inferInsert'], 'companyId'>,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await tx
    .insert(table)
    .values({ ...values, companyId: owner } as T['$inferInsert'])
    .onConflictDoNothing()
    .returning();
  return row as T['$inferSelect'] | undefined;
}

/**
 * Sets `values` on the owner's row `id` of a reference table (a unit, a material): the row as written, or
 * undefined when the owner has no such row. A taken name throws `UniqueViolationError`.
 */
export async function updateOwnedRow<
  T extends PgTable & { id: AnyPgColumn; companyId: AnyPgColumn },
>(
  tx: Executor,
  table: T,
  owner: Owner,
  id: number,
  values: Partial<T['$inferInsert']>,
): Promise<T['$inferSelect'] | undefined> {
  const rows = (await translateDbErrors(() =>
    tx
      .update(table)
      .set(values)
      .where(and(eq(table.id, id), ownedBy(table.companyId, owner)))
      .returning(),
  )) as Array<T['$inferSelect']>;
  return rows[0];
}

/**
 * Deletes the owner's rows among `ids` of a reference table (`id`, `company_id`) in one statement: what an
 * import's undo of its inserts runs (pills, staff, units). None when `ids` is empty; a row still referenced throws
 * the translated database error.
 */
export async function deleteOwnedRows(
  tx: Executor,
  table: PgTable & { id: AnyPgColumn; companyId: AnyPgColumn },
  owner: Owner,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  await translateDbErrors(() =>
    tx.delete(table).where(sql`${idAmong(table.id, ids)} and ${ownedBy(table.companyId, owner)}`),
  );
}

/**
 * Deletes the owner's row `id` of a reference table (a unit, a material); false when the owner has no such row.
 * A row still referenced (a unit a material uses) throws `ForeignKeyViolationError` and nothing is deleted.
 */
export async function deleteOwnedRow(
  tx: Executor,
  table: PgTable & { id: AnyPgColumn; companyId: AnyPgColumn },
  owner: Owner,
  id: number,
): Promise<boolean> {
  const rows = await translateDbErrors(() =>
    tx
      .delete(table)
      .where(and(eq(table.id, id), ownedBy(table.companyId, owner)))
      .returning({ id: table.id }),
  );
  return rows.length > 0;
}
