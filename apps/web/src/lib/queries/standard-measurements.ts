import { apiRoutes, type MeasurementInput } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { formCall, routeQueryOptions } from '@/lib/api-hooks';
import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/*
 * Units of measurement read by more than one feature: the measurements page, the materials form's unit choices
 * and step 4's unit dropdown (standard units first, then the company's own) share these keys and fetchers.
 */

/** `GET /api/get-measurements` (spec §7): the provider's standard units as `{ value, label }`. */
export const getStandardMeasurementsQueryOptions = () =>
  routeQueryOptions(apiRoutes.measurements.standardOptions, queryKeys.measurements.standard, {});

export const useStandardMeasurements = () => useQuery(getStandardMeasurementsQueryOptions());

/** `GET /api/company/{companyIdentifier}/measurements/list` (spec §7): all of the company's own units. */
export const getOwnMeasurementsQueryOptions = (companyIdentifier: string) =>
  queryOptions({
    ...routeQueryOptions(
      apiRoutes.measurements.ownList,
      queryKeys.measurements.ownList(companyIdentifier),
      { path: { companyIdentifier } },
    ),
    enabled: companyIdentifier !== '',
  });

export const useOwnMeasurements = (companyIdentifier: string) =>
  useQuery(getOwnMeasurementsQueryOptions(companyIdentifier));

/**
 * `POST /api/company/{companyIdentifier}/measurements` {name} (spec §7): the measurements page's add modal and the
 * wizard's add-unit modal (spec §2 "Generic dropdown"). The answer's message is a toast; a 422 shows under the
 * name field instead. Every measurements query is refreshed by prefix.
 */
export const useCreateMeasurement = () =>
  useApiMutation(
    apiRoutes.measurements.create,
    formCall<{ companyIdentifier: string }, MeasurementInput>,
    [queryKeys.measurements.all],
  );
