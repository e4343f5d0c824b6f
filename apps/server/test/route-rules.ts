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
/** B's company in the URL: 403 whatever else is sent. */
const foreignCompany =
  (path: (company: string) => string, body?: unknown): Attempts =>
  (_own, foreign) => [
    { url: path(foreign.company), ...(body === undefined ? {} : { body }), allow: [403] },
  ];
const pill = (foreign: Tenant) => ({
  name: 'Чужий',
  measurementType: `Од ${foreign.marker}`,
  price: '1',
});

export const ROUTE_RULES: Record<string, RouteRule> = {
  // --- public ---
  'GET /api/health': { scope: 'public' },
  'GET /api/contacts': { scope: 'public' },
  'GET /sanctum/csrf-cookie': { scope: 'public' },
  'GET /api/docs': { scope: 'public' },
  'GET /api/docs/': { scope: 'public' },
  'GET /api/docs/static/index.html': { scope: 'public' },
  'GET /api/docs/static/swagger-initializer.js': { scope: 'public' },
  'GET /api/docs/json': { scope: 'public' },
  'GET /api/docs/yaml': { scope: 'public' },
  'GET /api/docs/static/*': { scope: 'public' },

  // --- guests: the session calls; another user's e-mail gets the same refusal as an unknown one ---
  'POST /login': {
    scope: 'guest',
    foreign: (_own, foreign) => [
      { url: '/login', body: { email: foreign.email, password: 'not-the-password-1' } },
    ],
  },
  'POST /api/register': {
    scope: 'guest',
    foreign: (_own, foreign) => [
      { url: '/api/register', body: registrationFor({ email: foreign.email }) },
    ],
  },
  // Mails a link to the address's owner only; the answer is the same for any address (auth.test.ts).
  'POST /password/email': { scope: 'guest' },
  'POST /password/reset': {
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
  'GET /api/user': {
    scope: 'own-session',
    foreign: (_own, foreign) => [{ url: `/api/user?id=${foreign.userId}`, allow: READ_OK }],
  },
  'POST /logout': { scope: 'own-session' },

  // --- company calls ---
  'GET /api/get-categories': { scope: 'company', foreign: plainRead('/api/get-categories') },
  'GET /api/get-measurements': { scope: 'company', foreign: plainRead('/api/get-measurements') },
  'GET /api/get-templates-list': {
    scope: 'company',
    foreign: plainRead('/api/get-templates-list'),
  },
  'GET /api/pills/list': { scope: 'company', foreign: plainRead('/api/pills/list') },
  'GET /api/orders': { scope: 'company', foreign: plainRead('/api/orders') },
  'GET /api/get-stuff/:companyIdentifier': {
    scope: 'company',
    foreign: foreignCompany((company) => `/api/get-stuff/${company}`),
  },
  'GET /api/company-info/:companyIdentifier': {
    scope: 'company',
    foreign: foreignCompany((company) => `/api/company-info/${company}`),
  },
  'PUT /api/company-info/:companyIdentifier': {
    scope: 'company',
    foreign: foreignCompany((company) => `/api/company-info/${company}`, { name: 'Захоплено' }),
  },
  'GET /api/company/:companyIdentifier/measurements': {
    scope: 'company',
    foreign: foreignCompany((company) => `/api/company/${company}/measurements?page=1`),
  },
  'GET /api/company/:companyIdentifier/measurements/list': {
    scope: 'company',
    foreign: foreignCompany((company) => `/api/company/${company}/measurements/list`),
  },
  'POST /api/company/:companyIdentifier/measurements': {
    scope: 'company',
    foreign: foreignCompany((company) => `/api/company/${company}/measurements`, { name: 'Чужа' }),
  },
  'PUT /api/company/:companyIdentifier/measurements/:id': {
    scope: 'company',
    foreign: (own, foreign) => [
      {
        url: `/api/company/${foreign.company}/measurements/${foreign.unitId}`,
        body: { name: 'Чужа' },
        allow: [403],
      },
      {
        url: `/api/company/${own.company}/measurements/${foreign.unitId}`,
        body: { name: 'Чужа' },
        allow: [404],
      },
    ],
  },
  'DELETE /api/company/:companyIdentifier/measurements/:id': {
    scope: 'company',
    foreign: (own, foreign) => [
      { url: `/api/company/${foreign.company}/measurements/${foreign.unitId}`, allow: [403] },
      { url: `/api/company/${own.company}/measurements/${foreign.unitId}`, allow: [404] },
    ],
  },
  'GET /api/company/:companyIdentifier/pills': {
    scope: 'company',
    foreign: foreignCompany((company) => `/api/company/${company}/pills?page=1`),
  },
  'GET /api/company/:companyIdentifier/pills/list': {
    scope: 'company',
    foreign: foreignCompany((company) => `/api/company/${company}/pills/list`),
  },
  'GET /api/company/:companyIdentifier/pills/all-list': {
    scope: 'company',
    foreign: (own, foreign) => [
      { url: `/api/company/${foreign.company}/pills/all-list`, allow: [403] },
      {
        url: `/api/company/${own.company}/pills/all-list?companyIdentifier=${foreign.company}`,
        allow: READ_OK,
      },
    ],
  },
  'POST /api/company/:companyIdentifier/pills': {
    scope: 'company',
    foreign: (own, foreign) => [
      { url: `/api/company/${foreign.company}/pills`, body: pill(own), allow: [403] },
      // B's unit named in A's own material: a unit A cannot see.
      { url: `/api/company/${own.company}/pills`, body: pill(foreign), allow: [422] },
    ],
  },
  'PUT /api/company/:companyIdentifier/pills/:id': {
    scope: 'company',
    foreign: (own, foreign) => [
      {
        url: `/api/company/${foreign.company}/pills/${foreign.pillId}`,
        body: pill(own),
        allow: [403],
      },
      { url: `/api/company/${own.company}/pills/${foreign.pillId}`, body: pill(own), allow: [404] },
      { url: `/api/company/${own.company}/pills/${own.pillId}`, body: pill(foreign), allow: [422] },
    ],
  },
  'DELETE /api/company/:companyIdentifier/pills/:id': {
    scope: 'company',
    foreign: (own, foreign) => [
      { url: `/api/company/${foreign.company}/pills/${foreign.pillId}`, allow: [403] },
      { url: `/api/company/${own.company}/pills/${foreign.pillId}`, allow: [404] },
    ],
  },
  'POST /api/company/:companyIdentifier/stuff': {
    scope: 'company',
    foreign: foreignCompany((company) => `/api/company/${company}/stuff`, {
      qualification: 'Чужа',
      category: 'вища',
      scientific_degree: 'немає',
      salary: '1',
    }),
  },
  'DELETE /api/company/:companyIdentifier/stuff/:id': {
    scope: 'company',
    foreign: (own, foreign) => [
      { url: `/api/company/${foreign.company}/stuff/${foreign.staffId}`, allow: [403] },
      { url: `/api/company/${own.company}/stuff/${foreign.staffId}`, allow: [404] },
    ],
  },
  'POST /api/change-salary': {
    scope: 'company',
    foreign: (_own, foreign) => [
      { url: '/api/change-salary', body: { id: foreign.staffId, salary: '1' }, allow: [404] },
    ],
  },
  'GET /api/company/:companyIdentifier/calculations': {
    scope: 'company',
    foreign: foreignCompany((company) => `/api/company/${company}/calculations`),
  },
  'GET /api/company/:companyIdentifier/calculated-services': {
    scope: 'company',
    foreign: foreignCompany((company) => `/api/company/${company}/calculated-services?page=1`),
  },
  'POST /api/company/:companyIdentifier/orders/add': {
    scope: 'company',
    foreign: (own, foreign) => [
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
    ],
  },
  'GET /api/orders/:identifier': {
    scope: 'company',
    foreign: (_own, foreign) =>
      orderStatuses(foreign).map((identifier) => ({
        url: `/api/orders/${identifier}`,
        allow: [404],
      })),
  },
  'GET /api/orders/:identifier/services': {
    scope: 'company',
    foreign: (_own, foreign) =>
      orderStatuses(foreign).map((identifier) => ({
        url: `/api/orders/${identifier}/services`,
        allow: [404],
      })),
  },
  'GET /api/orders/:identifier/revisions': {
    scope: 'company',
    foreign: (_own, foreign) =>
      orderStatuses(foreign).map((identifier) => ({
        url: `/api/orders/${identifier}/revisions`,
        allow: [404],
      })),
  },
  'GET /api/orders/:identifier/reprice-preview': {
    scope: 'company',
    foreign: (_own, foreign) =>
      orderStatuses(foreign).map((identifier) => ({
        url: `/api/orders/${identifier}/reprice-preview`,
        allow: [404],
      })),
  },
  'POST /api/orders/:identifier/reprice': {
    scope: 'company',
    foreign: (_own, foreign) =>
      orderStatuses(foreign).map((identifier) => ({
        url: `/api/orders/${identifier}/reprice`,
        body: { revision: 1 },
        allow: [404],
      })),
  },
  'DELETE /api/orders/:identifier': {
    scope: 'company',
    foreign: (_own, foreign) =>
      orderStatuses(foreign).map((identifier) => ({
        url: `/api/orders/${identifier}`,
        allow: [404],
      })),
  },
  'POST /api/orders/duplicate': {
    scope: 'company',
    foreign: eachForeignOrder('/api/orders/duplicate'),
  },
  'POST /api/calculations/approve-from-user': {
    scope: 'company',
    foreign: eachForeignOrder('/api/calculations/approve-from-user'),
  },
  'POST /api/orders/xlsx': { scope: 'company', foreign: eachForeignOrder('/api/orders/xlsx') },
  'POST /api/orders/pdf': {
    scope: 'company',
    foreign: (own, foreign) => [
      ...eachForeignOrder('/api/orders/pdf', { file: 'title' })(own, foreign),
      ...eachForeignOrder('/api/orders/pdf', { file: 'invoice' })(own, foreign),
      ...eachForeignOrder('/api/orders/pdf', { file: 'comparison', revision: 1 })(own, foreign),
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
    ],
  },
  'POST /api/calculations/save': {
    scope: 'company',
    foreign: (own, foreign) => savesOf('/api/calculations/save', own, foreign),
  },
  'POST /api/calculations/calculate': {
    scope: 'company',
    foreign: (own, foreign) => savesOf('/api/calculations/calculate', own, foreign),
  },
  // Computes from the numbers sent and stores nothing: B's ids inside change nothing and read nothing of B.
  'POST /api/calculations/calculate-online': {
    scope: 'company',
    foreign: (own, foreign) =>
      smuggledSaveBodies(own, foreign).map(({ label, body }) => ({
        label,
        url: '/api/calculations/calculate-online',
        body: { calculations: body.calculations, companyInfo: body.companyInfo },
        allow: [200, 422],
      })),
  },

  // --- administrator ---
  'GET /api/get-companies-list': { scope: 'admin-only' },
  'GET /api/company/:companyId/calculations/calculations-list': { scope: 'admin-only' },
  'POST /api/calculations/add-to-template': { scope: 'admin-only' },
  'POST /api/pills/companies/:id/to-templates': { scope: 'admin-only' },
  'POST /api/measurements/companies/:id/to-templates': { scope: 'admin-only' },
  'GET /api/measurements': { scope: 'admin-only' },
  'POST /api/measurements': { scope: 'admin-only' },
  'GET /api/measurements/companies': { scope: 'admin-only' },
  'PUT /api/measurements/:id': { scope: 'admin-only' },
  'DELETE /api/measurements/:id': { scope: 'admin-only' },
  'GET /api/pills': { scope: 'admin-only' },
  'POST /api/pills': { scope: 'admin-only' },
  'GET /api/pills/companies': { scope: 'admin-only' },
  'PUT /api/pills/:id': { scope: 'admin-only' },
  'DELETE /api/pills/:id': { scope: 'admin-only' },
  'GET /api/get-templates': { scope: 'admin-only' },
  'PUT /api/templates/:id': { scope: 'admin-only' },
  'DELETE /api/templates/:id': { scope: 'admin-only' },
  'GET /api/get-users': { scope: 'admin-only' },
  'GET /api/administrator/orders': { scope: 'admin-only' },
  'GET /api/administrator/orders/:identifier': { scope: 'admin-only' },
  'PATCH /api/administrator/orders/change-status': { scope: 'admin-only' },
  'POST /api/administrator/orders/pdf': { scope: 'admin-only' },
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
