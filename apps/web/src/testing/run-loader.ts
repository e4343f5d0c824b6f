import type { CurrentUser } from '@medcalc/domain';
import type { LoaderFunction } from 'react-router';
import { expect } from 'vitest';

import { createRouteContext } from '@/app/route-prefetch';
import { USER_QUERY_KEY } from '@/lib/auth';

import { createTestQueryClient, type mockFetch } from './test-utils';

/**
 * Runs a route loader as the router does, with a fresh QueryClient in its context that already knows the
 * signed-in `user` (or that there is none).
 */
export function runLoader(loader: LoaderFunction, user: CurrentUser | null) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, user);
  const url = new URL('http://localhost/');
  const result = loader({
    request: new Request(url),
    url,
    pattern: '/',
    params: {},
    context: createRouteContext(queryClient)(),
  });
  return { queryClient, result };
}

/**
 * Runs `loader` for a visitor without a session and checks that it prefetched nothing: a prefetch puts its
 * query into the cache at once, so only the signed-in user's entry may be there, and `fetch` was not called.
 */
export function expectNoPrefetchWithoutSession(
  loader: LoaderFunction,
  spy: ReturnType<typeof mockFetch>,
) {
  const { queryClient } = runLoader(loader, null);
  expect(queryClient.getQueryCache().getAll()).toHaveLength(1);
  expect(queryClient.isFetching()).toBe(0);
  expect(spy).not.toHaveBeenCalled();
}
