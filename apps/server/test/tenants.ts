import type { RouteOptions } from 'fastify';
import { expect } from 'vitest';
import type { OrderDetail, WizardCalculations } from '@medcalc/domain';
import { buildTestApp, joinAsMember, registerUser, type Agent, type TestContext } from './helper';
import {
  WORKED_INFO,
  saveBody,
  workedCalculations,
  openWorkedKit,
  type workedOrders,
} from './worked-orders';

/*
 * Two companies with data of every kind (the tenant sweeps of issue 12): institution data, an own unit, material
 * and staffing row, and orders at every status (created, payed, formed, sent, confirmed) with their calculations.
 * Every name a company owns carries its marker, so a test can tell whether an answer leaked the other company's
 * data by looking for the marker in the body.
 */

export const ORDER_STATUSES_MADE = ['created', 'payed', 'formed', 'sent', 'confirmed'] as const;

export interface Tenant {
  agent: Agent;
  marker: string;
  company: string;
  userId: number;
  userIdentifier: string;
  /** A member who joined by invitation as an economist, and one as a viewer (issue 22). */
  economist: Agent;
  viewer: Agent;
  /** A pending invitation of the company (its row id). */
  invitationId: number;
  email: string;
  password: string;
  unitId: number;
  pillId: number;
  staffId: number;
  /** A row of the company's equipment register (issue 38). */
  equipmentId: number;
  /** Order identifier by status. */
  orders: Record<(typeof ORDER_STATUSES_MADE)[number], string>;
  /** Calculation (service) ids and identifiers of the formed order. */
  calculationIds: number[];
  calculationIdentifiers: string[];
  /** The formed order as the wizard opens it (its save body is the base of smuggling attempts). */
  formedDetail: OrderDetail;
  /** The paid order as the wizard opens it. */
  paidDetail: OrderDetail;
}

export interface Tenants {
  ctx: TestContext;
  admin: Agent;
  /** Every route the app registered, as the onRoute hook saw it. */
  routes: RouteOptions[];
  a: Tenant;
  b: Tenant;
}

const itemsOf = (detail: OrderDetail) => Object.values(detail.calculations).flat();

async function makeTenant(
  ctx: TestContext,
  admin: Agent,
  kit: ReturnType<typeof workedOrders>,
  marker: string,
): Promise<Tenant> {
  const { agent, payload, user } = await registerUser(ctx.app, { name: `Користувач ${marker}` });
  const company = user.companyIdentifier;
  const ok = (response: { statusCode: number; body: string }) => {
    expect(response.statusCode, response.body).toBe(200);
    return JSON.parse(response.body) as { data?: { id: number }; identifier?: string };
  };
  ok(await agent.put(`/api/company-info/${company}`, { ...WORKED_INFO, name: `Заклад ${marker}` }));
  const unitId = ok(
    await agent.post(`/api/company/${company}/measurements`, { name: `Од ${marker}` }),
  ).data?.id;
  const pillId = ok(
    await agent.post(`/api/company/${company}/pills`, {
      name: `Матеріал ${marker}`,
      measurementType: `Од ${marker}`,
      price: '12.50',
    }),
  ).data?.id;
  const staffId = ok(
    await agent.post(`/api/company/${company}/stuff`, {
      qualification: `Посада ${marker}`,
      category: 'вища',
      scientific_degree: 'немає',
      salary: '15000',
    }),
  ).data?.id;
  const equipmentId = ok(
    await agent.post(`/api/company/${company}/equipment`, {
      name: `Обладнання ${marker}`,
      inventoryNumber: `ІН ${marker}`,
      firstCost: 1_200_000,
      usefulLifeYears: 5,
      hoursPerYear: 1940.4,
    }),
  ).data?.id;
  if (!unitId || !pillId || !staffId || !equipmentId)
    throw new Error('tenant reference data not created');

  const created = await kit.placeOrder(agent, company, ['УЗД'], `Замовлення ${marker} створене`);
  const paidDetail = await kit.paidOrder(agent, company);
  const calculated = (name: string) => kit.formedOrder(agent, company, { name });
  const formedDetail = await calculated(`Замовлення ${marker} сформоване`);
  const sent = await calculated(`Замовлення ${marker} надіслане`);
  ok(await agent.post('/api/calculations/approve-from-user', { identifier: sent.identifier }));
  const confirmed = await calculated(`Замовлення ${marker} погоджене`);
  ok(await agent.post('/api/calculations/approve-from-user', { identifier: confirmed.identifier }));
  await kit.setStatus(confirmed.identifier, 'confirmed');

  const economist = (await joinAsMember(ctx, agent, 'economist')).agent;
  const viewer = (await joinAsMember(ctx, agent, 'viewer')).agent;
  const invitation = await agent.post('/api/members/invitations', {
    email: `pending-${marker.length}-${company}@clinic.test`,
    role: 'viewer',
  });
  const invitationId = (ok(invitation) as { id?: number }).id;
  if (!invitationId) throw new Error('tenant invitation not created');

  const formedItems = itemsOf(
    (await agent.get(`/api/orders/${formedDetail.identifier}`)).json() as OrderDetail,
  );
  return {
    agent,
    marker,
    company,
    userId: user.id,
    userIdentifier: (user as { identifier?: string }).identifier ?? '',
    economist,
    viewer,
    invitationId,
    email: payload.email,
    password: payload.password,
    unitId,
    pillId,
    staffId,
    equipmentId,
    orders: {
      created,
      payed: paidDetail.identifier,
      formed: formedDetail.identifier,
      sent: sent.identifier,
      confirmed: confirmed.identifier,
    },
    calculationIds: formedItems.map((item) => item.id),
    calculationIdentifiers: formedItems.flatMap((item) =>
      item.identifier ? [item.identifier] : [],
    ),
    formedDetail,
    paidDetail,
  };
}

/** Builds the app (collecting its route table) and the two companies A and B. */
export async function buildTenants(): Promise<Tenants> {
  const routes: RouteOptions[] = [];
  const ctx = await buildTestApp({}, { onRoute: (route) => void routes.push(route) });
  const { admin, kit } = await openWorkedKit(ctx);
  const a = await makeTenant(ctx, admin, kit, 'АЛЬФА');
  const b = await makeTenant(ctx, admin, kit, 'БЕТА');
  return { ctx, admin, routes, a, b };
}

/**
 * The save/calculate body of `own`'s paid order with `foreign`'s ids smuggled into the calculations JSON string:
 * the service id, the staff line's qualification id, the material id (issue 12) and the equipment row's id (issue 38).
 */
export function smuggledSaveBodies(own: Tenant, foreign: Tenant) {
  const base = workedCalculations(own.paidDetail);
  type Item = WizardCalculations[string][number];
  const mapItems = (change: (item: Item) => Item): WizardCalculations =>
    Object.fromEntries(
      Object.entries(base).map(([category, items]) => [category, items.map(change)]),
    );
  /** Every item with part of its calculation replaced. */
  const mapCalculations = (
    change: (calculation: Item['calculation']) => Partial<Item['calculation']>,
  ) =>
    mapItems((item) => ({
      ...item,
      calculation: { ...item.calculation, ...change(item.calculation) },
    }));
  const foreignCalculation = foreign.calculationIds[0] ?? 1;
  const variants: Array<[string, RegExp, WizardCalculations]> = [
    ['service id', /\.0\.id$/, mapItems((item) => ({ ...item, id: foreignCalculation }))],
    [
      'qualification id',
      /\.stuff\.\d+\.quality/,
      mapCalculations((calculation) => ({
        stuff: calculation.stuff.map((line) => ({
          ...line,
          quality: { id: foreign.staffId, name: `Посада ${foreign.marker}` },
        })),
      })),
    ],
    [
      'material id',
      /\.pills\.\d+\.id$/,
      mapCalculations((calculation) => ({
        pills: [
          ...calculation.pills,
          {
            id: foreign.pillId,
            name: `Матеріал ${foreign.marker}`,
            price: 12.5,
            spend: 1,
            measurement_type: `Од ${foreign.marker}`,
          },
        ],
      })),
    ],
    [
      'equipment id',
      /\.equipment\.\d+\.id$/,
      mapCalculations(() => ({
        equipment: [
          {
            id: foreign.equipmentId,
            name: `Обладнання ${foreign.marker}`,
            firstCost: 1_200_000,
            residualValue: 0,
            usefulLifeYears: 5,
            hoursPerYear: 1940.4,
            minutes: 20,
          },
        ],
      })),
    ],
  ];
  return variants.map(([label, errorKey, calcs]) => ({
    label,
    /** The field error the refusal must name: the smuggled id's path. */
    errorKey,
    body: saveBody(own.paidDetail, calcs),
  }));
}
