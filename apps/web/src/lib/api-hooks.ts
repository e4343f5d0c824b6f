import type { ApiRoute, PathParams } from '@medcalc/domain';
import {
  keepPreviousData,
  queryOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { z } from 'zod';

import type { PageParams } from '@/hooks/use-paged-search';

import { callApi, callGetApi, type CallOptions, type GetRoute } from './api-client';

/*
 * The two shapes most API functions of the features take: a paged list read through the route table, and a
 * mutation that refreshes some resources afterwards. The features' api files name them (`usePills`,
 * `useCreatePill`) and say what each is for.
 */

/** Marks every query under the key prefixes `keys` stale; the ones on screen reload at once. */
export const invalidateKeys = (queryClient: QueryClient, keys: readonly QueryKey[]) =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/** The variables of a form's mutation: the route's path values beside the form's `input`. */
export type FormVariables<TPath extends object, TInput> = TPath & { input: TInput };

/**
 * The call of a form's mutation (`useApiMutation`'s `callOf`): the path values, the form's input as the body,
 * and a 422's messages put under the form's fields instead of a toast.
 */
export const formCall = <TPath extends object, TInput>({
  input,
  ...path
}: FormVariables<TPath, TInput>) => ({ path, body: input, inlineFieldErrors: true as const });

/**
 * The query of one read of the route table under `queryKey`: `call` (path values, query, quiet statuses) is sent
 * as it is, with the query's abort signal. A read that is not a paged list names its key and calls through it.
 */
export const routeQueryOptions = <
  R extends ApiRoute & { answer: z.ZodType },
  const TKey extends QueryKey,
>(
  route: R,
  queryKey: TKey,
  call: CallOptions<R>,
) => queryOptions({ queryKey, queryFn: ({ signal }) => callApi(route, { ...call, signal }) });

/**
 * {@link routeQueryOptions} of a read under the signed-in user's company (`path.companyIdentifier`): it waits while
 * the company is not known yet (an empty identifier, until the session's user has loaded).
 */
export const companyQueryOptions = <
  R extends ApiRoute & { answer: z.ZodType },
  const TKey extends QueryKey,
>(
  route: R,
  queryKey: TKey,
  call: CallOptions<R> & { path: { companyIdentifier: string } },
) => ({ ...routeQueryOptions(route, queryKey, call), enabled: call.path.companyIdentifier !== '' });

/**
 * The query of one page of a paged list (`?page&perPage&search`, spec §7): `path` fills the route's parameters.
 * The previous page stays on screen, under a spinner, while the next one loads.
 */
export function pageQueryOptions<R extends GetRoute & { query: z.ZodType }, TKey extends QueryKey>(
  route: R,
  queryKey: TKey,
  { page, perPage, search }: PageParams,
  path?: PathParams<R['path']>,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => callGetApi(route, { path, query: { page, perPage, search }, signal }),
    placeholderData: keepPreviousData,
  });
}
