import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WORKED_EXAMPLE_COMPANY_INFO,
  type OrderDetail,
  type OrderListItem,
  type WizardCalculations,
} from '@medcalc/domain';
import { DEFAULT_DEMO_EMAIL, DEFAULT_DEMO_PASSWORD, readTestDatabaseUrl } from '../src/config/env';
import {
  createHttpAgent,
  freePort,
  freshPostgresDatabase,
  registerOverHttp,
  startServerProcess,
  type HttpAgent,
  type ServerProcess,
} from './server-process';
import { mapCalculations } from './with-salaries';

/*
 * Issue 12 "Faults": every write the server acknowledged (a registration, a saved order) is still there after the
 * process is killed with SIGKILL (no shutdown hook, no close of the database) and started again on the same data.
 * On the embedded PGlite (the PGlite run) and on PostgreSQL (the PostgreSQL run, scripts/test-pg.mjs).
 */

let dataDir: string;
let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let server: ServerProcess | undefined;
let env: Record<string, string>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'medcalc-durability-'));
  database = await freshPostgresDatabase();
  // One port for both lives of the server: the cookies the agents hold belong to it.
  env = {
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

/** The order's services with every bonus set to `bonus`, as the wizard would send them back. */
const withBonus = (detail: OrderDetail, bonus: number): WizardCalculations =>
  mapCalculations(detail.calculations, (calculation) => ({ ...calculation, bonus }));

const bonusesOf = (detail: OrderDetail) =>
  Object.values(detail.calculations).flatMap((items) => items.map((i) => i.calculation.bonus));

async function signIn(agent: HttpAgent, email: string, password: string) {
  const answer = await agent.post('/login', { email, password });
  expect(answer.status, answer.body).toBe(200);
}

async function demoOrder(agent: HttpAgent): Promise<OrderDetail> {
  const list = await agent.get('/api/orders');
  expect(list.status, list.body).toBe(200);
  const [first] = list.json<OrderListItem[]>();
  if (!first) throw new Error('the demo account has no order');
  const detail = await agent.get(`/api/orders/${first.identifier}`);
  expect(detail.status, detail.body).toBe(200);
  return detail.json<OrderDetail>();
}

describe(`acknowledged writes survive SIGKILL (${readTestDatabaseUrl() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('registration, its session and the last of several saves are all there after kill -9 and a restart', async () => {
    server = await startServerProcess(env);

    const registered = await registerOverHttp(server.url);
    const demo = createHttpAgent(server.url);
    await signIn(demo, DEFAULT_DEMO_EMAIL, DEFAULT_DEMO_PASSWORD);
    const before = await demoOrder(demo);

    // Several acknowledged saves, the last one answered just before the kill.
    const SAVES = 6;
    for (let round = 1; round <= SAVES; round += 1) {
      const answer = await demo.post('/api/calculations/save', {
        identifier: before.identifier,
        name: `Збережено перед збоєм ${round}`,
        calculations: JSON.stringify(withBonus(before, round * 3)),
        companyInfo: JSON.stringify({ ...WORKED_EXAMPLE_COMPANY_INFO, name: `Заклад ${round}` }),
      });
      expect(answer.status, answer.body).toBe(200);
    }
    // A second registration acknowledged after the saves: the very last write before the kill.
    const last = await registerOverHttp(server.url);

    await server.kill();
    expect(server.child.signalCode).toBe('SIGKILL');

    server = await startServerProcess(env);

    // The sessions made before the kill still work (their rows were committed) …
    const me = await registered.agent.get('/api/user');
    expect(me.status, me.body).toBe(200);
    expect(me.json<{ email: string }>().email).toBe(registered.payload.email);
    const lastMe = await last.agent.get('/api/user');
    expect(lastMe.status, lastMe.body).toBe(200);

    // … the accounts sign in with their passwords …
    for (const account of [registered, last]) {
      const fresh = createHttpAgent(server.url);
      await signIn(fresh, account.payload.email, account.payload.password);
    }

    // … and the order holds the last acknowledged save, whole.
    const after = await demoOrder(demo);
    expect(after.identifier).toBe(before.identifier);
    expect(after.name).toBe(`Збережено перед збоєм ${SAVES}`);
    expect(after.status).toBe('saved');
    expect(after.companyInfo.name).toBe(`Заклад ${SAVES}`);
    expect(bonusesOf(after)).toEqual(bonusesOf(before).map(() => SAVES * 3));
  }, 240_000);
});
