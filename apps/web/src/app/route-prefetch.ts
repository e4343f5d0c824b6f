import type { QueryClient } from '@tanstack/react-query';
import { createContext, RouterContextProvider, type LoaderFunction } from 'react-router';

import { getUserQueryOptions } from '@/lib/auth';

/**
 * The app's QueryClient as route loaders see it. React Router hands each navigation's loaders a context made
 * by the router's `getContext` ({@link createRouteContext}), so a loader fills the very cache the page reads,
 * in the app and in tests alike.
 */
export const queryClientContext = createContext<QueryClient>();

/** The `getContext` option of a data router: every loader's context carries `queryClient`. */
export const createRouteContext = (queryClient: QueryClient) => () =>
  new RouterContextProvider(new Map([[queryClientContext, queryClient]]));

/**
 * The loader of a page about the signed-in user's company (house guide §2.4: a page prefetches in its
 * loader). It starts the page's first queries and returns at once: the page shows its skeleton meanwhile,
 * and its `useQuery` calls join the requests already on their way (one request each, not two). Waiting for
 * the answers instead would keep the previous page on screen for as long as the slowest one takes and turn a
 * failed load into the route's error page rather than the page's own retry. A visitor without a session gets
 * nothing prefetched; the login guard sends them to /login.
 */
export function prefetchForCompany(
  prefetch: (queryClient: QueryClient, companyIdentifier: string) => void,
): LoaderFunction {
  return ({ context }: { context: Readonly<RouterContextProvider> }) => {
    const queryClient = context.get(queryClientContext);
    void queryClient
      .ensureQueryData(getUserQueryOptions())
      .then((user) => {
        if (user) prefetch(queryClient, user.companyIdentifier);
      })
      // The session check failed: the login guard, which asks for the same user, shows that.
      .catch(() => undefined);
    return null;
  };
}
