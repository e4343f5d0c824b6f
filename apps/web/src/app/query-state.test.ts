import { describe, expect, it } from 'vitest';

import { DRAWN_STYLES_ATTRIBUTE, onceTakenOver } from './query-state';

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
