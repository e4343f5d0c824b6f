import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Migration 0019 (issue 34) rewrites `order_invoices` under rows already printed: its key becomes the provider's
 * sequence (provider, year, number), `order_id` may go null when an order is erased, and `issued_at` is filled from
 * the order's placing. It also names the actors of older log rows by e-mail. This runs it over a database migrated
 * to 0018 that holds such rows, as an existing install meets it.
 */
const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));
const BEFORE = '0018_job_file_chunks';

let folder: string;
let client: PGlite;

/** A copy of the migrations whose journal stops at `lastTag`. */
function migrationsUpTo(lastTag: string): string {
  const copy = path.join(folder, 'drizzle');
  cpSync(MIGRATIONS, copy, { recursive: true });
  const journalPath = path.join(copy, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return copy;
}

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'medcalc-migration-'));
  client = new PGlite();
  await migrate(drizzle(client), { migrationsFolder: migrationsUpTo(BEFORE) });
  await client.exec(`
    INSERT INTO companies (id, identifier, name, info) VALUES (1, 'c1', 'Клініка', '{}');
    INSERT INTO users (id, identifier, company_id, name, email, password_hash)
      VALUES (1, 'u1', 1, 'Олена', 'olena@example.com', 'x');
    INSERT INTO orders (id, identifier, company_id, name, company_info, created_at, number_year, number)
      VALUES (1, 'o1', 1, 'Перше', '{}', '2026-02-03T09:00:00Z', 2026, 1),
             (2, 'o2', 1, 'Друге', '{}', '2026-03-04T10:00:00Z', 2026, 2);
    INSERT INTO order_invoices (order_id, provider_code, year, number) VALUES (1, 'P', 2026, 1), (2, 'P', 2026, 2);
    INSERT INTO activity_log (company_id, actor_id, actor_name, kind, subject)
      VALUES (1, 1, 'Олена', 'order', 'Перше'), (1, NULL, 'Хтось', 'order', 'Друге');
  `);
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
}, 60_000);

afterAll(async () => {
  await client.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('migration 0019 over an existing database', () => {
  it('keeps every printed invoice number and dates it by its order’s placing', async () => {
    const { rows } = await client.query<{ order_id: number; number: number; issued_at: Date }>(
      'SELECT order_id, number, issued_at FROM order_invoices ORDER BY number',
    );
    expect(rows.map((row) => [row.order_id, row.number, row.issued_at.toISOString()])).toEqual([
      [1, 1, '2026-02-03T09:00:00.000Z'],
      [2, 2, '2026-03-04T10:00:00.000Z'],
    ]);
  });

  it('keeps an erased order’s number as a cancelled invoice, so the sequence has no gap', async () => {
    await client.exec('DELETE FROM orders WHERE id = 1');
    const { rows } = await client.query<{ order_id: number | null; number: number }>(
      'SELECT order_id, number FROM order_invoices ORDER BY number',
    );
    expect(rows).toEqual([
      { order_id: null, number: 1 },
      { order_id: 2, number: 2 },
    ]);
    // The number stays taken: the provider's sequence is the key now.
    await expect(
      client.exec(
        "INSERT INTO order_invoices (order_id, provider_code, year, number, issued_at) VALUES (2, 'P', 2026, 1, now())",
      ),
    ).rejects.toThrow(/duplicate key/);
  });

  it('names older log rows by their actor’s e-mail where the account still exists', async () => {
    const { rows } = await client.query<{ actor_name: string; actor_email: string | null }>(
      'SELECT actor_name, actor_email FROM activity_log ORDER BY id',
    );
    expect(rows).toEqual([
      { actor_name: 'Олена', actor_email: 'olena@example.com' },
      { actor_name: 'Хтось', actor_email: null },
    ]);
  });

  it('leaves existing users signing in as before (no forced password change)', async () => {
    const { rows } = await client.query<{ must_change_password: boolean }>(
      'SELECT must_change_password FROM users',
    );
    expect(rows).toEqual([{ must_change_password: false }]);
  });
});
