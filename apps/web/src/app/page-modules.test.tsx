import type { CurrentUser } from '@medcalc/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { USER_QUERY_KEY } from '@/lib/auth';
import { useFakeTimersWithTestingLibrary } from '@/testing/fake-timers';
import { createTestQueryClient, renderRoutes, testAdmin, testUser } from '@/testing/test-utils';

import { preloadSignedInPages } from './page-modules';
import { createRoutes, PreloadSignedInPages } from './router';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the first visit to a page (issue 23 §3)', () => {
  it('keeps the header and shows a skeleton in the content while the page’s code loads', () => {
    renderRoutes(createRoutes(), { path: '/staff', user: testUser });

    // Before any chunk has arrived: the app's header with its sections, the page's place as a skeleton.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Штатний розпис' })).toBeInTheDocument();
    const skeleton = screen.getByRole('status', { name: 'Завантаження сторінки…' });
    expect(screen.getByRole('main')).toContainElement(skeleton);
  });
});

/** Renders the preloader for `user` with a fake `preload`, which it returns. */
function renderPreloader(user: CurrentUser | null, queryClient = createTestQueryClient()) {
  queryClient.setQueryData(USER_QUERY_KEY, user);
  const preload = vi.fn(() => Promise.resolve());
  render(
    <QueryClientProvider client={queryClient}>
      <PreloadSignedInPages preload={preload} />
    </QueryClientProvider>,
  );
  return preload;
}

/** Renders the preloader for `user` with a fake `preload`, and runs the timers an idle browser would. */
async function preloadFor(user: CurrentUser | null, queryClient = createTestQueryClient()) {
  const preload = renderPreloader(user, queryClient);
  await act(() => vi.advanceTimersByTimeAsync(3000));
  return preload;
}

describe('PreloadSignedInPages', () => {
  beforeEach(() => {
    useFakeTimersWithTestingLibrary();
  });

  it('fetches the signed-in pages’ code once the browser is idle after sign-in', async () => {
    expect((await preloadFor(testUser)).mock.calls).toEqual([[false]]);
  });

  it('adds the admin panel for an administrator', async () => {
    expect((await preloadFor(testAdmin)).mock.calls).toEqual([[true]]);
  });

  // Issue 39: the other pages' code does not share a phone's network and CPU with the open page's first screen.
  it('waits until the open page’s requests are answered', async () => {
    const queryClient = createTestQueryClient();
    let answer = () => {};
    void queryClient.prefetchQuery({
      queryKey: ['orders'],
      queryFn: () =>
        new Promise<string[]>((resolve) => {
          answer = () => resolve([]);
        }),
    });
    const preload = await preloadFor(testUser, queryClient);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(preload).not.toHaveBeenCalled();

    await act(async () => {
      answer();
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(preload).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(preload.mock.calls).toEqual([[false]]);
  });

  // Issue 39: evaluating the other pages' code held a key in the wizard on a phone-class CPU.
  it('waits while the user types, until 1.5 s after the last key', async () => {
    const preload = renderPreloader(testUser);
    for (let key = 0; key < 20; key += 1) {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: '5' }));
      await act(() => vi.advanceTimersByTimeAsync(400));
    }
    expect(preload).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(preload.mock.calls).toEqual([[false]]);
  });

  it('fetches nothing for a visitor', async () => {
    expect(await preloadFor(null)).not.toHaveBeenCalled();
  });
});

describe('preloadSignedInPages', () => {
  const pages = () => ({
    shell: vi.fn(() => Promise.resolve({})),
    signedIn: [vi.fn(() => Promise.resolve({ default: () => null }))],
    admin: [vi.fn(() => Promise.reject(new Error('chunk failed')))],
  });

  it('loads the shell and the signed-in pages, the admin panel only for an administrator', async () => {
    const user = pages();
    await preloadSignedInPages(false, user);
    expect(user.shell).toHaveBeenCalledTimes(1);
    expect(user.signedIn[0]).toHaveBeenCalledTimes(1);
    expect(user.admin[0]).not.toHaveBeenCalled();

    const admin = pages();
    // A chunk that fails here is left to the router: the preload itself does not fail.
    await expect(preloadSignedInPages(true, admin)).resolves.toBeDefined();
    expect(admin.admin[0]).toHaveBeenCalledTimes(1);
  });
});
