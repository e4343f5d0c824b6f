import { DEFAULT_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@medcalc/domain';
import { useState } from 'react';

import { useDebouncedValue } from './use-debounced-value';

/** What a paged list asks the server for (`?page&perPage&search`, spec §7). */
export type PageParams = { page: number; perPage: number; search: string };

/**
 * What a paged list first asks for: page 1 of the default size, no search. A route loader prefetching the list
 * uses the same params, so the table finds that page in the cache instead of asking again.
 */
export const FIRST_PAGE_PARAMS: PageParams = { page: 1, perPage: DEFAULT_PAGE_SIZE, search: '' };

/**
 * State of a searchable paged table (spec §2 Measurements, Company materials; §4 "Search boxes apply after a
 * 1-second pause"). `searchText` follows every keystroke; `params` changes only after the pause, and a new
 * search starts again at page 1 in the same render, so the list is never fetched with the new text and an old
 * page number.
 */
export function usePagedSearch(initialPerPage: number = FIRST_PAGE_PARAMS.perPage) {
  const [searchText, setSearchText] = useState('');
  const debouncedSearch = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [params, setParams] = useState<PageParams>({
    ...FIRST_PAGE_PARAMS,
    perPage: initialPerPage,
  });

  // Adjusting state while rendering (React's documented pattern) instead of in an effect: the effect would
  // commit one render, and so one request, with the new search and the old page first.
  if (debouncedSearch !== params.search) {
    setParams({ ...params, page: 1, search: debouncedSearch });
  }

  /** Page or page size changed in the paginator; a new size starts again at page 1. */
  const setPage = (page: number, perPage?: number) => {
    setParams((current) =>
      perPage !== undefined && perPage !== current.perPage
        ? { ...current, page: 1, perPage }
        : { ...current, page },
    );
  };

  return { searchText, setSearchText, params, setPage };
}

export type PagedSearch = ReturnType<typeof usePagedSearch>;
