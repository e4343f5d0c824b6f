import type { mockFetch } from './test-utils';

export type RecordedRequest = { method: string; url: URL; body: unknown };

/**
 * Every request a {@link mockFetch} spy received, with its full URL (query string included) and parsed JSON
 * body; `fetchedPaths` keeps only the pathname, which paged lists need more than.
 */
export function fetchedRequests(spy: ReturnType<typeof mockFetch>): RecordedRequest[] {
  return spy.mock.calls.map(([input, init]) => ({
    method: (init?.method ?? 'GET').toUpperCase(),
    url: new URL(String(input), window.location.href),
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
  }));
}

/** The requests of one method to one pathname. */
export function requestsTo(
  spy: ReturnType<typeof mockFetch>,
  method: string,
  pathname: string,
): RecordedRequest[] {
  return fetchedRequests(spy).filter(
    (request) => request.method === method && request.url.pathname === pathname,
  );
}
