import { DEFAULT_APPROVAL_SETTINGS, emptyCompanyInfo } from '@medcalc/domain';
import { afterEach, vi } from 'vitest';

import { describeRoutePrefetch, type PrefetchedPage } from '@/testing/route-prefetch-cases';
import { jsonResponse, mockFetch, testUser } from '@/testing/test-utils';

import { loader as companyLoader } from './routes/app/company';
import { loader as equipmentLoader } from './routes/app/equipment';
import { loader as measurementsLoader } from './routes/app/measurements';
import { loader as pillsLoader } from './routes/app/pills';
import { loader as staffLoader } from './routes/app/staff';

const COMPANY = testUser.companyIdentifier;
const FIRST_PAGE = { page: '1', perPage: '10', search: '' };
const EMPTY_PAGE = { data: [], meta: { currentPage: 1, lastPage: 1 } };

/** The first calls of each reference page (spec §7), with the query string a paged list sends. */
const PAGES: PrefetchedPage[] = [
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
    path: '/equipment',
    heading: 'Обладнання',
    loader: equipmentLoader,
    calls: [
      { path: `/api/company/${COMPANY}/equipment` },
      { path: `/api/company/${COMPANY}/imports/equipment/last` },
    ],
  },
  {
    path: '/company',
    heading: 'Дані закладу',
    loader: companyLoader,
    calls: [
      { path: `/api/company-info/${COMPANY}` },
      { path: `/api/company/${COMPANY}/approval-settings` },
      { path: `/api/company/${COMPANY}/public-price-list` },
      { path: `/api/company/${COMPANY}/tariff-comparison/participation` },
    ],
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
    if (call.path.endsWith('/approval-settings'))
      return jsonResponse(200, DEFAULT_APPROVAL_SETTINGS);
    if (call.path.endsWith('/public-price-list'))
      return jsonResponse(200, {
        published: false,
        slug: null,
        suggestedSlug: 'zaklad',
        formerSlugs: [],
      });
    if (call.path.endsWith('/tariff-comparison/participation'))
      return jsonResponse(200, { participates: false, oblast: null, beds: null });
    if (call.path.endsWith('/last')) return jsonResponse(200, { last: null });
    if (call.path.endsWith('/pills') || call.path.endsWith('/measurements')) {
      return jsonResponse(200, EMPTY_PAGE);
    }
    return jsonResponse(200, []);
  });
}

describeRoutePrefetch('route loaders of the reference pages (house guide §2.4)', PAGES, fakeServer);
