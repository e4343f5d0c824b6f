import { types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteForDrizzle, PGLITE_PREPARED_LIMIT } from './pglite-client';

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

describe('statements the client prepares in the database', () => {
  const prepared = async () =>
    (
      await opened.client.query<{ name: string }>('select name from pg_prepared_statements')
    ).rows.map((row) => row.name);

  it('prepares a SELECT with integer parameters on its second run and answers the same rows', async () => {
    await opened.client.exec(
      "create table p (id int primary key, company int, name text); insert into p values (1, 7, 'Перше'), (2, 7, 'Друге'), (3, 8, 'Третє')",
    );
    const text = 'select id, name from p where company = $1 order by id';
    const before = await prepared();
    const first = await opened.forDrizzle.query(text, [7]);
    expect(await prepared()).toEqual(before);
    const second = await opened.forDrizzle.query(text, [7]);
    const other = await opened.forDrizzle.query(text, [8], { rowMode: 'array' });
    const added = (await prepared()).filter((name) => !before.includes(name));
    expect(added).toHaveLength(1);
    expect(first.rows).toEqual([
      { id: 1, name: 'Перше' },
      { id: 2, name: 'Друге' },
    ]);
    expect(second.rows).toEqual(first.rows);
    expect(second.fields.map((field) => field.name)).toEqual(['id', 'name']);
    expect(other.rows).toEqual([[3, 'Третє']]);
  });

  it('leaves text parameters, writes and non-integers to the plain query', async () => {
    const before = await prepared();
    for (let run = 0; run < 3; run += 1) {
      await opened.forDrizzle.query('select id from p where name = $1', ['Перше']);
      await opened.forDrizzle.query('select id from p where id::float8 < $1', [1.5]);
      await opened.forDrizzle.query('update p set company = company where id = $1', [1]);
    }
    expect(await prepared()).toEqual(before);
  });

  it('runs the query as written when a table changed under a prepared plan', async () => {
    const text = 'select * from p where id = $1';
    await opened.forDrizzle.query(text, [1]);
    await opened.forDrizzle.query(text, [1]);
    await opened.client.exec('alter table p add column extra int default 5');
    const after = await opened.forDrizzle.query(text, [1]);
    expect(after.rows).toEqual([{ id: 1, company: 7, name: 'Перше', extra: 5 }]);
    // A real error still reaches the caller.
    await opened.forDrizzle.query('select id / (id - $1) from p where id = 1', [0]);
    await expect(
      opened.forDrizzle.query('select id / (id - $1) from p where id = 1', [1]),
    ).rejects.toThrow(/division by zero/);
  });

  it('answers queries that run at once while their statement is being prepared, preparing it once', async () => {
    const text = 'select name from p where company = $1 order by id';
    await opened.forDrizzle.query(text, [7]);
    const before = await prepared();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => opened.forDrizzle.query(text, [7 + (index % 2)])),
    );
    answers.forEach((answer, index) =>
      expect(answer.rows).toEqual(
        index % 2 === 0 ? [{ name: 'Перше' }, { name: 'Друге' }] : [{ name: 'Третє' }],
      ),
    );
    expect((await prepared()).filter((name) => !before.includes(name))).toHaveLength(1);
  });
});

describe('the limit of prepared statements', () => {
  it('keeps using the prepared statements once the limit is reached, and prepares no more', async () => {
    const lite = await openPgliteForDrizzle('memory://');
    try {
      const count = async () =>
        (
          await lite.client.query<{ n: number }>(
            'select count(*)::int as n from pg_prepared_statements',
          )
        ).rows[0]?.n;
      const hot = 'select $1::int + 1 as n';
      await lite.forDrizzle.query(hot, [1]);
      await lite.forDrizzle.query(hot, [1]);
      for (let index = 0; index < PGLITE_PREPARED_LIMIT + 10; index += 1) {
        const text = `select $1::int + ${index + 2} as n`;
        await lite.forDrizzle.query(text, [1]);
        await lite.forDrizzle.query(text, [1]);
      }
      expect(await count()).toBe(PGLITE_PREPARED_LIMIT);
      // The hot statement still runs prepared: a table it reads changing under it shows that it was EXECUTEd.
      const before = (
        await lite.client.query<{ calls: number }>(
          "select generic_plans + custom_plans as calls from pg_prepared_statements where statement like 'PREPARE medcalc_p1 %'",
        )
      ).rows[0]?.calls;
      expect((await lite.forDrizzle.query(hot, [41])).rows).toEqual([{ n: 42 }]);
      const after = (
        await lite.client.query<{ calls: number }>(
          "select generic_plans + custom_plans as calls from pg_prepared_statements where statement like 'PREPARE medcalc_p1 %'",
        )
      ).rows[0]?.calls;
      expect(Number(after)).toBe(Number(before) + 1);
    } finally {
      await lite.client.close();
    }
    // A fresh PGlite (initdb) and a few hundred statements: 14 s in a full run, 43 s when that run was loaded.
  }, 120_000);
});
