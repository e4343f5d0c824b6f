/**
 * Route paths of spec §2 "Route table". Route definitions, links and redirects read them from here, so a
 * path is spelled once. The legacy spellings (`/Registration`, `create_order`) are the spec's.
 */
export const paths = {
  home: '/',
  login: '/login',
  registration: '/Registration',
  forgotPassword: '/forgot-password',
  resetPassword: '/password/reset/:token',
  orders: '/orders',
  createOrder: '/orders/create_order',
  orderWizard: '/orders/create/:identifier',
  calculations: '/calculations',
  company: '/company',
  staff: '/staff',
  pills: '/pills',
  /** Issue 38: the equipment register («Обладнання»). */
  equipment: '/equipment',
  measurements: '/measurements',
  /** Issue 22: the institution's team, its activity log and an invitation's link (public). */
  members: '/members',
  activity: '/activity',
  invitation: '/invitations/:token',
  /** Issue 33: the account menu's «Профіль» (own name, phone, password) and «Оплата» (the invoices). */
  profile: '/profile',
  payments: '/payments',
  /** Issue 41: the anonymous comparison of approved tariffs («Порівняння тарифів»). */
  tariffComparison: '/tariff-comparison',
  /** Issue 34: where an account on a published password sets its own before anything else. */
  changePassword: '/change-password',
  /**
   * Issue 23: the footer's pages (public). The spec's footer has placeholder links with no targets and its route
   * table names none of these, so the paths are ours.
   */
  legal: {
    about: '/about',
    contacts: '/contacts',
    terms: '/terms',
    privacy: '/privacy',
    offer: '/offer',
  },
  admin: {
    root: '/admin-panel',
    orders: '/admin-panel/orders',
    calculations: '/admin-panel/calculations',
    users: '/admin-panel/users',
    templates: '/admin-panel/templates',
    pills: '/admin-panel/pills',
    measurements: '/admin-panel/measurements',
    /** Issue 38: the administrator's template equipment. */
    equipment: '/admin-panel/equipment',
    backups: '/admin-panel/backups',
    /** Issue 41: the provider's view of the tariff comparison. */
    tariffComparison: '/admin-panel/tariff-comparison',
  },
} as const;

export const buildOrderWizardPath = (identifier: string): string =>
  `/orders/create/${encodeURIComponent(identifier)}`;

export const buildResetPasswordPath = (token: string, email: string): string =>
  `/password/reset/${encodeURIComponent(token)}?email=${encodeURIComponent(email)}`;

/** First segments of the routes behind the login guard (spec §2, §6). */
const GUARDED_SEGMENTS = [
  'orders',
  'calculations',
  'company',
  'staff',
  'pills',
  'equipment',
  'measurements',
  'members',
  'activity',
  'profile',
  'payments',
  'tariff-comparison',
  'change-password',
  'admin-panel',
] as const;

/**
 * Whether a pathname belongs to a guarded page. A 401/419 sends the browser to /login only from such a page
 * (spec §8); on public pages it would be a pointless jump, and on /login itself a loop.
 */
export function isGuardedPath(pathname: string): boolean {
  const first = pathname.split('/')[1]?.toLowerCase() ?? '';
  return GUARDED_SEGMENTS.some((segment) => segment === first);
}
