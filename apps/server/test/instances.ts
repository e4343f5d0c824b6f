import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import type { MailMessage } from '../src/lib/mailer';
import { buildTestApp, type TestContext } from './helper';

/**
 * A second instance of the app on the test context's database and clock: what a load balancer's other replica
 * sees (issue 12's session cache, issue 22's removal), or the server started again. Both drain the one mail queue;
 * the letters this one sends go to `send`, by default into `ctx.mails`. The caller closes it before `ctx`.
 */
export async function openOtherInstance(
  ctx: TestContext,
  send: (message: MailMessage) => Promise<void> = async (message) => {
    ctx.mails.push(message);
  },
): Promise<FastifyInstance> {
  const other = await buildApp(ctx.config, {
    database: ctx.database,
    mailer: { send },
    now: ctx.clock.now,
  });
  await other.ready();
  return other;
}

/** `GET /api/user` with a bare session cookie on one instance (no other cookie, no XSRF token). */
export const userWith = (app: FastifyInstance, token: string) =>
  app.inject({
    method: 'GET',
    url: '/api/user',
    headers: { cookie: `medcalc_session=${token}` },
  });

/**
 * Two instances on one database and one test clock for a whole test file: `ctx` (buildTestApp) and `other`
 * ({@link openOtherInstance}), opened in `beforeAll` and closed in `afterAll`. Read the fields inside tests.
 */
export function useTwoInstances(): { ctx: TestContext; other: FastifyInstance } {
  const instances = {} as { ctx: TestContext; other: FastifyInstance };
  beforeAll(async () => {
    instances.ctx = await buildTestApp();
    instances.other = await openOtherInstance(instances.ctx);
  });
  afterAll(async () => {
    await instances.other?.close();
    await instances.ctx?.close();
  });
  return instances;
}
