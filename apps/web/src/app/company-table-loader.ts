import type { ImportTable } from '@medcalc/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';

import { getLastImportQueryOptions } from '@/features/imports/api/get-last-import';

import { prefetchForCompany } from './route-prefetch';

/**
 * The loader of one of the company's own tables' pages (`CompanyTablePage`): `prefetch` starts the page's own
 * queries, then the table's last import, which shows or hides the page's undo button. Apart from
 * `route-prefetch.ts`, which the router loads up front, so that only these pages' chunks carry the imports' api.
 */
export const prefetchCompanyTable = (
  table: ImportTable,
  prefetch: (queryClient: QueryClient, companyIdentifier: string) => void,
): LoaderFunction =>
  prefetchForCompany((queryClient, companyIdentifier) => {
    prefetch(queryClient, companyIdentifier);
    void queryClient.prefetchQuery(
      getLastImportQueryOptions({ scope: 'company', table, companyIdentifier }),
    );
  });
