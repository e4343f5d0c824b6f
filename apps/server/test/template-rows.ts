import { count, isNull } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { type pills, type staffRates } from '../src/db/schema';
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
