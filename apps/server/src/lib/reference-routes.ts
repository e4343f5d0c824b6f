import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ApiRoute, PageQuery, Paged } from '@medcalc/domain';
import { actorOfRequest, companyScopeOf } from '../plugins/auth';
import type { Owner } from './bulk-rows';
import type { Actor } from './company-scope';
import { READ_ERRORS, WRITE_ERRORS } from './route-errors';
import { tableRoute, type RouteApp, type TableRequest } from './table-route';

/** A call of the table whose parts the reference-data routes read, each as its schema parses it. */
type Call<Params, Query, Body, Answer> = ApiRoute & {
  params?: z.ZodType<Params>;
  query?: z.ZodType<Query>;
  body?: z.ZodType<Body>;
  answer: z.ZodType<Answer>;
};

type Saved<Item> = { message: string; data: Item };
type Message = { message: string };

/**
 * The ten calls of one kind of reference data in the domain's route table (materials, units): the company's own
 * rows, and the administrator's template rows and view of what companies made.
 */
export interface ReferenceDataCalls<Item, CompanyItem, Input extends object> {
  ownPage: Call<unknown, PageQuery, unknown, Paged<Item>>;
  ownList: Call<unknown, unknown, unknown, Item[]>;
  create: Call<unknown, unknown, Input, Saved<Item>>;
  update: Call<{ id: number }, unknown, Input, Saved<Item>>;
  remove: Call<{ id: number }, unknown, unknown, Message>;
  templatePage: Call<unknown, PageQuery, unknown, Paged<Item>>;
  companiesPage: Call<unknown, PageQuery, unknown, Paged<CompanyItem>>;
  createTemplate: Call<unknown, unknown, Input & { companyIdentifier?: string }, Saved<Item>>;
  updateTemplate: Call<{ id: number }, unknown, Input, Saved<Item>>;
  removeTemplate: Call<{ id: number }, unknown, unknown, Message>;
}

/** The service of one kind of reference data: the same operations for a company's rows and the template ones. */
export interface ReferenceDataService<Item, CompanyItem, Input extends object> {
  page(owner: Owner, query: PageQuery): Promise<Paged<Item>>;
  list(owner: Owner): Promise<Item[]>;
  pageOfCompanies(query: PageQuery): Promise<Paged<CompanyItem>>;
  /** Writes; `actor` is the person the activity log names for a company's row (a template row is not logged). */
  create(owner: Owner, input: Input, actor: Actor): Promise<Item>;
  update(owner: Owner, id: number, input: Input, actor: Actor): Promise<Item>;
  remove(owner: Owner, id: number, actor: Actor): Promise<void>;
}

/** One line on what each call does (shown at /api/docs). */
export type ReferenceDataSummaries = Record<
  keyof ReferenceDataCalls<unknown, unknown, object>,
  string
>;

/**
 * Registers a call whose parts the caller typed through `Call`: `tableRoute` cannot see through a generic
 * entry's conditional types, so the handler is widened here, once. `ReferenceDataCalls` checks, where the
 * routes are registered, that each table entry parses and answers what the handler takes and gives.
 */
function register<Params, Query, Body, Answer>(
  app: RouteApp,
  route: Call<Params, Query, Body, Answer>,
  options: Parameters<typeof tableRoute>[2],
  handler: (
    request: FastifyRequest & { params: Params; query: Query; body: Body },
  ) => Promise<Answer>,
): void {
  tableRoute(
    app,
    route as ApiRoute,
    options,
    handler as unknown as (request: TableRequest<ApiRoute>, reply: FastifyReply) => Promise<never>,
  );
}

/**
 * The company's own rows of one kind of reference data (spec §7 "Company reference data") and the
 * administrator's template rows and view of the rows companies made ("Shared (template-level) reference data").
 * The company calls pass the session's company (`companyScopeOf`) to the service, never the URL's
 * (`app.requireOwnCompany` answers 403 for another company's `{companyIdentifier}` at `onRequest`); the
 * administrator may add a row for a chosen company (spec §6; an unknown company is 404).
 */
export function referenceDataRoutes<Item, CompanyItem, Input extends object>(
  app: RouteApp,
  kind: {
    calls: ReferenceDataCalls<Item, CompanyItem, Input>;
    tag: string;
    summaries: ReferenceDataSummaries;
    messages: { created: string; updated: string; deleted: string };
    service: ReferenceDataService<Item, CompanyItem, Input>;
    companies: { idOfIdentifier(identifier: string): Promise<number> };
  },
): void {
  const { calls, tag, summaries, messages, service, companies } = kind;
  const own = { tags: [tag] };
  const ownRead = { ...own, errors: READ_ERRORS };
  const ownWrite = { ...own, errors: WRITE_ERRORS };
  const admin = { tags: [tag, 'admin'] };
  const adminRead = { ...admin, errors: READ_ERRORS };
  const adminWrite = { ...admin, errors: WRITE_ERRORS };
  const companyOf = (request: FastifyRequest) => companyScopeOf(request).companyId;

  register(app, calls.ownPage, { ...ownRead, summary: summaries.ownPage }, async (request) =>
    service.page(companyOf(request), request.query),
  );
  register(app, calls.ownList, { ...ownRead, summary: summaries.ownList }, async (request) =>
    service.list(companyOf(request)),
  );
  register(app, calls.create, { ...ownWrite, summary: summaries.create }, async (request) => ({
    message: messages.created,
    data: await service.create(companyOf(request), request.body, actorOfRequest(request)),
  }));
  register(app, calls.update, { ...ownWrite, summary: summaries.update }, async (request) => ({
    message: messages.updated,
    data: await service.update(
      companyOf(request),
      request.params.id,
      request.body,
      actorOfRequest(request),
    ),
  }));
  register(app, calls.remove, { ...ownWrite, summary: summaries.remove }, async (request) => {
    await service.remove(companyOf(request), request.params.id, actorOfRequest(request));
    return { message: messages.deleted };
  });

  register(
    app,
    calls.templatePage,
    { ...adminRead, summary: summaries.templatePage },
    async (request) => service.page(null, request.query),
  );
  register(
    app,
    calls.companiesPage,
    { ...adminRead, summary: summaries.companiesPage },
    async (request) => service.pageOfCompanies(request.query),
  );
  register(
    app,
    calls.createTemplate,
    { ...adminWrite, summary: summaries.createTemplate },
    async (request) => {
      const { companyIdentifier, ...input } = request.body;
      const owner =
        companyIdentifier === undefined ? null : await companies.idOfIdentifier(companyIdentifier);
      // The input without the administrator's `companyIdentifier` is the input (TS cannot see that generically).
      return {
        message: messages.created,
        data: await service.create(owner, input as Input, actorOfRequest(request)),
      };
    },
  );
  register(
    app,
    calls.updateTemplate,
    { ...adminWrite, summary: summaries.updateTemplate },
    async (request) => ({
      message: messages.updated,
      data: await service.update(null, request.params.id, request.body, actorOfRequest(request)),
    }),
  );
  register(
    app,
    calls.removeTemplate,
    { ...adminWrite, summary: summaries.removeTemplate },
    async (request) => {
      await service.remove(null, request.params.id, actorOfRequest(request));
      return { message: messages.deleted };
    },
  );
}
