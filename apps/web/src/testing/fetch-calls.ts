/**
 * A `mockFetch` spy (test-utils.tsx) as these helpers read it: its calls' arguments. Named here, not imported, so
 * test-utils can re-export these helpers without a circle.
 */
export type FetchSpy = { mock: { calls: Array<[input: RequestInfo | URL, init?: RequestInit]> } };

export type RecordedRequest = { method: string; url: URL; body: unknown };

/**
 * Every request a `mockFetch` spy received, with its full URL (query string included) and parsed JSON
 * body; `fetchedPaths` keeps only the pathname, which paged lists need more than.
 */
export function fetchedRequests(spy: FetchSpy): RecordedRequest[] {
  return spy.mock.calls.map(([input, init]) => ({
    method: (init?.method ?? 'GET').toUpperCase(),
    url: new URL(String(input), window.location.href),
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
  }));
}

/** The requests of one method to one pathname. */
export function requestsTo(spy: FetchSpy, method: string, pathname: string): RecordedRequest[] {
  return fetchedRequests(spy).filter(
    (request) => request.method === method && request.url.pathname === pathname,
  );
}

/** The last request a spy received, as its pathname and its query's values; `undefined` before the first. */
export function lastRequest(
  spy: FetchSpy,
): { pathname: string; query: Record<string, string> } | undefined {
  const last = fetchedRequests(spy).at(-1);
  return last && { pathname: last.url.pathname, query: Object.fromEntries(last.url.searchParams) };
}
