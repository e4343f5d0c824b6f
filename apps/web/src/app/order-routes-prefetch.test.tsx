import { emptyCompanyInfo } from '@medcalc/domain';
import type { LoaderFunction } from 'react-router';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fetchedRequests } from '@/testing/fetch-calls';
import { expectNoPrefetchWithoutSession, runLoader } from '@/testing/run-loader';
import { jsonResponse, mockFetch, renderRoutes, testUser } from '@/testing/test-utils';

import { createRoutes } from './router';
import { loader as createOrderLoader } from './routes/app/create-order';
import { loader as ordersLoader } from './routes/app/orders';

const COMPANY = testUser.companyIdentifier;

/** The calls each orders page makes as it opens (spec §7), in the order its loader starts them. */
const PAGES: { path: string; heading: string; loader: LoaderFunction; calls: string[] }[] = [
  {
    path: '/orders',
    heading: 'Список розрахованих послуг',
    loader: ordersLoader,
    calls: ['/api/orders'],
  },
  {
    path: '/orders/create_order',
    heading: 'Нове замовлення',
    loader: createOrderLoader,
    calls: ['/api/get-templates-list', '/api/get-categories', `/api/company-info/${COMPANY}`],
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

function fakeServer() {
  return mockFetch((call) =>
    call.path.startsWith('/api/company-info/')
      ? jsonResponse(200, emptyCompanyInfo())
      : jsonResponse(200, []),
  );
}

const gets = (spy: ReturnType<typeof mockFetch>) =>
  fetchedRequests(spy)
    .filter((request) => request.method === 'GET')
    .map((request) => request.url.pathname);

describe('route loaders of the orders pages (house guide §2.4)', () => {
  it.each(PAGES)('$path starts its first queries without waiting for them', async (page) => {
    const spy = fakeServer();

    expect(runLoader(page.loader, testUser).result).toBeNull();

    await waitFor(() => expect(gets(spy)).toEqual(page.calls));
  });

  it.each(PAGES)('$path prefetches nothing for a visitor without a session', (page) => {
    expectNoPrefetchWithoutSession(page.loader, fakeServer());
  });

  it.each(PAGES)('$path asks for each of its first data once', async (page) => {
    const spy = fakeServer();
    const { queryClient } = renderRoutes(createRoutes(), { path: page.path, user: testUser });

    expect(
      await screen.findByRole('heading', { level: 1, name: page.heading }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(new Set(gets(spy))).toEqual(new Set(page.calls)));
    // The page's own queries found the loader's requests on their way and did not repeat them: once every
    // query has settled, nothing more was asked.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect([...gets(spy)].sort()).toEqual([...page.calls].sort());
  });
});
