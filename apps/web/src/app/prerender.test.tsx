import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';

import { prerender } from './prerender';

/*
 * The landing page as the build draws it for the server to send (issue 39): the page itself, no <title> (index.html has
 * one), no part left as a placeholder, and a page that cannot be drawn fails the build instead of shipping an error.
 */
describe('prerender', () => {
  it('draws the landing page whole, inside the header and footer', async () => {
    const markup = await prerender('/');
    expect(markup).toContain(
      '<h1 class="landing-title">Точний розрахунок собівартості та ціни платних медичних послуг</h1>',
    );
    expect(markup).toContain('Чому обирають нас');
    expect(markup).toMatch(/^<div[^>]*><header class="app-header">/);
    expect(markup).toContain('<footer class="app-footer">');
    expect(markup).not.toContain('<title>');
    expect(markup).not.toMatch(/<!--\$[?!]-->/);
    expect(markup).not.toContain('page-skeleton');
  });

  it('refuses a page whose code fails to load, and one left waiting', async () => {
    const failing = [
      {
        path: '/',
        ErrorBoundary: () => <p>Помилка</p>,
        lazy: () => Promise.reject(new Error('chunk missing')),
      },
    ];
    await expect(prerender('/', failing)).rejects.toThrow('prerender: / answered 500');
    const waiting = [
      {
        path: '/',
        Component: () => (
          <Suspense fallback={<p>…</p>}>
            <Never />
          </Suspense>
        ),
      },
    ];
    await expect(prerender('/', waiting)).rejects.toThrow(
      'prerender: / has a part that did not render',
    );
  });
});

/** A component that never finishes loading. */
function Never(): never {
  throw new Promise(() => undefined);
}
