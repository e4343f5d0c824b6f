import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WORKED_EXAMPLE_COST,
  WORKED_EXAMPLE_EQUIPMENT_COST,
  WORKED_EXAMPLE_EQUIPMENT_LINES,
  calculationContentSchema,
  equipmentSchema,
  newEquipmentLine,
  companyInfoSchema,
  computeServiceCost,
  formatStaffRateLabel,
  type OrderDetail,
  type OrderListItem,
  type StaffRate,
} from '@medcalc/domain';
import { buildApp } from '../src/app';
import {
  DEMO_COMPANY_INFO,
  DEMO_COMPANY_NAME,
  DEMO_ORDER_NAME,
  DEMO_TEMPLATE_KEY,
} from '../src/demo-account';
import { activityLog, orderStatusHistory, orders, templates, users } from '../src/db/schema';
import { buildTestApp, createAgent, type Agent, type TestContext } from './helper';

/** The README's demo credentials (config defaults). */
const DEMO = { email: 'demo@medcalc.local', password: 'medcalc-demo' };

let ctx: TestContext;
let demo: Agent;
let companyIdentifier: string;

const db = () => ctx.database.db;

/** Builds the app a second time over the same database, as a restart does, and closes it again. */
async function restart() {
  const again = await buildApp(ctx.config, { database: ctx.database, now: ctx.clock.now });
  await again.close();
}

beforeAll(async () => {
  ctx = await buildTestApp({ DEMO_ACCOUNT: 'true' });
  demo = createAgent(ctx.app);
  const login = await demo.post('/login', DEMO);
  expect(login.statusCode).toBe(200);
  const user = login.json().user as { company: string; companyIdentifier: string; role: string };
  expect(user).toMatchObject({ company: DEMO_COMPANY_NAME, role: 'user' });
  companyIdentifier = user.companyIdentifier;
});

afterAll(async () => {
  await ctx?.close();
});

describe('the demo account made on first start', () => {
  it('has one paid order of the worked example, paid through the status history', async () => {
    const list = (await demo.get('/api/orders')).json() as OrderListItem[];
    expect(list).toEqual([
      {
        identifier: expect.any(String),
        number: expect.stringMatching(/^З-\d{4}-0001$/),
        name: DEMO_ORDER_NAME,
        status: 'payed',
        createdAt: expect.any(String),
        services: 1,
        amount: '240.00',
        revision: 1,
      },
    ]);

    const [order] = await db()
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.identifier, list[0]?.identifier ?? ''));
    const history = await db()
      .select({ from: orderStatusHistory.fromStatus, to: orderStatusHistory.toStatus })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order?.id ?? -1))
      .orderBy(asc(orderStatusHistory.id));
    expect(history).toEqual([
      { from: null, to: 'created' },
      { from: 'created', to: 'payed' },
    ]);
  });

  it('leaves the activity log empty: nobody asked for the set-up, so nobody is named in it', async () => {
    const [user] = await db()
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.email, DEMO.email));
    const [written] = await db()
      .select({ rows: count() })
      .from(activityLog)
      .where(eq(activityLog.companyId, user?.companyId ?? -1));
    expect(written?.rows).toBe(0);
    // The demo user's own change afterwards is theirs, in their log.
    const me = (await demo.get('/api/user')).json() as { name: string };
    const changed = await demo.put('/api/user/profile', { name: me.name, phone: '380501234567' });
    expect(changed.statusCode, changed.body).toBe(200);
    const rows = await db()
      .select({ kind: activityLog.kind, actorEmail: activityLog.actorEmail })
      .from(activityLog)
      .where(eq(activityLog.companyId, user?.companyId ?? -1));
    expect(rows).toEqual([{ kind: 'profile', actorEmail: DEMO.email }]);
  });

  it('opens in the wizard with the institution data and the service that cost 243.34 and price 279.84', async () => {
    const [listed] = (await demo.get('/api/orders')).json() as OrderListItem[];
    const response = await demo.get(`/api/orders/${listed?.identifier ?? ''}`);
    expect(response.statusCode).toBe(200);
    const order = response.json() as OrderDetail;
    expect(order.companyInfo).toEqual(DEMO_COMPANY_INFO);

    const items = Object.values(order.calculations).flat();
    expect(items).toHaveLength(1);
    const [template] = await db()
      .select({ name: templates.name })
      .from(templates)
      .where(eq(templates.seedKey, DEMO_TEMPLATE_KEY));
    expect(items[0]?.name).toBe(template?.name);

    // The stored snapshot and calculation, read through the domain's schemas, give the worked example's rows.
    const cost = computeServiceCost(
      companyInfoSchema.parse(order.companyInfo),
      calculationContentSchema.parse(items[0]?.calculation),
    );
    expect(cost).toEqual(WORKED_EXAMPLE_COST);
  });

  it('holds the worked example’s scanner and printer in its register; with them the service costs 285.46 / 328.28 (issue 38)', async () => {
    const response = await demo.get(`/api/company/${companyIdentifier}/equipment`);
    expect(response.statusCode, response.body).toBe(200);
    const register = (response.json() as unknown[]).map((row) => equipmentSchema.parse(row));
    expect(register.map(({ name }) => name).sort()).toEqual(
      WORKED_EXAMPLE_EQUIPMENT_LINES.map(({ name }) => name).sort(),
    );
    const [listed] = (await demo.get('/api/orders')).json() as OrderListItem[];
    const order = (await demo.get(`/api/orders/${listed?.identifier ?? ''}`)).json() as OrderDetail;
    const [item] = Object.values(order.calculations).flat();
    const content = calculationContentSchema.parse(item?.calculation);
    expect(content.equipment).toBeUndefined();
    // The lines a user adds in the wizard: each register row, 20 minutes.
    const equipment = register.map((row) => ({ ...newEquipmentLine(row), minutes: 20 }));
    const cost = computeServiceCost(companyInfoSchema.parse(order.companyInfo), {
      ...content,
      equipment,
    });
    expect([cost.depreciation, cost.summary, cost.summaryWithProfit]).toEqual([
      WORKED_EXAMPLE_EQUIPMENT_COST.depreciation,
      '285.46',
      '328.28',
    ]);
  });

  it("names the company's own staffing rows, with the worked example's salaries, in the order's staff lines", async () => {
    const staffing = (await demo.get(`/api/get-stuff/${companyIdentifier}`)).json() as StaffRate[];
    const [listed] = (await demo.get('/api/orders')).json() as OrderListItem[];
    const order = (await demo.get(`/api/orders/${listed?.identifier ?? ''}`)).json() as OrderDetail;
    const stuff = Object.values(order.calculations).flat()[0]?.calculation.stuff ?? [];
    expect(stuff).toHaveLength(2);
    for (const line of stuff) {
      const row = staffing.find((candidate) => candidate.id === line.quality?.id);
      expect(
        row,
        `staff line ${line.quality?.name} is not a row of the company's table`,
      ).toBeDefined();
      expect(line.quality?.name).toBe(
        row ? formatStaffRateLabel({ ...row, scientificDegree: row.scientific_degree }) : undefined,
      );
      expect(line.salary).toBe(row?.salary);
    }
    expect(stuff.map((line) => line.salary)).toEqual([20_000, 13_500]);
  });

  it('is made once: a restart neither repeats it nor undoes what the demo user changed', async () => {
    const changed = await demo.put(`/api/company-info/${companyIdentifier}`, {
      name: 'Моя клініка',
    });
    expect(changed.statusCode).toBe(200);

    await restart();

    const [demoUsers] = await db()
      .select({ n: count() })
      .from(users)
      .where(eq(users.email, DEMO.email));
    expect(demoUsers?.n).toBe(1);
    const list = (await demo.get('/api/orders')).json() as OrderListItem[];
    expect(list.map((order) => order.name)).toEqual([DEMO_ORDER_NAME]);
    const info = (await demo.get(`/api/company-info/${companyIdentifier}`)).json() as {
      name: string;
    };
    expect(info.name).toBe('Моя клініка');
  });
});
