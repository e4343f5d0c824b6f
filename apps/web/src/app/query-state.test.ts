import { dehydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import {
  DRAWN_STYLES_ATTRIBUTE,
  onceTakenOver,
  QUERY_STATE_ELEMENT_ID,
  takeServerAnswers,
} from './query-state';

describe('a page drawn on the server, taken over by the app (issue 39)', () => {
  it('the root stays inert and the styles stay while the sent page is on screen; both go once the app has drawn over it', async () => {
    const page = new DOMParser().parseFromString(
      `<html><head><style ${DRAWN_STYLES_ATTRIBUTE}>.a{}</style><style>.own{}</style></head>` +
        '<body><div id="root" inert><main>sent</main></div></body></html>',
      'text/html',
    );
    const root = page.getElementById('root') as HTMLElement;
    onceTakenOver(root, page);
    root.append(page.createElement('span'));
    await Promise.resolve();
    expect(page.querySelectorAll('style')).toHaveLength(2);
    expect(root.hasAttribute('inert')).toBe(true);
    root.replaceChildren(page.createElement('main'));
    await Promise.resolve();
    expect([...page.querySelectorAll('style')].map((style) => style.textContent)).toEqual([
      '.own{}',
    ]);
    expect(root.hasAttribute('inert')).toBe(false);
  });
});

describe('the answers a drawn page came with (issue 39)', () => {
  it('go into the cache as fresh as the page’s arrival, whatever the server’s clock said', () => {
    const server = new QueryClient();
    server.setQueryData(['orders', { scope: 'company' }], ['З-2026-0001'], { updatedAt: 0 });
    const page = new DOMParser().parseFromString(
      `<body><script type="application/json" id="${QUERY_STATE_ELEMENT_ID}">${JSON.stringify(dehydrate(server))}</script></body>`,
      'text/html',
    );
    const arrived = Date.now();
    const queryClient = new QueryClient();
    takeServerAnswers(queryClient, page);
    const state = queryClient.getQueryState(['orders', { scope: 'company' }]);
    expect(state?.data).toEqual(['З-2026-0001']);
    expect(state?.dataUpdatedAt).toBeGreaterThanOrEqual(arrived);
    expect(page.getElementById(QUERY_STATE_ELEMENT_ID)).toBeNull();
  });
});
