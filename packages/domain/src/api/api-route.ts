import type { z } from '../common/zod';

/**
 * Who may make a call (issue 22): `public` needs no session; `user` any signed-in user whatever their role (who am
 * I, sign out, leave); `read`, `edit`, `members`, `activity` the company permission of the caller's role
 * (members/member-role.ts `MEMBER_PERMISSIONS`); `admin` the provider's administrator. The server derives each
 * route's guard from it, so a call cannot be registered without saying who may make it.
 */
export const API_ACCESS = [
  'public',
  'user',
  'read',
  'edit',
  'members',
  'activity',
  'admin',
] as const;
export type ApiAccess = (typeof API_ACCESS)[number];

/** The HTTP methods the API uses. */
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call of the API as both sides see it: its method, its path template (spec §7's spelling, `:name` for a path
 * parameter, as Fastify reads it) and the zod schemas of its parameters, query, body and 200 answer. The server
 * registers the route from it and the web calls it through it, so a path or an answer shape is written once.
 * `answer: null` marks a file answer (a PDF or an XLSX workbook), which is binary and has no JSON schema.
 * `accepted` is the call's 202 answer, when it may answer later instead (a large document's job, issue 24 §1): the
 * server registers it with the route and a caller tells it from the 200 answer by its status.
 */
export interface ApiRoute {
  readonly method: ApiMethod;
  readonly path: string;
  readonly access: ApiAccess;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly answer: z.ZodType | null;
  readonly accepted?: z.ZodType;
}

/** Keeps the literal types of a table entry (its path and its schemas), which the builders below read. */
export const apiRoute = <const R extends ApiRoute>(route: R): R => route;

/** The names of the `:name` parameters of a path template, e.g. `'companyIdentifier' | 'id'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values a path template needs, one per `:name`. */
export type PathParams<P extends string> = { readonly [K in PathParamNames<P>]: string | number };

/** What a route's 200 answer is once parsed (`never` for a file answer, which is read as a Blob instead). */
export type AnswerOf<R extends ApiRoute> = R['answer'] extends z.ZodType
  ? z.output<R['answer']>
  : never;

/** What a route's 202 answer is once parsed (`never` for a route that always answers at once). */
export type AcceptedOf<R extends ApiRoute> = R['accepted'] extends z.ZodType
  ? z.output<R['accepted']>
  : never;

/** The body a caller sends (the schema's input side: defaults may be left out). */
export type BodyOf<R extends ApiRoute> = R['body'] extends z.ZodType ? z.input<R['body']> : never;

/** The query a caller sends. */
export type QueryOf<R extends ApiRoute> = R['query'] extends z.ZodType
  ? z.input<R['query']>
  : never;

const PATH_PARAM = /:([A-Za-z]\w*)/g;

/**
 * The path of `route` with its parameters filled in, each URI-encoded (an identifier may hold any character the
 * user typed). Paths without parameters need no second argument.
 */
export function pathOf<R extends ApiRoute>(
  route: R,
  ...[params]: PathParamNames<R['path']> extends never ? [] : [PathParams<R['path']>]
): string {
  const values: Readonly<Record<string, string | number>> = params ?? {};
  return route.path.replace(PATH_PARAM, (_whole, name: string) => {
    const value = values[name];
    // Unreachable for a typed caller; a route table change that forgets a caller fails loudly here.
    if (value === undefined) throw new Error(`pathOf: no value for :${name} of ${route.path}`);
    return encodeURIComponent(String(value));
  });
}
