import { apiRoutes } from '@medcalc/domain';
import { useQuery, type QueryKey } from '@tanstack/react-query';

import type { PageParams } from '@/hooks/use-paged-search';
import { pageQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/*
 * The administrator's pages of reference data (spec §7; admin only), each a paged search: the templates' own
 * materials and units, and those the companies made (each with its company, the author).
 */

/** The query of one page of `route`, under the key `keyOf` gives the page's parameters. */
const pageOf =
  <R extends Parameters<typeof pageQueryOptions>[0], K extends QueryKey>(
    route: R,
    keyOf: (params: PageParams) => K,
  ) =>
  (params: PageParams) =>
    pageQueryOptions(route, keyOf(params), params);

const templatePills = pageOf(apiRoutes.pills.templatePage, queryKeys.pills.templatePage);
const companyPills = pageOf(apiRoutes.pills.companiesPage, queryKeys.pills.companiesPage);
const templateUnits = pageOf(
  apiRoutes.measurements.templatePage,
  queryKeys.measurements.templatePage,
);
const companyUnits = pageOf(
  apiRoutes.measurements.companiesPage,
  queryKeys.measurements.companiesPage,
);

/** `GET /api/pills?page&perPage&search` (spec §7 "Shared reference data"): template materials. */
export const useTemplatePills = (params: PageParams) => useQuery(templatePills(params));

/** `GET /api/pills/companies?page&perPage&search`: the materials companies made. */
export const useCompanyPills = (params: PageParams) => useQuery(companyPills(params));

/** `GET /api/measurements?page&perPage&search` (spec §7 "Shared reference data"): standard units. */
export const useTemplateMeasurements = (params: PageParams) => useQuery(templateUnits(params));

/** `GET /api/measurements/companies?page&perPage&search`: the units companies made. */
export const useCompanyMeasurements = (params: PageParams) => useQuery(companyUnits(params));
