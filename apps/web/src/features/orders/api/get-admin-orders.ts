import { apiRoutes, type OrderStatus } from '@medcalc/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { routeQueryOptions } from '@/lib/api-hooks';

/** The admin list's filters (issue 11); an empty or missing one does not narrow the list. */
export type AdminOrdersFilters = {
  search?: string;
  companyIdentifier?: string;
  status?: OrderStatus;
};

/** Only the filters that narrow the list, so `{}` and `{ search: '' }` share one cache entry and one URL. */
function activeFilters(filters: AdminOrdersFilters): AdminOrdersFilters {
  const active: AdminOrdersFilters = {};
  const search = filters.search?.trim();
  if (search) active.search = search;
  if (filters.companyIdentifier) active.companyIdentifier = filters.companyIdentifier;
  if (filters.status) active.status = filters.status;
  return active;
}

/**
 * `GET /api/administrator/orders?search&companyIdentifier&status` (spec §7; the filters are issue 11's additions):
 * the orders of every company, still a plain array, each row with its company identifier, number of services,
 * fee and the company's contact. Only the active filters go into the query string.
 */
export const getAdminOrdersQueryOptions = (filters: AdminOrdersFilters = {}) => {
  const active = activeFilters(filters);
  return queryOptions({
    ...routeQueryOptions(apiRoutes.admin.orders, ['orders', { scope: 'admin', ...active }], {
      query: active,
    }),
    // The table keeps showing the last answer (with its loading mask) while a new filter is fetched.
    placeholderData: keepPreviousData,
  });
};

export const useAdminOrders = (filters: AdminOrdersFilters = {}) =>
  useQuery(getAdminOrdersQueryOptions(filters));
