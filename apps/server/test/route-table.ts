import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { errorCodeSchema } from '@medcalc/domain';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client';
import { ROUTE_RULES, type RouteRule } from './route-rules';

/** The built web app that `@fastify/static` serves (its files are routes too). */
const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface AppRoute {
  key: string;
  method: Method;
  url: string;
  route: RouteOptions;
}

/** A GET/HEAD route that serves a file of the built web app. */
function isWebAppFile(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (url.startsWith('/api/') || url.includes(':') || url.includes('*')) return false;
  const file = path.join(WEB_DIST, ...url.split('/'));
  return file.startsWith(WEB_DIST) && existsSync(file) && statSync(file).isFile();
}

/**
 * The app's routes as the `onRoute` hook saw them, one per method and URL: HEAD routes share their GET's rule and
 * the web app's files are left out. `unruled` lists every route with no entry in ROUTE_RULES, `stale` every
 * entry no route has.
 */
export function routeTable(routes: RouteOptions[]) {
  const seen = new Map<string, AppRoute>();
  const skipped: string[] = [];
  for (const route of routes) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // A HEAD route answers as its GET does (Fastify adds one to every GET): one key for both.
    for (const method of new Set(methods.map((m) => (m === 'HEAD' ? 'GET' : m)))) {
      const key = `${method} ${route.url}`;
      if (isWebAppFile(method, route.url)) {
        skipped.push(key);
        continue;
      }
      if (!seen.has(key)) seen.set(key, { key, method: method as Method, url: route.url, route });
    }
  }
  const all = [...seen.values()];
  return {
    all,
    webAppFiles: skipped,
    unruled: all.filter((route) => !(route.key in ROUTE_RULES)).map((route) => route.key),
    stale: Object.keys(ROUTE_RULES).filter((key) => !seen.has(key)),
    withRule: <S extends RouteRule['scope']>(scope: S) =>
      all.flatMap((route) => {
        const rule = ROUTE_RULES[route.key];
        return rule?.scope === scope
          ? [{ ...route, rule: rule as Extract<RouteRule, { scope: S }> }]
          : [];
      }),
  };
}

/** Columns that change legitimately while requests are answered (a session's sliding expiry). */
const VOLATILE: Record<string, string[]> = { sessions: ['last_seen_at', 'expires_at'] };
/** Tables whose rows legitimately change on refused requests: failed attempts are counted there. */
const COUNTERS = new Set(['login_throttles']);

/** Every row of every table of the app's schema, ordered, for a before/after comparison. */
export async function dumpDatabase(database: DatabaseHandle): Promise<Record<string, unknown[]>> {
  const { db } = database;
  const tables = (
    (await db.execute(
      sql.raw(
        "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
      ),
    )) as unknown as { rows: Array<{ table_name: string }> }
  ).rows.map((row) => row.table_name);
  const dump: Record<string, unknown[]> = {};
  for (const table of tables) {
    if (COUNTERS.has(table)) continue;
    const { rows } = (await db.execute(sql.raw(`select * from "${table}"`))) as unknown as {
      rows: Array<Record<string, unknown>>;
    };
    dump[table] = rows
      .map((row) => {
        const copy = { ...row };
        for (const column of VOLATILE[table] ?? []) delete copy[column];
        return JSON.stringify(copy);
      })
      .sort();
  }
  return dump;
}

/**
 * The documented error shape: `{ message, code }` or `{ message, code, errors: { field: [messages] } }`, the code
 * one of the domain's closed list, nothing else.
 */
export function isDocumentedError(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { message, code, errors, ...rest } = body as Record<string, unknown>;
  if (typeof message !== 'string' || message === '' || Object.keys(rest).length > 0) return false;
  if (!errorCodeSchema.safeParse(code).success) return false;
  if (errors === undefined) return true;
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return false;
  return Object.values(errors).every(
    (messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'),
  );
}
