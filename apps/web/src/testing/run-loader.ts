import type { CurrentUser } from '@medcalc/domain';
import type { LoaderFunction } from 'react-router';

import { createRouteContext } from '@/app/route-prefetch';
import { USER_QUERY_KEY } from '@/lib/auth';

import { createTestQueryClient } from './test-utils';

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
