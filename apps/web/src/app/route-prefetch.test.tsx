import { emptyCompanyInfo } from '@medcalc/domain';
import type { LoaderFunction } from 'react-router';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fetchedRequests } from '@/testing/fetch-calls';
import { expectNoPrefetchWithoutSession, runLoader } from '@/testing/run-loader';
import { jsonResponse, mockFetch, renderRoutes, testUser } from '@/testing/test-utils';

import { createRoutes } from './router';
import { loader as companyLoader } from './routes/app/company';
import { loader as measurementsLoader } from './routes/app/measurements';
import { loader as pillsLoader } from './routes/app/pills';
import { loader as staffLoader } from './routes/app/staff';

const COMPANY = testUser.companyIdentifier;
const FIRST_PAGE = { page: '1', perPage: '10', search: '' };
const EMPTY_PAGE = { data: [], meta: { currentPage: 1, lastPage: 1 } };

/** The first calls of each reference page (spec §7), with the query string a paged list sends. */
const PAGES: {
  path: string;
  heading: string;
  loader: LoaderFunction;
  calls: { path: string; query?: Record<string, string> }[];
}[] = [
  {
    path: '/staff',
    heading: 'Штатний розпис',
    loader: staffLoader,
    calls: [
      { path: `/api/get-stuff/${COMPANY}` },
      { path: `/api/company/${COMPANY}/imports/staff/last` },
    ],
  },
  {
    path: '/company',
    heading: 'Дані закладу',
    loader: companyLoader,
    calls: [{ path: `/api/company-info/${COMPANY}` }],
  },
  {
    path: '/measurements',
    heading: 'Одиниці виміру',
    loader: measurementsLoader,
    calls: [
      { path: '/api/get-measurements' },
      { path: `/api/company/${COMPANY}/measurements`, query: FIRST_PAGE },
      { path: `/api/company/${COMPANY}/imports/measurements/last` },
    ],
  },
  {
    path: '/pills',
    heading: 'Витратні матеріали',
    loader: pillsLoader,
    calls: [
      { path: `/api/company/${COMPANY}/pills`, query: FIRST_PAGE },
      { path: '/api/get-measurements' },
      { path: `/api/company/${COMPANY}/measurements/list` },
      { path: `/api/company/${COMPANY}/imports/pills/last` },
    ],
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Answers every first call of the pages above; nothing else is expected. */
function fakeServer() {
  return mockFetch((call) => {
    if (call.path.startsWith('/api/company-info/')) return jsonResponse(200, emptyCompanyInfo());
    if (call.path.endsWith('/last')) return jsonResponse(200, { last: null });
    if (call.path.endsWith('/pills') || call.path.endsWith('/measurements')) {
      return jsonResponse(200, EMPTY_PAGE);
    }
    return jsonResponse(200, []);
  });
}

const gets = (spy: ReturnType<typeof mockFetch>) =>
  fetchedRequests(spy).filter((request) => request.method === 'GET');

describe('route loaders of the reference pages (house guide §2.4)', () => {
  it.each(PAGES)('$path starts its first queries without waiting for them', async (page) => {
    const spy = fakeServer();

    const { result } = runLoader(page.loader, testUser);

    // Nothing is awaited: the page renders at once, with its skeleton.
    expect(result).toBeNull();
    await waitFor(() => expect(gets(spy)).toHaveLength(page.calls.length));
    expect(
      gets(spy).map((request) => ({
        path: request.url.pathname,
        ...(request.url.search ? { query: Object.fromEntries(request.url.searchParams) } : {}),
      })),
    ).toEqual(page.calls);
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
    await waitFor(() => expect(gets(spy)).toHaveLength(page.calls.length));
    // The page's own queries found the loader's requests on their way and did not repeat them: once every
    // query has settled, nothing more was asked.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(gets(spy).map((request) => request.url.pathname)).toEqual(
      page.calls.map((call) => call.path),
    );
  });
});
