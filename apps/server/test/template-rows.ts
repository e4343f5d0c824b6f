import { and, count, eq, isNull } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { type measurements, type pills, type staffRates } from '../src/db/schema';
import type { Database } from '../src/db/client';
import type { TestContext } from './helper';

/**
 * How many template rows (`company_id` null) `table` has, counted in `beforeAll` once `suite.ctx` is open: what a
 * new company's copy and the lists are compared with. Read `.total` inside tests.
 */
export function useTemplateCount(
  suite: { ctx: TestContext },
  table: typeof pills | typeof staffRates,
): { total: number } {
  const counted = { total: 0 };
  beforeAll(async () => {
    const [row] = await suite.ctx.database.db
      .select({ total: count() })
      .from(table)
      .where(isNull(table.companyId));
    counted.total = row?.total ?? 0;
  });
  return counted;
}

/** The template rows (`company_id` null) of `table` named exactly `name`: standard units or template materials. */
export async function templateRowsNamed<T extends typeof measurements | typeof pills>(
  db: Database,
  table: T,
  name: string,
): Promise<Array<T['$inferSelect']>> {
  // One query for either table: the two share `company_id` and `name`.
  const named = table as typeof measurements;
  const rows = await db
    .select()
    .from(named)
    .where(and(isNull(named.companyId), eq(named.name, name)));
  return rows as Array<T['$inferSelect']>;
}
