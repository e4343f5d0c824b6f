import { and, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { lastPageOf, type PageQuery, type Paged } from '@medcalc/domain';
import type { Executor } from '../db/client';
import { foldCase } from '../db/fold-case';

export { foldCase };

/** Escapes LIKE's wildcards, so a search for `50%` or `a_b` matches those characters literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * Where the folded text of a row comes from: a column (folded here, per row) or a stored column that already
 * holds `foldCase(name)` (`{ folded: column }`, e.g. `name_folded`), which saves folding every row per query.
 */
export type FoldedSource = AnyColumn | SQL | { folded: AnyColumn };

const foldedOf = (source: FoldedSource): SQL | AnyColumn =>
  'folded' in source ? source.folded : foldCase(source);

/** `source` contains `search`, case-insensitively (Cyrillic included), wildcards taken literally. */
export function containsFolded(source: FoldedSource, search: string): SQL {
  const pattern = `%${escapeLike(search)}%`;
  return sql`${foldedOf(source)} like ${foldCase(sql`${pattern}::text`)} escape '\\'`;
}

/** `source` equals `name`, case-insensitively (Cyrillic included); surrounding spaces are ignored. */
export function equalsFolded(source: FoldedSource, name: string): SQL {
  return sql`${foldedOf(source)} = ${foldCase(sql`${name.trim()}::text`)}`;
}

/** LIMIT/OFFSET of a page. The offset is capped so an absurd `?page=` cannot overflow PostgreSQL's bigint. */
export function pageWindow(query: Pick<PageQuery, 'page' | 'perPage'>): {
  limit: number;
  offset: number;
} {
  const offset = Math.min((query.page - 1) * query.perPage, Number.MAX_SAFE_INTEGER);
  return { limit: query.perPage, offset };
}

/**
 * The spec's paged answer (spec §3 "Paged response"): `currentPage` echoes the page asked for, `lastPage` is at
 * least 1, and a page past the end has empty `data`.
 */
export function toPaged<T>(
  rows: T[],
  total: number,
  query: Pick<PageQuery, 'page' | 'perPage'>,
): Paged<T> {
  return {
    data: rows,
    meta: { currentPage: query.page, lastPage: lastPageOf(total, query.perPage) },
  };
}

/** What a repository's search page is asked for: the search text and the page's window. */
export type PageFilter = { search: string; limit: number; offset: number };

/** An ordered select of rows that a page cuts to its window. */
type OrderedRows<T> = { limit(limit: number): { offset(offset: number): PromiseLike<T[]> } };

/**
 * A repository's page of one table: `rows` (its ordered select of the rows where `where` holds) cut to the page's
 * window, and how many of `table`'s rows `where` matches. The count runs first, as each page query did.
 */
export async function pageOfTable<T>(
  tx: Executor,
  table: PgTable,
  where: SQL | undefined,
  rows: OrderedRows<T>,
  window: Pick<PageFilter, 'limit' | 'offset'>,
): Promise<{ rows: T[]; total: number }> {
  const total = await tx.$count(table, where);
  return { rows: await rows.limit(window.limit).offset(window.offset), total };
}

/**
 * A repository's search page of a reference table whose rows have a stored folded name (units, materials): the rows
 * where `scope` holds whose name contains the search (every one for an empty search), in `select`'s order (its
 * select of the rows where a condition holds), and how many there are.
 */
export function pageOfNamed<T>(
  tx: Executor,
  table: PgTable & { nameFolded: AnyColumn },
  scope: SQL,
  select: (where: SQL | undefined) => OrderedRows<T>,
  filter: PageFilter,
): Promise<{ rows: T[]; total: number }> {
  const search =
    filter.search === '' ? undefined : containsFolded({ folded: table.nameFolded }, filter.search);
  const where = and(scope, search);
  return pageOfTable(tx, table, where, select(where), filter);
}

/**
 * One page of a searchable list (spec §7 `?page&perPage&search`): `fetch` reads the rows of the page's window that
 * match the search, and their total; the answer is the spec's paged one.
 */
export async function searchPage<T>(
  query: PageQuery,
  fetch: (filter: PageFilter) => Promise<{ rows: T[]; total: number }>,
): Promise<Paged<T>> {
  const { rows, total } = await fetch({ search: query.search, ...pageWindow(query) });
  return toPaged(rows, total, query);
}
