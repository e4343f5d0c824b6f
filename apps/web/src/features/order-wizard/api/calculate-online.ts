import {
  apiRoutes,
  type CompanyInfo,
  type PriceRounding,
  type ProfitabilityResult,
  type WizardCalculations,
} from '@medcalc/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * How long after the last edit step 5 asks for a new preview, milliseconds: a number typed digit by digit
 * (or several quick edits) costs one computation, and the cost cells still follow within half a second.
 */
export const CALCULATE_ONLINE_DEBOUNCE_MS = 500;

/**
 * What the preview is computed from: the draft's institution data and calculations (each service's `vat` in its
 * content), as the wizard holds them, and the order's rounding of the final price (issue 18).
 */
export type CalculateOnlineBody = {
  companyInfo: CompanyInfo;
  calculations: WizardCalculations;
  priceRounding: PriceRounding;
};

/**
 * `POST /api/calculations/calculate-online` (spec §7): the калькуляція of every service of the draft, computed on
 * the server by the domain engine; nothing is stored. Both fields go as objects (the call also takes the JSON
 * strings save sends). The answer carries no message, so there is no success toast; a failure is shown by
 * step 5 itself (with a retry), so its toast is off too — a preview that follows typing must not pile up toasts.
 */
export const calculateOnline = (
  body: CalculateOnlineBody,
  signal?: AbortSignal,
): Promise<ProfitabilityResult> =>
  callApi(apiRoutes.calculations.calculateOnline, {
    body,
    signal,
    toast: { success: false, error: false },
  });

export const getCalculateOnlineQueryOptions = (body: CalculateOnlineBody) =>
  queryOptions({
    queryKey: queryKeys.calculateOnline(body),
    queryFn: ({ signal }) => calculateOnline(body, signal),
    // The last answer stays while the next one is computed, so the table keeps its rows and codes and only the
    // cost cells turn into spinners (spec §2 step 5).
    placeholderData: keepPreviousData,
    // The answer is a pure function of the body (the key): the same draft never needs computing twice.
    staleTime: Infinity,
  });

/**
 * The live preview of step 5 (spec §2 "Step 5": "on opening it requests a computation"; §4: a recomputation
 * "whenever the step or the calculations change", and when the order's rounding does). The first request goes at
 * once; after that the body is debounced by {@link CALCULATE_ONLINE_DEBOUNCE_MS}. `isRecomputing` is true from
 * the edit on — through the pause and the request — so the cells show a spinner instead of a number that no
 * longer matches the draft.
 */
export function useCalculateOnline({
  companyInfo,
  calculations,
  priceRounding,
}: CalculateOnlineBody) {
  // The reducer gives a changed draft new objects and keeps the unchanged ones, so identity says "changed". By hand,
  // not left to the React Compiler: the debounce and `isWaitingForPause` compare this identity, so it is logic, and
  // the compiler's memoisation is an optimisation it may choose not to make.
  const body = useMemo(
    () => ({ companyInfo, calculations, priceRounding }),
    [companyInfo, calculations, priceRounding],
  );
  const debouncedBody = useDebouncedValue(body, CALCULATE_ONLINE_DEBOUNCE_MS);
  const query = useQuery(getCalculateOnlineQueryOptions(debouncedBody));
  const isWaitingForPause = debouncedBody !== body;
  return {
    ...query,
    isRecomputing: isWaitingForPause || query.isFetching || query.isPlaceholderData,
  };
}
