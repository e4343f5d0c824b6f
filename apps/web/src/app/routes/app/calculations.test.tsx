import type { CalculatedService } from '@medcalc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fetchedRequests } from '@/testing/fetch-calls';
import { runLoader } from '@/testing/run-loader';
import { jsonResponse, mockFetch, renderRoutes, testUser } from '@/testing/test-utils';

import { calculatedService } from '@/features/calculations/test/calculated-service';

import { createRoutes } from '../../router';

import { loader } from './calculations';

const COMPANY = testUser.companyIdentifier;
const LIST_PATH = `/api/company/${COMPANY}/calculated-services`;

const SERVICE = calculatedService(12, 'УЗД органів черевної порожнини', {
  updated_at: '2026-11-22T08:15:00.000Z',
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function fakeServer(rows: CalculatedService[]) {
  return mockFetch((call) =>
    call.method === 'GET' && call.path === LIST_PATH
      ? jsonResponse(200, { data: rows, meta: { currentPage: 1, lastPage: 1 } })
      : jsonResponse(404, { message: 'Не знайдено.' }),
  );
}

const gets = (spy: ReturnType<typeof mockFetch>) =>
  fetchedRequests(spy).filter((request) => request.method === 'GET');

describe('/calculations', () => {
  it('shows the company’s calculated services, asking for the first page once', async () => {
    const spy = fakeServer([SERVICE]);
    const { queryClient } = renderRoutes(createRoutes(), { path: '/calculations', user: testUser });

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Розраховані послуги' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    const row = (
      await within(await screen.findByRole('region', { name: 'Розраховані послуги' })).findByText(
        SERVICE.name,
      )
    ).closest('tr') as HTMLElement;
    expect(within(row).getByText('243,34')).toBeInTheDocument();
    // The tariff without VAT and the final tariff (issue 33): the same for an exempt, unrounded service.
    expect(within(row).getAllByText('279,84')).toHaveLength(2);
    expect(within(row).getByRole('link', { name: SERVICE.orderName })).toHaveAttribute(
      'href',
      '/orders/create/ord-0007',
    );

    // The page's query found the loader's request on its way and did not repeat it: once every query has
    // settled, nothing more was asked.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(
      gets(spy).map((request) => [
        request.url.pathname,
        Object.fromEntries(request.url.searchParams),
      ]),
    ).toEqual([[LIST_PATH, { page: '1', perPage: '10', search: '' }]]);
  });

  it('shows the empty state when nothing has been calculated', async () => {
    fakeServer([]);
    renderRoutes(createRoutes(), { path: '/calculations', user: testUser });

    expect(
      await screen.findByText('Калькуляції ще не створені', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('starts loading the first page in its loader without waiting, for a signed-in user only', async () => {
    const spy = fakeServer([]);

    const { result } = runLoader(loader, testUser);
    expect(result).toBeNull();
    await waitFor(() => expect(gets(spy)).toHaveLength(1));
    expect(gets(spy)[0]?.url.pathname).toBe(LIST_PATH);

    spy.mockClear();
    const visitor = runLoader(loader, null);
    // A prefetch puts its query into the cache at once; only the signed-in user's entry is there.
    expect(visitor.queryClient.getQueryCache().getAll()).toHaveLength(1);
    expect(spy).not.toHaveBeenCalled();
  });
});
