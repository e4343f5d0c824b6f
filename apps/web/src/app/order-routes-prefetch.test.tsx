import { emptyCompanyInfo } from '@medcalc/domain';
import { afterEach, vi } from 'vitest';

import { describeRoutePrefetch, type PrefetchedPage } from '@/testing/route-prefetch-cases';
import { jsonResponse, mockFetch, testUser } from '@/testing/test-utils';

import { loader as createOrderLoader } from './routes/app/create-order';
import { loader as ordersLoader } from './routes/app/orders';

const COMPANY = testUser.companyIdentifier;

/** The calls each orders page makes as it opens (spec §7), in the order its loader starts them. */
const PAGES: PrefetchedPage[] = [
  {
    path: '/orders',
    heading: 'Список розрахованих послуг',
    loader: ordersLoader,
    calls: [{ path: '/api/orders' }],
  },
  {
    path: '/orders/create_order',
    heading: 'Нове замовлення',
    loader: createOrderLoader,
    calls: [
      { path: '/api/get-templates-list' },
      { path: '/api/get-categories' },
      { path: `/api/company-info/${COMPANY}` },
    ],
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

describeRoutePrefetch('route loaders of the orders pages (house guide §2.4)', PAGES, fakeServer);
