import { apiRoutes, type ApiRoute } from '@medcalc/domain';
import { registrationFor } from './helper';
import { smuggledSaveBodies, type Tenant } from './tenants';

/*
 * The scoping rule of every route the server registers (issue 12). The sweeps (isolation-sweep.test.ts,
 * fuzz-sweep.test.ts) read the app's own route table through the `onRoute` hook and FAIL for a route that is not
 * listed here, so a new route must say who may call it:
 *
 * - 'public'       anyone, no data of any company (health, the CSRF cookie, the OpenAPI document);
 * - 'guest'        the session calls a guest makes (sign in, register, password recovery); `foreign` tries another
 *                  company's user's e-mail;
 * - 'own-session'  acts on the caller's own session only (who am I, sign out);
 * - 'admin-only'   the administrator's calls: 403 to a company user, 401 signed out (the admin sweep);
 * - 'company'      a signed-in company user's call, scoped to the user's company: `foreign` builds the requests in
 *                  which company A names company B's identifiers (in the path, the query, the body, and inside the
 *                  save/calculate JSON strings). Each must answer 403/404 (or 422: a reference the company cannot
 *                  see is a field error), unless `allow` says otherwise (a read that takes no identifier may answer
 *                  200, but never with B's data), and the database must not change.
 *
 * Keys are `METHOD url` exactly as Fastify registers the route (`:param`). A GET's automatic HEAD route shares the
 * GET's rule; the built web app's files (`@fastify/static`) are recognised by their file in apps/web/dist.
 */

export interface Attempt {
  /** The URL with B's identifiers (and any query). */
  url: string;
  body?: unknown;
  /** Statuses this attempt may answer; default 403, 404 or 422. */
  allow?: number[];
  label?: string;
  /** A 422 must name a field matching this (the smuggled id's path). */
  errorKey?: RegExp;
}

/** `own` is company A (the caller), `foreign` company B (whose identifiers are tried). */
type Attempts = (own: Tenant, foreign: Tenant) => Attempt[];

export type RouteRule =
  | { scope: 'public' }
  | { scope: 'guest'; foreign?: Attempts }
  | { scope: 'own-session'; foreign?: Attempts }
  | { scope: 'admin-only' }
  | { scope: 'company'; foreign: Attempts };

/** A company call's rule: `foreign` builds the requests that name company B's identifiers. */
const companyRule = (foreign: Attempts): RouteRule => ({ scope: 'company', foreign });
const READ_OK = [200];
/** A read with no identifier in it: answers the caller's (or everyone's reference) data. */
const plainRead =
  (url: string): Attempts =>
  (_own, foreign) => [
    {
      url: `${url}?companyIdentifier=${foreign.company}&company_id=${foreign.company}`,
      allow: READ_OK,
    },
  ];
const orderStatuses = (foreign: Tenant) => Object.values(foreign.orders);
/** Each of B's orders, at every status, in a body `{ identifier }`. */
const eachForeignOrder =
  (url: string, extra: Record<string, unknown> = {}): Attempts =>
  (_own, foreign) =>
    orderStatuses(foreign).map((identifier) => ({ url, body: { identifier, ...extra } }));
/** Each of B's orders, at every status, in the URL `/api/orders/<identifier><suffix>`: 404. */
const eachForeignOrderInPath =
  (suffix = '', body?: unknown): Attempts =>
  (_own, foreign) =>
    orderStatuses(foreign).map((identifier) => ({
      url: `/api/orders/${identifier}${suffix}`,
      ...(body === undefined ? {} : { body }),
      allow: [404],
    }));
/** B's company in the URL: 403 whatever else is sent. */
const foreignCompany =
  (path: (company: string) => string, body?: unknown): Attempts =>
  (_own, foreign) => [
    { url: path(foreign.company), ...(body === undefined ? {} : { body }), allow: [403] },
  ];
/** B's row of a company list (`/api/company/<company>/<list>/<B's row id>`): under B's company 403, under A's 404. */
const foreignRow =
  (list: string, idOf: (tenant: Tenant) => number, body?: unknown): Attempts =>
  (own, foreign) =>
    [
      { company: foreign.company, allow: [403] },
      { company: own.company, allow: [404] },
    ].map(({ company, allow }) => ({
      url: `/api/company/${company}/${list}/${idOf(foreign)}`,
      ...(body === undefined ? {} : { body }),
      allow,
    }));
/** The orders using B's row (`…/<list>/<B's row id>/orders`): under B's company 403, under A's 404. */
const foreignRowUsage =
  (list: string, idOf: (tenant: Tenant) => number): Attempts =>
  (own, foreign) =>
    foreignRow(list, idOf)(own, foreign).map((attempt) => ({
      ...attempt,
      url: `${attempt.url}/orders`,
    }));
const pill = (foreign: Tenant) => ({
  name: 'Чужий',
  measurementType: `Од ${foreign.marker}`,
  price: '1',
});

/** A register row of equipment (issue 38) named after the company whose row it is. */
const equipmentRow = (tenant: Tenant) => ({
  name: `Обладнання ${tenant.marker}`,
  firstCost: 1000,
  usefulLifeYears: 5,
  hoursPerYear: 1940.4,
});

/** The key of a route of the domain's table (`apiRoutes`): its method and path as Fastify registers them. */
export const ruleKey = (route: Pick<ApiRoute, 'method' | 'path'>) =>
  `${route.method} ${route.path}`;

export const ROUTE_RULES: Record<string, RouteRule> = {
  // --- public ---
  [ruleKey(apiRoutes.system.health)]: { scope: 'public' },
  [ruleKey(apiRoutes.system.ready)]: { scope: 'public' },
  [ruleKey(apiRoutes.system.contacts)]: { scope: 'public' },
  [ruleKey(apiRoutes.system.provider)]: { scope: 'public' },
  'GET /sanctum/csrf-cookie': { scope: 'public' },
  'GET /api/docs': { scope: 'public' },
  'GET /api/docs/': { scope: 'public' },
  'GET /api/docs/static/index.html': { scope: 'public' },
  'GET /api/docs/static/swagger-initializer.js': { scope: 'public' },
  'GET /api/docs/json': { scope: 'public' },
  'GET /api/docs/yaml': { scope: 'public' },
  'GET /api/docs/static/*': { scope: 'public' },
  // Issue 36: the published price lists, for anyone (a company's own public data; test/public-price-list.test.ts).
  'GET /p/-/price-list.js': { scope: 'public' },
  'GET /p/:name': { scope: 'public' },
  'GET /p/:slug/embed': { scope: 'public' },
  'GET /p/:slug/poster.pdf': { scope: 'public' },

  // --- guests: the session calls; another user's e-mail gets the same refusal as an unknown one ---
  [ruleKey(apiRoutes.session.login)]: {
    scope: 'guest',
    foreign: (_own, foreign) => [
      { url: '/login', body: { email: foreign.email, password: 'not-the-password-1' } },
    ],
  },
  [ruleKey(apiRoutes.session.register)]: {
    scope: 'guest',
    foreign: (_own, foreign) => [
      { url: '/api/register', body: registrationFor({ email: foreign.email }) },
    ],
  },
  // Mails a link to the address's owner only; the answer is the same for any address (auth.test.ts).
  [ruleKey(apiRoutes.session.forgotPassword)]: { scope: 'guest' },
  [ruleKey(apiRoutes.session.resetPassword)]: {
    scope: 'guest',
    foreign: (_own, foreign) => [
      {
        url: '/password/reset',
        body: {
          email: foreign.email,
          token: 'a'.repeat(64),
          password: 'taken-over-1',
          password_confirmation: 'taken-over-1',
        },
      },
    ],
  },

  // --- the caller's own session ---
  [ruleKey(apiRoutes.session.currentUser)]: {
    scope: 'own-session',
    foreign: (_own, foreign) => [{ url: `/api/user?id=${foreign.userId}`, allow: READ_OK }],
  },
  [ruleKey(apiRoutes.session.logout)]: { scope: 'own-session' },
  // Issue 33: the profile acts on the caller's own account whatever ids the body names: A's unchanged name and phone
  // with B's ids and e-mail save nothing (and answer A), a password change with B's ids needs A's own password.
  [ruleKey(apiRoutes.session.updateProfile)]: {
    scope: 'own-session',
    foreign: (own, foreign) => [
      {
        url: '/api/user/profile',
        body: {
          name: `Користувач ${own.marker}`,
          phone: '380501234567',
          id: foreign.userId,
          identifier: foreign.userIdentifier,
          email: foreign.email,
        },
        allow: READ_OK,
      },
      {
        url: `/api/user/profile?id=${foreign.userId}&identifier=${foreign.userIdentifier}`,
        body: { name: '', phone: '' },
        allow: [422],
      },
    ],
  },
  [ruleKey(apiRoutes.session.changePassword)]: {
    scope: 'own-session',
    foreign: (_own, foreign) => [
      {
        url: '/api/user/password',
        body: {
          current_password: 'not-the-password-1',
          password: 'foreign-pass-123',
          password_confirmation: 'foreign-pass-123',
          id: foreign.userId,
          identifier: foreign.userIdentifier,
          email: foreign.email,
        },
        allow: [422],
        errorKey: /^current_password$/,
      },
    ],
  },

  // --- company calls ---
  [ruleKey(apiRoutes.templates.categories)]: companyRule(plainRead('/api/get-categories')),
  [ruleKey(apiRoutes.measurements.standardOptions)]: companyRule(
    plainRead('/api/get-measurements'),
  ),
  [ruleKey(apiRoutes.templates.list)]: companyRule(plainRead('/api/get-templates-list')),
  [ruleKey(apiRoutes.pills.templateList)]: companyRule(plainRead('/api/pills/list')),
  [ruleKey(apiRoutes.orders.list)]: companyRule(plainRead('/api/orders')),
  [ruleKey(apiRoutes.orders.invoices)]: companyRule(plainRead('/api/invoices')),
  [ruleKey(apiRoutes.staff.list)]: companyRule(
    foreignCompany((company) => `/api/get-stuff/${company}`),
  ),
  [ruleKey(apiRoutes.company.info)]: companyRule(
    foreignCompany((company) => `/api/company-info/${company}`),
  ),
  [ruleKey(apiRoutes.company.updateInfo)]: companyRule(
    foreignCompany((company) => `/api/company-info/${company}`, { name: 'Захоплено' }),
  ),
  [ruleKey(apiRoutes.company.approvalSettings)]: companyRule(
    foreignCompany((company) => `/api/company/${company}/approval-settings`),
  ),
  [ruleKey(apiRoutes.company.publicPriceList)]: companyRule(
    foreignCompany((company) => `/api/company/${company}/public-price-list`),
  ),
  [ruleKey(apiRoutes.company.updatePublicPriceList)]: companyRule(
    foreignCompany((company) => `/api/company/${company}/public-price-list`, {
      published: true,
      slug: 'zakhopleno',
    }),
  ),
  // Issue 41: the tariff comparison (test/tariff-comparison.test.ts).
  [ruleKey(apiRoutes.tariffComparison.participation)]: companyRule(
    foreignCompany((company) => `/api/company/${company}/tariff-comparison/participation`),
  ),
  [ruleKey(apiRoutes.tariffComparison.updateParticipation)]: companyRule(
    foreignCompany((company) => `/api/company/${company}/tariff-comparison/participation`, {
      participates: true,
      oblast: 'Львівська',
    }),
  ),
  [ruleKey(apiRoutes.tariffComparison.comparison)]: companyRule(
    foreignCompany((company) => `/api/company/${company}/tariff-comparison`),
  ),
  [ruleKey(apiRoutes.tariffComparison.export)]: companyRule(
    foreignCompany((company) => `/api/company/${company}/tariff-comparison/export`),
  ),
  // B's order under B's company: 403; under A's own company: 404, like any call naming B's order.
  [ruleKey(apiRoutes.tariffComparison.orderComparison)]: companyRule((own, foreign) =>
    orderStatuses(foreign).flatMap((identifier) => [
      {
        url: `/api/company/${foreign.company}/tariff-comparison/orders/${identifier}`,
        allow: [403],
      },
      { url: `/api/company/${own.company}/tariff-comparison/orders/${identifier}`, allow: [404] },
    ]),
  ),
  [ruleKey(apiRoutes.tariffComparison.providerComparison)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.company.updateApprovalSettings)]: companyRule(
    foreignCompany((company) => `/api/company/${company}/approval-settings`, {
      approver: 'council',
      bodyName: 'Захоплено',
      place: '',
      legalBasis: [],
      inForceNumber: '',
      capDecisionNumber: '',
    }),
  ),
  [ruleKey(apiRoutes.orders.approval)]: companyRule(
    eachForeignOrderInPath('/approval', {
      revision: 1,
      decisionNumber: '1',
      decisionDate: '2026-01-10',
      effectiveDate: '2026-02-01',
    }),
  ),
  [ruleKey(apiRoutes.orders.tariffHistory)]: companyRule(eachForeignOrderInPath('/tariff-history')),
  [ruleKey(apiRoutes.orders.docx)]: companyRule(
    eachForeignOrder('/api/orders/docx', { file: 'approval' }),
  ),
  [ruleKey(apiRoutes.measurements.ownPage)]: companyRule(
    foreignCompany((company) => `/api/company/${company}/measurements?page=1`),
  ),
  [ruleKey(apiRoutes.measurements.ownList)]: companyRule(
    foreignCompany((company) => `/api/company/${company}/measurements/list`),
  ),
  [ruleKey(apiRoutes.measurements.create)]: companyRule(
    foreignCompany((company) => `/api/company/${company}/measurements`, { name: 'Чужа' }),
  ),
  [ruleKey(apiRoutes.measurements.update)]: companyRule(
    foreignRow('measurements', (tenant) => tenant.unitId, { name: 'Чужа' }),
  ),
  [ruleKey(apiRoutes.measurements.remove)]: companyRule(
    foreignRow('measurements', (tenant) => tenant.unitId),
  ),
  [ruleKey(apiRoutes.pills.ownPage)]: companyRule(
    foreignCompany((company) => `/api/company/${company}/pills?page=1`),
  ),
  [ruleKey(apiRoutes.pills.ownList)]: companyRule(
    foreignCompany((company) => `/api/company/${company}/pills/list`),
  ),
  [ruleKey(apiRoutes.pills.allList)]: companyRule((own, foreign) => [
    { url: `/api/company/${foreign.company}/pills/all-list`, allow: [403] },
    {
      url: `/api/company/${own.company}/pills/all-list?companyIdentifier=${foreign.company}`,
      allow: READ_OK,
    },
  ]),
  [ruleKey(apiRoutes.pills.create)]: companyRule((own, foreign) => [
    { url: `/api/company/${foreign.company}/pills`, body: pill(own), allow: [403] },
    // B's unit named in A's own material: a unit A cannot see.
    { url: `/api/company/${own.company}/pills`, body: pill(foreign), allow: [422] },
  ]),
  [ruleKey(apiRoutes.pills.update)]: companyRule((own, foreign) => [
    ...foreignRow('pills', (tenant) => tenant.pillId, pill(own))(own, foreign),
    { url: `/api/company/${own.company}/pills/${own.pillId}`, body: pill(foreign), allow: [422] },
  ]),
  [ruleKey(apiRoutes.pills.remove)]: companyRule(foreignRow('pills', (tenant) => tenant.pillId)),
  [ruleKey(apiRoutes.staff.create)]: companyRule(
    foreignCompany((company) => `/api/company/${company}/stuff`, {
      qualification: 'Чужа',
      category: 'вища',
      scientific_degree: 'немає',
      salary: '1',
    }),
  ),
  [ruleKey(apiRoutes.staff.remove)]: companyRule(foreignRow('stuff', (tenant) => tenant.staffId)),
  [ruleKey(apiRoutes.staff.usage)]: companyRule(
    foreignRowUsage('stuff', (tenant) => tenant.staffId),
  ),
  [ruleKey(apiRoutes.pills.usage)]: companyRule(
    foreignRowUsage('pills', (tenant) => tenant.pillId),
  ),
  [ruleKey(apiRoutes.equipment.list)]: companyRule(
    foreignCompany((company) => `/api/company/${company}/equipment`),
  ),
  [ruleKey(apiRoutes.equipment.create)]: companyRule((own, foreign) =>
    foreignCompany((company) => `/api/company/${company}/equipment`, equipmentRow(own))(
      own,
      foreign,
    ),
  ),
  [ruleKey(apiRoutes.equipment.update)]: companyRule((own, foreign) =>
    foreignRow('equipment', (tenant) => tenant.equipmentId, equipmentRow(own))(own, foreign),
  ),
  [ruleKey(apiRoutes.equipment.remove)]: companyRule(
    foreignRow('equipment', (tenant) => tenant.equipmentId),
  ),
  [ruleKey(apiRoutes.equipment.usage)]: companyRule(
    foreignRowUsage('equipment', (tenant) => tenant.equipmentId),
  ),
  [ruleKey(apiRoutes.equipment.allList)]: companyRule((own, foreign) => [
    { url: `/api/company/${foreign.company}/equipment/all-list`, allow: [403] },
    {
      url: `/api/company/${own.company}/equipment/all-list?companyIdentifier=${foreign.company}`,
      allow: READ_OK,
    },
  ]),
  [ruleKey(apiRoutes.staff.changeSalary)]: companyRule((_own, foreign) => [
    { url: '/api/change-salary', body: { id: foreign.staffId, salary: '1' }, allow: [404] },
  ]),
  [ruleKey(apiRoutes.orders.companyCalculations)]: companyRule(
    foreignCompany((company) => `/api/company/${company}/calculations`),
  ),
  [ruleKey(apiRoutes.calculations.calculatedServices)]: companyRule(
    foreignCompany((company) => `/api/company/${company}/calculated-services?page=1`),
  ),
  [ruleKey(apiRoutes.orders.add)]: companyRule((own, foreign) => [
    {
      url: `/api/company/${foreign.company}/orders/add`,
      body: { name: 'Чуже', calculations: [{ categoryId: 1, source: null, templateName: 'a' }] },
      allow: [403],
    },
    // B's calculation as the source of A's new order.
    {
      url: `/api/company/${own.company}/orders/add`,
      body: {
        name: 'Копія чужого',
        calculations: [
          {
            categoryId: 1,
            source: 'calculation',
            sourceId: foreign.calculationIds[0],
            templateName: 'Чуже',
          },
        ],
      },
    },
  ]),
  [ruleKey(apiRoutes.orders.detail)]: companyRule(eachForeignOrderInPath()),
  [ruleKey(apiRoutes.orders.services)]: companyRule(eachForeignOrderInPath('/services')),
  [ruleKey(apiRoutes.orders.revisions)]: companyRule(eachForeignOrderInPath('/revisions')),
  [ruleKey(apiRoutes.orders.repricePreview)]: companyRule(
    eachForeignOrderInPath('/reprice-preview'),
  ),
  [ruleKey(apiRoutes.orders.reprice)]: companyRule(
    eachForeignOrderInPath('/reprice', { revision: 1 }),
  ),
  [ruleKey(apiRoutes.orders.remove)]: companyRule(eachForeignOrderInPath()),
  [ruleKey(apiRoutes.orders.duplicate)]: companyRule(eachForeignOrder('/api/orders/duplicate')),
  [ruleKey(apiRoutes.orders.sendForApproval)]: companyRule(
    eachForeignOrder('/api/calculations/approve-from-user'),
  ),
  [ruleKey(apiRoutes.orders.workbook)]: companyRule(eachForeignOrder('/api/orders/xlsx')),
  [ruleKey(apiRoutes.orders.pdf)]: companyRule((own, foreign) => [
    ...eachForeignOrder('/api/orders/pdf', { file: 'title' })(own, foreign),
    ...eachForeignOrder('/api/orders/pdf', { file: 'invoice' })(own, foreign),
    ...eachForeignOrder('/api/orders/pdf', { file: 'comparison', revision: 1 })(own, foreign),
    ...eachForeignOrder('/api/orders/pdf', { file: 'approval' })(own, foreign),
    // A's own formed order, B's service.
    {
      url: '/api/orders/pdf',
      body: {
        file: 'calculation',
        identifier: own.orders.formed,
        calculationId: foreign.calculationIds[0],
      },
      allow: [404],
    },
  ]),
  // Issue 24 §1: a job id that is not the caller's company's (B's job, a made-up one) is 404.
  [ruleKey(apiRoutes.documentJobs.status)]: companyRule(() => [
    { url: '/api/document-jobs/not-a-job-of-yours', allow: [404] },
  ]),
  [ruleKey(apiRoutes.documentJobs.file)]: companyRule(() => [
    { url: '/api/document-jobs/not-a-job-of-yours/file', allow: [404] },
  ]),
  [ruleKey(apiRoutes.calculations.save)]: companyRule((own, foreign) =>
    savesOf('/api/calculations/save', own, foreign),
  ),
  [ruleKey(apiRoutes.calculations.calculate)]: companyRule((own, foreign) =>
    savesOf('/api/calculations/calculate', own, foreign),
  ),
  // Computes from the numbers sent and stores nothing: B's ids inside change nothing and read nothing of B.
  [ruleKey(apiRoutes.calculations.calculateOnline)]: companyRule((own, foreign) =>
    smuggledSaveBodies(own, foreign).map(({ label, body }) => ({
      label,
      url: '/api/calculations/calculate-online',
      body: { calculations: body.calculations, companyInfo: body.companyInfo },
      allow: [200, 422],
    })),
  ),

  // --- spreadsheet import and export (issue 20): B's company in the URL → 403; B's identifier as an import → 404
  [ruleKey(apiRoutes.imports.companyPreview)]: companyRule(
    foreignCompany((company) => `/api/company/${company}/imports/staff/preview`, {}),
  ),
  [ruleKey(apiRoutes.imports.companyApply)]: companyRule((own, foreign) => [
    {
      url: `/api/company/${foreign.company}/imports/pills/${own.company}/apply`,
      body: { createUnits: true },
      allow: [403],
    },
    {
      url: `/api/company/${own.company}/imports/pills/${foreign.company}/apply`,
      body: { createUnits: true },
      allow: [404],
    },
  ]),
  [ruleKey(apiRoutes.imports.companyLast)]: companyRule(
    foreignCompany((company) => `/api/company/${company}/imports/pills/last`),
  ),
  [ruleKey(apiRoutes.imports.companyUndo)]: companyRule(
    foreignCompany((company) => `/api/company/${company}/imports/staff/undo`, {}),
  ),
  [ruleKey(apiRoutes.imports.companyExport)]: companyRule(
    foreignCompany((company) => `/api/company/${company}/imports/staff/export`),
  ),
  [ruleKey(apiRoutes.imports.companyTemplate)]: companyRule(
    foreignCompany((company) => `/api/company/${company}/imports/measurements/template`),
  ),

  // --- members and the activity log (issue 22) ---
  [ruleKey(apiRoutes.members.page)]: companyRule(plainRead('/api/members')),
  // Inviting B's user is allowed (joining is refused later: B has orders); a bad role changes nothing.
  [ruleKey(apiRoutes.members.invite)]: companyRule((_own, foreign) => [
    { url: '/api/members/invitations', body: { email: foreign.email, role: 'admin' } },
  ]),
  [ruleKey(apiRoutes.members.revokeInvitation)]: companyRule((_own, foreign) => [
    { url: `/api/members/invitations/${foreign.invitationId}`, allow: [404] },
  ]),
  [ruleKey(apiRoutes.members.changeRole)]: companyRule((_own, foreign) => [
    { url: `/api/members/${foreign.userIdentifier}`, body: { role: 'viewer' }, allow: [404] },
  ]),
  [ruleKey(apiRoutes.members.remove)]: companyRule((_own, foreign) => [
    { url: `/api/members/${foreign.userIdentifier}`, allow: [404] },
  ]),
  [ruleKey(apiRoutes.members.transferOwnership)]: companyRule((_own, foreign) => [
    {
      url: '/api/members/transfer-ownership',
      body: { identifier: foreign.userIdentifier },
      allow: [404],
    },
  ]),
  // Ends the caller's own account only (members.test.ts).
  [ruleKey(apiRoutes.members.leave)]: { scope: 'own-session' },
  [ruleKey(apiRoutes.members.invitation)]: {
    scope: 'guest',
    foreign: () => [{ url: `/api/invitations/${'x'.repeat(43)}`, allow: [404] }],
  },
  [ruleKey(apiRoutes.members.acceptInvitation)]: {
    scope: 'guest',
    foreign: (_own, foreign) => [
      {
        url: `/api/invitations/${'x'.repeat(43)}/accept`,
        body: { password: foreign.password },
        allow: [404],
      },
    ],
  },
  [ruleKey(apiRoutes.activity.page)]: companyRule(plainRead('/api/activity')),
  [ruleKey(apiRoutes.activity.export)]: companyRule(plainRead('/api/activity/export')),

  // --- administrator ---
  [ruleKey(apiRoutes.company.options)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.admin.orderTariffHistory)]: { scope: 'admin-only' },
  // Issue 40: the whole database's copies are the administrator's alone.
  [ruleKey(apiRoutes.admin.backups)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.admin.createBackup)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.admin.downloadBackup)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.admin.companyCalculations)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.templates.addFromCalculation)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.pills.copyToTemplates)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.measurements.copyToTemplates)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.measurements.templatePage)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.measurements.createTemplate)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.measurements.companiesPage)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.measurements.updateTemplate)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.measurements.removeTemplate)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.pills.templatePage)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.pills.createTemplate)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.equipment.templateList)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.equipment.createTemplate)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.equipment.updateTemplate)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.equipment.removeTemplate)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.pills.companiesPage)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.pills.updateTemplate)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.pills.removeTemplate)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.templates.adminList)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.templates.update)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.templates.remove)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.admin.users)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.admin.orders)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.admin.order)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.admin.changeOrderStatus)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.admin.orderPdf)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.imports.templatePreview)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.imports.templateApply)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.imports.templateLast)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.imports.templateUndo)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.imports.templateExport)]: { scope: 'admin-only' },
  [ruleKey(apiRoutes.imports.templateTemplate)]: { scope: 'admin-only' },
};

/** Save/calculate: B's order named, and A's own paid order with B's ids inside the JSON strings. */
function savesOf(url: string, own: Tenant, foreign: Tenant): Attempt[] {
  return [
    ...orderStatuses(foreign).map((identifier) => ({
      label: `B's order ${identifier}`,
      url,
      body: { ...smuggledSaveBodies(own, foreign)[0]?.body, identifier },
      allow: [404, 422],
    })),
    ...smuggledSaveBodies(own, foreign).map(({ label, body, errorKey }) => ({
      label: `B's ${label} inside A's order`,
      url,
      body,
      allow: [422],
      errorKey,
    })),
  ];
}
