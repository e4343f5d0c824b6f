import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  containsFolded,
  equalsFolded,
  escapeLike,
  foldCase,
  pageWindow,
  toPaged,
} from './paginate';

let client: PGlite;
let db: ReturnType<typeof drizzle>;

beforeAll(async () => {
  client = await PGlite.create('memory://');
  db = drizzle({ client });
});
afterAll(async () => {
  await client.close();
});

async function value<T>(expression: SQL): Promise<T> {
  const result = await db.execute<{ value: T }>(sql`select ${expression} as value`);
  return result.rows[0]?.value as T;
}

describe('foldCase', () => {
  it('folds Cyrillic even where lower() does not (a C-locale column)', async () => {
    // The hazard: under the C collation PostgreSQL lowers ASCII only.
    expect(await value<string>(sql`lower('ГЕЛЬ Gel' collate "C")`)).toBe('ГЕЛЬ gel');
    expect(await value<string>(foldCase(sql`'ГЕЛЬ Gel' collate "C"`))).toBe('гель gel');
    expect(await value<string>(foldCase(sql`'ҐЄІЇЁЎЪЫЭ' collate "C"`))).toBe('ґєіїёўъыэ');
  });
});

describe('containsFolded and equalsFolded', () => {
  const matches = async (name: string, condition: (column: SQL) => SQL) =>
    value<boolean>(condition(sql`${name}::text collate "C"`));

  it('matches case-insensitively with Ukrainian letters', async () => {
    const contains = (search: string) => (column: SQL) => containsFolded(column, search);
    expect(await matches('Гель для УЗД', contains('гел'))).toBe(true);
    expect(await matches('ємність', contains('ЄМН'))).toBe(true);
    expect(await matches('Бинт', contains('гел'))).toBe(false);
    const equals = (name: string) => (column: SQL) => equalsFolded(column, name);
    expect(await matches('Ґудзик', equals(' ґУДЗИК '))).toBe(true);
    expect(await matches('Ґудзик', equals('Ґудзики'))).toBe(false);
  });

  it('takes LIKE wildcards in the search literally', async () => {
    const contains = (search: string) => (column: SQL) => containsFolded(column, search);
    expect(await matches('Розчин 50%', contains('50%'))).toBe(true);
    expect(await matches('Розчин 505', contains('50%'))).toBe(false);
    expect(await matches('a_b', contains('a_b'))).toBe(true);
    expect(await matches('axb', contains('a_b'))).toBe(false);
    expect(await matches('a\\b', contains('\\'))).toBe(true);
    expect(await matches('ab', contains('\\'))).toBe(false);
  });
});

describe('escapeLike', () => {
  it('escapes %, _ and the escape character itself', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
    expect(escapeLike('Гель')).toBe('Гель');
  });
});

describe('pageWindow and toPaged', () => {
  it('turns a page into LIMIT/OFFSET and caps the offset', () => {
    expect(pageWindow({ page: 1, perPage: 10 })).toEqual({ limit: 10, offset: 0 });
    expect(pageWindow({ page: 3, perPage: 5 })).toEqual({ limit: 5, offset: 10 });
    expect(pageWindow({ page: Number.MAX_SAFE_INTEGER, perPage: 25 }).offset).toBe(
      Number.MAX_SAFE_INTEGER,
    );
  });

  it('answers the requested page with lastPage at least 1', () => {
    expect(toPaged([], 0, { page: 1, perPage: 10 })).toEqual({
      data: [],
      meta: { currentPage: 1, lastPage: 1 },
    });
    expect(toPaged(['a'], 11, { page: 2, perPage: 10 })).toEqual({
      data: ['a'],
      meta: { currentPage: 2, lastPage: 2 },
    });
  });
});
