import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { integer, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../db/client';
import { insertOwnedRecords } from './bulk-rows';

// A reference table as the schema writes them: keys in camel case that drizzle's `casing: 'snake_case'` names in
// the database, and one column the schema names itself.
const items = pgTable('bulk_items', {
  id: serial().primaryKey(),
  companyId: integer(),
  unitPrice: numeric({ precision: 16, scale: 4 }).notNull(),
  code: text('legacy_code').notNull(),
});

let client: PGlite;
let db: ReturnType<typeof drizzle>;

beforeAll(async () => {
  client = await PGlite.create('memory://');
  db = drizzle({ client, casing: 'snake_case' });
  await db.execute(sql`
    create table bulk_items (
      id serial primary key,
      company_id integer,
      unit_price numeric(16, 4) not null,
      legacy_code text not null
    )`);
});
afterAll(async () => {
  await client.close();
});

describe('insertOwnedRecords', () => {
  it('writes each key to its column, as drizzle names it, for the owner, and answers the ids in order', async () => {
    const rows = [
      { unitPrice: '0.3400', code: 'A-1', ignored: 'x' },
      { unitPrice: '12.5', code: 'B-2', ignored: 'y' },
    ];
    const ids = await insertOwnedRecords(db as unknown as Executor, items, 7, rows, [
      'unitPrice',
      'code',
    ]);
    expect(ids).toHaveLength(2);
    const stored = await db.select().from(items).orderBy(items.id);
    expect(stored).toEqual([
      { id: ids[0], companyId: 7, unitPrice: '0.3400', code: 'A-1' },
      { id: ids[1], companyId: 7, unitPrice: '12.5000', code: 'B-2' },
    ]);
  });

  it('writes nothing for no rows', async () => {
    expect(await insertOwnedRecords(db as unknown as Executor, items, null, [], [])).toEqual([]);
  });
});
