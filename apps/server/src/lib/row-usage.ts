import { ROW_USAGE_LIMIT, type RowUsage } from '@medcalc/domain';

/** A row of a reference table that a calculation's lines may point at. */
export interface UsedRow {
  kind: 'staff' | 'pill' | 'equipment';
  id: number;
}

/**
 * The port through which the staff, pills and equipment modules ask which orders use one of their rows (issue 33: the delete
 * question names them). The `calculations` table's one repository satisfies it; app.ts passes it in.
 */
export interface RowUsageStore {
  ordersUsing(companyId: number, row: UsedRow, limit: number): Promise<RowUsage>;
}

/** The company's orders that use the row, at most {@link ROW_USAGE_LIMIT} named. */
export const ordersUsingRow = (
  store: RowUsageStore,
  companyId: number,
  row: UsedRow,
): Promise<RowUsage> => store.ordersUsing(companyId, row, ROW_USAGE_LIMIT);
