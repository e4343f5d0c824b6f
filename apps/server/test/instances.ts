import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { TestContext } from './helper';

/**
 * A second instance of the app on the test context's database and clock: what a load balancer's other replica
 * sees (issue 12's session cache, issue 22's removal). Both drain the one mail queue, so a letter either of them
 * sends lands in `ctx.mails`. The caller closes it before `ctx`.
 */
export async function openOtherInstance(ctx: TestContext): Promise<FastifyInstance> {
  const other = await buildApp(ctx.config, {
    database: ctx.database,
    mailer: {
      async send(message) {
        ctx.mails.push(message);
      },
    },
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
