import { ROW_USAGE_LIMIT, type RowUsage } from '@medcalc/domain';

/**
 * The port through which the staff and pills modules ask which orders use one of their rows (issue 33: the delete
 * question names them). The `calculations` table's one repository satisfies it; app.ts passes it in.
 */
export interface RowUsageStore {
  ordersUsing(
    companyId: number,
    row: { kind: 'staff' | 'pill'; id: number },
    limit: number,
  ): Promise<RowUsage>;
}

/** The company's orders that use the row, at most {@link ROW_USAGE_LIMIT} named. */
export const ordersUsingRow = (
  store: RowUsageStore,
  companyId: number,
  row: { kind: 'staff' | 'pill'; id: number },
): Promise<RowUsage> => store.ordersUsing(companyId, row, ROW_USAGE_LIMIT);
