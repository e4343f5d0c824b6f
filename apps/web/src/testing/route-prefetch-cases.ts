import type { LoaderFunction } from 'react-router';
import { describe, expect, it } from 'vitest';

import { createRoutes } from '@/app/router';

import { fetchedRequests } from './fetch-calls';
import { expectNoPrefetchWithoutSession, runLoader } from './run-loader';
import { renderRoutes, screen, testUser, waitFor, type mockFetch } from './test-utils';

/** A page whose route loader prefetches: its h1 and the calls it makes as it opens, in the loader's order. */
export type PrefetchedPage = {
  path: string;
  heading: string;
  loader: LoaderFunction;
  /** `query`: the query string a paged list sends (none when left out). */
  calls: { path: string; query?: Record<string, string> }[];
};

type FetchSpy = ReturnType<typeof mockFetch>;

const gets = (spy: FetchSpy) =>
  fetchedRequests(spy)
    .filter((request) => request.method === 'GET')
    .map(({ url }) => ({
      path: url.pathname,
      ...(url.search ? { query: Object.fromEntries(url.searchParams) } : {}),
    }));

const byPath = (calls: PrefetchedPage['calls']) => calls.map((call) => call.path).sort();

/**
 * House guide §2.4 for each page: its loader starts the page's first queries without waiting for them, prefetches
 * nothing for a visitor without a session, and the rendered page asks for each of its first data once.
 * `fakeServer` answers every first call of the pages.
 */
export function describeRoutePrefetch(
  title: string,
  pages: PrefetchedPage[],
  fakeServer: () => FetchSpy,
): void {
  describe(title, () => {
    it.each(pages)('$path starts its first queries without waiting for them', async (page) => {
      const spy = fakeServer();

      const { result } = runLoader(page.loader, testUser);

      // Nothing is awaited: the page renders at once, with its skeleton.
      expect(result).toBeNull();
      await waitFor(() => expect(gets(spy)).toHaveLength(page.calls.length));
      expect(gets(spy)).toEqual(page.calls);
    });

    it.each(pages)('$path prefetches nothing for a visitor without a session', (page) => {
      expectNoPrefetchWithoutSession(page.loader, fakeServer());
    });

    it.each(pages)('$path asks for each of its first data once', async (page) => {
      const spy = fakeServer();
      const { queryClient } = renderRoutes(createRoutes(), { path: page.path, user: testUser });

      expect(
        await screen.findByRole('heading', { level: 1, name: page.heading }, { timeout: 10_000 }),
      ).toBeInTheDocument();
      await waitFor(() => expect(gets(spy)).toHaveLength(page.calls.length));
      // The page's own queries found the loader's requests on their way and did not repeat them: once every
      // query has settled, nothing more was asked.
      await waitFor(() => expect(queryClient.isFetching()).toBe(0));
      expect(byPath(gets(spy))).toEqual(byPath(page.calls));
    });
  });
}
