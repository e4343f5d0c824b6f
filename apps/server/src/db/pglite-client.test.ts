import { types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteForDrizzle } from './pglite-client';

let opened: Awaited<ReturnType<typeof openPgliteForDrizzle>>;

beforeAll(async () => {
  opened = await openPgliteForDrizzle('memory://');
});

afterAll(async () => {
  await opened.client.close();
});

const asText = (value: string) => value;

describe('the PGlite client handed to Drizzle', () => {
  it('answers Drizzle’s text types as text with or without the parsers Drizzle passes', async () => {
    const text = 'select $1::timestamptz as at, $2::date as day';
    const params = ['2026-11-22T10:00:00Z', '2026-11-22'];
    const withDrizzleParsers = await opened.forDrizzle.query(text, params, {
      rowMode: 'array',
      parsers: { [types.TIMESTAMPTZ]: asText, [types.DATE]: asText },
    });
    const bare = await opened.forDrizzle.query(text, params, { rowMode: 'array' });
    expect(withDrizzleParsers.rows).toEqual([['2026-11-22 10:00:00+00', '2026-11-22']]);
    expect(bare.rows).toEqual(withDrizzleParsers.rows);
  });

  it('keeps a caller’s parsers for any other type', async () => {
    const result = await opened.forDrizzle.query<{ n: string }>('select 41 + 1 as n', [], {
      parsers: { [types.INT4]: (value: string) => `№${value}` },
    });
    expect(result.rows).toEqual([{ n: '№42' }]);
    // …and PGlite's own parsers otherwise.
    expect((await opened.forDrizzle.query('select 41 + 1 as n')).rows).toEqual([{ n: 42 }]);
  });

  it('passes transactions and everything else to the client itself', async () => {
    await opened.forDrizzle.exec('create table t (id int primary key)');
    await opened.forDrizzle.transaction(async (tx) => {
      await tx.query('insert into t values (1), (2)');
    });
    await expect(
      opened.forDrizzle.transaction(async (tx) => {
        await tx.query('insert into t values (3)');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await opened.client.query('select id from t order by id')).rows).toEqual([
      { id: 1 },
      { id: 2 },
    ]);
  });
});
