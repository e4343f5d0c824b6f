import type {
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  RouteHandlerMethod,
} from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, type AcceptedOf, type ApiRoute } from '@medcalc/domain';

/** The app as a route plugin sees it (the zod type provider on). */
export type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request of a table route: its params, query and body as the entry's schemas parse them. */
export type TableRequest<R extends ApiRoute> = FastifyRequest<{
  Params: Parsed<R['params']>;
  Querystring: Parsed<R['query']>;
  Body: Parsed<R['body']>;
}>;

/** What a handler answers: the entry's 200 answer, or the reply itself for a file answer (sent by the handler). */
type HandlerAnswer<R extends ApiRoute> = R['answer'] extends z.ZodType
  ? z.output<R['answer']>
  : FastifyReply;

export type TableRouteOptions = {
  /** OpenAPI grouping and one line on what the call does (shown at /api/docs). */
  tags: readonly string[];
  summary: string;
  /** The error answers the call can give beside its 200 (lib/route-errors.ts). */
  errors?: Readonly<Record<number, z.ZodType>>;
  /** For a file answer (`answer: null` in the table): its content type and headers, as OpenAPI shows them. */
  fileAnswer?: string;
  bodyLimit?: number;
  /** Replaces the answer's serialiser (the orders list writes its answer as it is, see orders.routes.ts). */
  serializerCompiler?: () => (data: unknown) => string;
  /** Replaces the schemas' check (calculate-online reads its large body by a fast path first, see its route). */
  validatorCompiler?: FastifySchemaCompiler<unknown>;
};

/**
 * Registers the call `route` of the domain's route table (`apiRoutes`): its method, path and schemas (the 202
 * answer `accepted` too) come from the table, the rest (OpenAPI text, error answers, handler) from here. The guard
 * comes from the entry's `access` (`app.guardFor`, plugins/auth.ts: the session, the role's permission, the URL's
 * company) and runs at `onRequest`, before the body is parsed, so a caller without the right gets 401/403 whatever
 * it sent.
 */
export function tableRoute<R extends ApiRoute>(
  app: RouteApp,
  route: R,
  options: TableRouteOptions,
  handler: (request: TableRequest<R>, reply: FastifyReply) => Promise<HandlerAnswer<R>>,
): void {
  const { tags, summary, errors = {}, fileAnswer, ...rest } = options;
  const guard = app.guardFor(route);
  // A role without the call's permission is refused with 403 (issue 22), whatever else the call can answer.
  const refusal =
    route.access === 'public' || route.access === 'user' ? {} : { 403: apiErrorSchema };
  const schema: FastifySchema = {
    tags: [...tags],
    summary,
    response: {
      200: route.answer ?? z.any().describe(fileAnswer ?? 'a file'),
      // The answer it may give later instead (a large document's job): declared with the entry.
      ...(route.accepted ? { 202: route.accepted } : {}),
      ...refusal,
      ...errors,
    },
  };
  // Only the parts the entry has: an absent key is no schema, not an `undefined` one for the compilers to read.
  if (route.params) schema.params = route.params;
  if (route.query) schema.querystring = route.query;
  if (route.body) schema.body = route.body;
  app.route({
    ...rest,
    method: route.method,
    url: route.path,
    ...(guard ? { onRequest: guard } : {}),
    schema,
    // The request's types are the ones the schemas above give it (TableRequest); Fastify cannot see that
    // through the generic entry, hence the widening.
    handler: handler as unknown as RouteHandlerMethod,
  });
}

/** Answers 202 with the entry's `accepted` answer: the call goes on later (a large document's job). */
export function sendAccepted<R extends ApiRoute & { accepted: z.ZodType }>(
  reply: FastifyReply,
  _route: R,
  answer: AcceptedOf<R>,
): FastifyReply {
  return reply.code(202).send(answer);
}
