import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';

/** A lazy route module: its page as the default export, and the loader of a page that prefetches its data. */
export type PageModule = { default: ComponentType; loader?: LoaderFunction };
type LoadPage = () => Promise<PageModule>;

/**
 * The code of every page behind sign-in, one chunk each (stack notes "Web bundle"), in one table: the router
 * loads a page from here when it is opened, and `preloadSignedInPages` fetches them all once the user is signed
 * in and the browser is idle (issue 23 §3), so opening a section the first time does not wait for its code.
 */
export const SIGNED_IN_PAGES = {
  orders: () => import('./routes/app/orders'),
  createOrder: () => import('./routes/app/create-order'),
  orderWizard: () => import('./routes/app/order-wizard'),
  calculations: () => import('./routes/app/calculations'),
  company: () => import('./routes/app/company'),
  staff: () => import('./routes/app/staff'),
  pills: () => import('./routes/app/pills'),
  equipment: () => import('./routes/app/equipment'),
  measurements: () => import('./routes/app/measurements'),
  members: () => import('./routes/app/members'),
  activity: () => import('./routes/app/activity'),
  profile: () => import('./routes/app/profile'),
  payments: () => import('./routes/app/payments'),
  tariffComparison: () => import('./routes/app/tariff-comparison'),
  changePassword: () => import('./routes/app/change-password'),
} satisfies Record<string, LoadPage>;

/** The admin panel's pages, preloaded for an administrator only. */
export const ADMIN_PAGES = {
  layout: () => import('./routes/admin/admin-layout'),
  orders: () => import('./routes/admin/orders'),
  calculations: () => import('./routes/admin/calculations'),
  users: () => import('./routes/admin/users'),
  templates: () => import('./routes/admin/templates'),
  pills: () => import('./routes/admin/pills'),
  measurements: () => import('./routes/admin/measurements'),
  equipment: () => import('./routes/admin/equipment'),
  backups: () => import('./routes/admin/backups'),
  tariffComparison: () => import('./routes/admin/tariff-comparison'),
} satisfies Record<string, LoadPage>;

/** The layout around every page but the landing one (antd's providers), which any signed-in page needs first. */
export const loadAntdShell = () => import('./antd-shell');

/** Runs `work` when the browser is idle (or soon, where it has no `requestIdleCallback`); returns a cancel. */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: 5000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 200);
  return () => window.clearTimeout(handle);
}

/**
 * Fetches the code of the signed-in pages (and of the admin panel for an administrator) without rendering
 * anything: each `import()` is the router's own, so the page opens from the module cache later. A chunk that
 * fails to load here is left to the router, which loads it again when the page is opened.
 */
export function preloadSignedInPages(
  isAdmin: boolean,
  pages: { shell: () => Promise<unknown>; signedIn: LoadPage[]; admin: LoadPage[] } = {
    shell: loadAntdShell,
    signedIn: Object.values(SIGNED_IN_PAGES),
    admin: Object.values(ADMIN_PAGES),
  },
): Promise<unknown> {
  const loads = [pages.shell, ...pages.signedIn, ...(isAdmin ? pages.admin : [])];
  return Promise.allSettled(loads.map((load) => load()));
}
