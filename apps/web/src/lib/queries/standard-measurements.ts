import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import { routeQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/*
 * Units of measurement read by more than one feature: the measurements page, the materials form's unit choices
 * and step 4's unit dropdown (standard units first, then the company's own) share these keys and fetchers
 * (`standard-measurements.ts`, `own-measurements.ts`; `create-measurement.ts` adds one).
 */

/** `GET /api/get-measurements` (spec §7): the provider's standard units as `{ value, label }`. */
export const getStandardMeasurementsQueryOptions = () =>
  routeQueryOptions(apiRoutes.measurements.standardOptions, queryKeys.measurements.standard, {});

export const useStandardMeasurements = () => useQuery(getStandardMeasurementsQueryOptions());
