import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

import { jsonResponse, type mockFetch } from './test-utils';

/**
 * The answer of a paged list read (`?page&perPage&search`, spec §7) as the server gives it: the rows whose name
 * holds `search` (in any case), page `page` of `perPage`. The query is read from the spy's last request, the one
 * being answered.
 */
export function pagedAnswer(spy: ReturnType<typeof mockFetch>, rows: readonly { name: string }[]) {
  const url = new URL(String(spy.mock.lastCall?.[0]), window.location.href);
  const search = (url.searchParams.get('search') ?? '').toLowerCase();
  const page = Number(url.searchParams.get('page'));
  const perPage = Number(url.searchParams.get('perPage'));
  const found = rows.filter((row) => row.name.toLowerCase().includes(search));
  return jsonResponse(200, {
    data: found.slice((page - 1) * perPage, page * perPage),
    meta: { currentPage: page, lastPage: Math.max(1, Math.ceil(found.length / perPage)) },
  });
}

/** The answer of a paged list read whose rows all fit on its first page (a screen that does not page here). */
export function onePage(rows: readonly unknown[]) {
  return jsonResponse(200, { data: rows, meta: { currentPage: 1, lastPage: 1 } });
}

/** Clicks page `page` of the paged list inside `container` and waits until its row `row` shows. */
export async function goToPage(user: UserEvent, container: HTMLElement, page: number, row: string) {
  await user.click(within(container).getByTitle(String(page)));
  await within(container).findByText(row);
}
