import type { PageParams } from '@/hooks/use-paged-search';

/**
 * The three paged lists of a reference resource (units, materials): a company's own page, the admin's page of
 * the templates' and the admin's page of every company's.
 */
const referencePages = <const TResource extends string>(resource: TResource) => ({
  ownPage: (params: PageParams & { companyIdentifier: string }) =>
    [resource, 'page', params] as const,
  templatePage: (params: PageParams) => [resource, 'templates', params] as const,
  companiesPage: (params: PageParams) => [resource, 'companies', params] as const,
});

/**
 * Every query key of the app, in one place. Each starts with its resource's name (docs/conventions.md "Query
 * keys"), so a mutation refreshes everything about a resource by that prefix (`queryKeys.pills.all`), also
 * another feature's lists, without importing them. Two features reading one call use one key from here, so they
 * share its cache.
 */
export const queryKeys = {
  staff: {
    all: ['staff'],
    list: (companyIdentifier: string) => ['staff', { companyIdentifier }] as const,
    /** Issue 33: the orders whose lines point at a staffing row (its delete question). */
    usage: (companyIdentifier: string, id: number) =>
      ['staff', 'usage', { companyIdentifier, id }] as const,
  },
  /**
   * Issue 38: the equipment register (its page), what the wizard's equipment lines may name (the template rows and
   * the company's own, `all-list`) and the administrator's template equipment. One prefix: a change of the
   * register or of the templates refreshes the wizard's list too.
   */
  equipment: {
    all: ['equipment'],
    list: (companyIdentifier: string) => ['equipment', { companyIdentifier }] as const,
    allList: (companyIdentifier: string) =>
      ['equipment', 'all-list', { companyIdentifier }] as const,
    templates: ['equipment', 'templates'],
    /** The orders whose equipment lines use a register row (its delete question). */
    usage: (companyIdentifier: string, id: number) =>
      ['equipment', 'usage', { companyIdentifier, id }] as const,
  },
  companyInfo: {
    all: ['company-info'],
    of: (companyIdentifier: string) => ['company-info', companyIdentifier] as const,
  },
  companies: { options: ['companies', 'options'] },
  /** Issue 35: the /company block «Затвердження тарифів» (also read by the wizard for the profitability cap). */
  approvalSettings: {
    all: ['approval-settings'],
    of: (companyIdentifier: string) => ['approval-settings', companyIdentifier] as const,
  },
  /** The provider's requisites (issue 23, `GET /api/provider`), read by the footer's pages. */
  provider: ['provider'],
  measurements: {
    all: ['measurements'],
    standard: ['measurements', 'standard'],
    ownList: (companyIdentifier: string) =>
      ['measurements', 'list', { companyIdentifier }] as const,
    ...referencePages('measurements'),
  },
  pills: {
    all: ['pills'],
    allList: (companyIdentifier: string) => ['pills', 'all-list', { companyIdentifier }] as const,
    /** Issue 33: the orders whose lines use a material (its delete question). */
    usage: (companyIdentifier: string, id: number) =>
      ['pills', 'usage', { companyIdentifier, id }] as const,
    ...referencePages('pills'),
  },
  templates: {
    all: ['templates'],
    admin: ['templates', { view: 'admin' }],
  },
  /** `invoices` (issue 33, «Оплата») sits under the orders, so every change of an order refreshes it too. */
  orders: {
    all: ['orders'],
    invoices: ['orders', 'invoices'],
    detail: (identifier: string) => ['orders', { identifier }] as const,
    /** The order as it is now, asked for afresh by the wizard's version-conflict question. */
    versionConflict: (identifier: string) =>
      ['orders', { identifier }, 'version-conflict'] as const,
    /** Issue 35: an order's tariff history, the company's or (`admin`) the administrator's read of it. */
    tariffHistory: (identifier: string, admin: boolean) =>
      ['orders', { identifier, view: 'tariff-history', admin }] as const,
  },
  calculations: {
    all: ['calculations'],
    companyList: (companyIdentifier: string) =>
      ['calculations', 'company-list', { companyIdentifier }] as const,
  },
  calculatedServices: {
    all: ['calculated-services'],
    page: (params: PageParams & { companyIdentifier: string }) =>
      ['calculated-services', 'page', params] as const,
  },
  /** Issue 20: the last undoable import of a table (company or template level). */
  imports: {
    all: ['imports'],
    last: (target: { scope: string; table: string; companyIdentifier?: string }) =>
      ['imports', 'last', target] as const,
  },
  users: { page: (params: PageParams) => ['users', 'page', params] as const },
  /** Issue 36: the /company block «Публічний прейскурант», one per company. */
  publicPriceList: {
    all: ['public-price-list'],
    of: (companyIdentifier: string) => ['public-price-list', companyIdentifier] as const,
  },
  /** Issue 41: the tariff comparison — the owner's switch and the comparison by filters; leaving refreshes both. */
  tariffComparison: {
    all: ['tariff-comparison'],
    participation: (companyIdentifier: string) =>
      ['tariff-comparison', 'participation', companyIdentifier] as const,
    comparison: (companyIdentifier: string, oblast: string, size: string) =>
      ['tariff-comparison', 'comparison', { companyIdentifier, oblast, size }] as const,
    order: (companyIdentifier: string, identifier: string) =>
      ['tariff-comparison', 'order', { companyIdentifier, identifier }] as const,
    provider: (oblast: string, size: string) =>
      ['tariff-comparison', 'provider', { oblast, size }] as const,
  },
  /** Issue 40: the administrator's backups. */
  backups: { all: ['backups'] },
  /** Issue 22: the institution's members and pending invitations, and its activity log. */
  members: { all: ['members'] },
  invitations: { of: (token: string) => ['invitations', token] as const },
  activity: {
    all: ['activity'],
    page: (filters: Record<string, string | number | undefined>) =>
      ['activity', 'page', filters] as const,
  },
  /** The signed-in user (`GET /api/user`, lib/auth.tsx); a sign-out keeps only this key. */
  user: ['user'],
  /** The provider's contacts of the footer (`GET /api/contacts`). */
  contacts: ['contacts'],
  /** Step 5's preview: a pure function of the body it sends. */
  calculateOnline: (body: unknown) => ['calculate-online', body] as const,
  /** Issue 24: a large document's job, asked for until it is done or failed. */
  documentJobs: { of: (jobId: string) => ['document-jobs', jobId] as const },
} as const;

/**
 * What shows a unit's name and so goes stale when a unit is renamed or deleted: the units themselves, and the
 * materials, whose `measurementType` is the unit's name (spec §3 "Material"; the server joins it from the unit).
 * Left alone, the materials list would show the old name for the 30 s the cache keeps data fresh, and saving such
 * a material unchanged would send a unit that no longer exists (422).
 */
export const UNIT_DEPENDENT_QUERY_KEYS = [queryKeys.measurements.all, queryKeys.pills.all] as const;
