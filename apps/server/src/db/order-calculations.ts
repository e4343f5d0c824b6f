import { asc, eq } from 'drizzle-orm';
import type { Executor } from './client';
import { calculations, categories } from './schema';

/**
 * An order's calculations (services) in position order, each with its category's name (null once the category is
 * deleted) and its stored results (null until the order is calculated). The one query both the orders module (an
 * order's detail, its copy, the admin's view) and the calculations module (the wizard's save and calculate, the
 * documents) read an order's services with; each repository narrows the row to the record it declares.
 */
export function selectCalculationsOfOrder(tx: Executor, orderId: number) {
  return tx
    .select({
      id: calculations.id,
      identifier: calculations.identifier,
      categoryId: calculations.categoryId,
      categoryName: categories.name,
      name: calculations.name,
      position: calculations.position,
      content: calculations.content,
      summary: calculations.summary,
      summaryWithProfit: calculations.summaryWithProfit,
      cost: calculations.cost,
    })
    .from(calculations)
    .leftJoin(categories, eq(categories.id, calculations.categoryId))
    .where(eq(calculations.orderId, orderId))
    .orderBy(asc(calculations.position), asc(calculations.id));
}
