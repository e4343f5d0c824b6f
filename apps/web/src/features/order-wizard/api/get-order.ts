import { useQuery } from '@tanstack/react-query';

import { ApiRequestError } from '@/lib/api-client';
import { orderDetailQueryOptions } from '@/lib/queries/order-detail';

/**
 * The order the wizard edits (`GET /api/orders/{identifier}`, shared with the order card: `lib/queries`). Its 403
 * (not paid yet) and 404 are not toasted: the wizard shows them in the page (`readOrderRefusal`).
 */
export const useOrder = (identifier: string) => useQuery(orderDetailQueryOptions(identifier));

/** The refusal of an unpaid (403) or unknown (404) order, as the server worded it. */
export function readOrderRefusal(
  error: unknown,
): { status: 403 | 404; message: string } | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  if (error.status !== 403 && error.status !== 404) return undefined;
  return { status: error.status, message: error.message };
}
