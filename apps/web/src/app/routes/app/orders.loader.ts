import { getOrdersQueryOptions } from '@/features/orders/api/get-orders';

import { prefetchForCompany } from '../../route-prefetch';

/**
 * The company's orders start loading with the page's code (house guide §2.4). In a module of its own, which the
 * router imports statically (issue 39): the request leaves while the page's chunks are still on their way.
 */
export const loader = prefetchForCompany((queryClient) => {
  void queryClient.prefetchQuery(getOrdersQueryOptions());
});
