import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_EXPORT_COLUMNS,
  ACTIVITY_FORBIDDEN_MESSAGE,
  activitySubjectText,
  formatMoney,
  type ActivityEntry,
  type ActivityPage,
  type StaffRate,
} from '@medcalc/domain';
import { activityLog } from '../src/db/schema';
import { kyivWallClockAsUtc } from '../src/lib/kyiv-time';
import { downloadWorkbook, joinAsMember, useSuite, withRefusingTrigger } from './helper';
import {
  firstService,
  openWorkedOwner,
  saveBody,
  withCalculation,
  workedCalculations,
} from './worked-orders';

// Issue 22: the activity log — a row per change, written in the change's transaction (rolled back with it), with
// the old and new values people read, nothing secret; owners and economists read it, a viewer does not.

const s = useSuite(async () => {
  const opened = await openWorkedOwner();
  const { ctx, owner } = opened;
  const economist = await joinAsMember(ctx, owner.agent, 'economist', 'Петро Економіст');
  const viewer = await joinAsMember(ctx, owner.agent, 'viewer', 'Ірина Перегляд');
  return Object.assign(opened, { economist, viewer });
});

const log = async (query = '') => {
  const response = await s.owner.agent.get(`/api/activity${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ActivityPage;
};
const newest = async (kind: string) => (await log(`?kind=${kind}`)).data[0] as ActivityEntry;

describe('activity log rows', () => {
  it('records a salary change with the position, the actor and the old → new money', async () => {
    const staff = (
      await s.economist.agent.get(`/api/get-stuff/${s.company}`)
    ).json() as StaffRate[];
    const row = staff[0] as StaffRate;
    const changed = await s.economist.agent.post('/api/change-salary', {
      id: row.id,
      salary: 12500,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const entry = await newest('salary');
    expect(entry.actor).toEqual({
      identifier: s.economist.identifier,
      name: 'Петро Економіст',
      email: s.economist.email,
    });
    expect(entry.subject).toContain(row.qualification);
    expect(entry.changes).toEqual([
      { field: 'Оклад', from: expect.any(String), to: formatMoney(12500) },
    ]);
  });

  it('records a unit created and renamed, and a material price and unit changed', async () => {
    const unit = await s.owner.agent.post(`/api/company/${s.company}/measurements`, {
      name: 'флакон-т',
    });
    expect(unit.statusCode, unit.body).toBe(200);
    const unitId = (unit.json() as { data: { id: number } }).data.id;
    await s.owner.agent.put(`/api/company/${s.company}/measurements/${unitId}`, {
      name: 'флакон-т 10',
    });
    const units = (await log('?kind=unit')).data;
    expect(units.map((e) => e.changes)).toEqual([
      [{ field: 'Назва', from: 'флакон-т', to: 'флакон-т 10' }],
      [{ field: 'Назва', from: null, to: 'флакон-т' }],
    ]);
    const pill = await s.owner.agent.post(`/api/company/${s.company}/pills`, {
      name: 'Шприц',
      measurementType: 'флакон-т 10',
      price: '2.5',
    });
    const pillId = (pill.json() as { data: { id: number } }).data.id;
    await s.owner.agent.post(`/api/company/${s.company}/measurements`, { name: 'уп-т' });
    await s.owner.agent.put(`/api/company/${s.company}/pills/${pillId}`, {
      name: 'Шприц',
      measurementType: 'уп-т',
      price: '1250',
    });
    expect((await newest('material')).changes).toEqual([
      { field: 'Ціна', from: '2,50', to: formatMoney(1250) },
      { field: 'Одиниця виміру', from: 'флакон-т 10', to: 'уп-т' },
    ]);
  });

  it('records a position and a material added and deleted by hand, and a unit deleted', async () => {
    const position = await s.owner.agent.post(`/api/company/${s.company}/stuff`, {
      qualification: 'Лікар-ендоскопіст',
      category: 'вища',
      scientific_degree: 'немає',
      salary: '15000',
    });
    expect(position.statusCode, position.body).toBe(200);
    const row = (position.json() as { data: StaffRate }).data;
    expect(await newest('position')).toMatchObject({
      subject: 'Лікар-ендоскопіст, вища, немає',
      changes: [{ field: 'Оклад', from: null, to: formatMoney(15000) }],
    });
    const removed = await s.owner.agent.delete(`/api/company/${s.company}/stuff/${row.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await newest('position')).changes).toEqual([
      { field: 'Оклад', from: formatMoney(15000), to: null },
    ]);

    await s.owner.agent.post(`/api/company/${s.company}/measurements`, { name: 'туба-т' });
    const pill = await s.owner.agent.post(`/api/company/${s.company}/pills`, {
      name: 'Гель-т',
      measurementType: 'туба-т',
      price: '40',
    });
    expect(pill.statusCode, pill.body).toBe(200);
    expect(await newest('material')).toMatchObject({
      subject: 'Гель-т',
      changes: [
        { field: 'Ціна', from: null, to: formatMoney(40) },
        { field: 'Одиниця виміру', from: null, to: 'туба-т' },
      ],
    });
    const pillId = (pill.json() as { data: { id: number } }).data.id;
    expect(
      (await s.owner.agent.delete(`/api/company/${s.company}/pills/${pillId}`)).statusCode,
    ).toBe(200);
    expect((await newest('material')).changes).toEqual([
      { field: 'Ціна', from: formatMoney(40), to: null },
      { field: 'Одиниця виміру', from: 'туба-т', to: null },
    ]);

    const units = (
      await s.owner.agent.get(`/api/company/${s.company}/measurements/list`)
    ).json() as Array<{ id: number; name: string }>;
    const unit = units.find((candidate) => candidate.name === 'туба-т');
    if (!unit) throw new Error('setup');
    const deleted = await s.owner.agent.delete(`/api/company/${s.company}/measurements/${unit.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await newest('unit')).toMatchObject({
      subject: 'туба-т',
      changes: [{ field: 'Назва', from: 'туба-т', to: null }],
    });
  });

  it('writes no row for a change that changes nothing', async () => {
    const staff = (await s.owner.agent.get(`/api/get-stuff/${s.company}`)).json() as StaffRate[];
    const row = staff[0] as StaffRate;
    const before = (await log('?kind=salary')).data.length;
    const same = await s.owner.agent.post('/api/change-salary', { id: row.id, salary: row.salary });
    expect(same.statusCode, same.body).toBe(200);
    expect((await log('?kind=salary')).data).toHaveLength(before);
  });

  it('records the institution fields that changed, old → new', async () => {
    await s.owner.agent.put(`/api/company-info/${s.company}`, {
      address: 'м. Київ, вул. Перша, 1',
    });
    await s.owner.agent.put(`/api/company-info/${s.company}`, {
      address: 'м. Київ, вул. Друга, 2',
    });
    expect((await newest('company-info')).changes).toEqual([
      { field: 'Адреса', from: 'м. Київ, вул. Перша, 1', to: 'м. Київ, вул. Друга, 2' },
    ]);
  });

  it('records an order created, paid (status), saved and calculated', async () => {
    const detail = await s.kit.paidOrder(s.economist.agent, s.company);
    expect((await newest('order-created')).subject).toBe(detail.identifier);
    const status = (await log('?kind=order-status')).data.find(
      (e) => e.subject === detail.identifier,
    );
    expect(status?.actor.name).toBe('Адміністратор');
    // Issue 33: the save names the order and says which service's field changed, old → new.
    const [category, service] = firstService(workedCalculations(detail));
    const [firstLine, ...otherLines] = service.calculation.stuff;
    if (!firstLine) throw new Error('setup: the worked service has staff lines');
    const longer = { ...firstLine, timeSpend: firstLine.timeSpend + 5 };
    const wizardBody = saveBody(
      detail,
      withCalculation(category, service, { stuff: [longer, ...otherLines] }),
    );
    const saved = await s.economist.agent.post('/api/calculations/save', wizardBody);
    expect(saved.statusCode, saved.body).toBe(200);
    const savedEntry = await newest('order-saved');
    expect(savedEntry).toMatchObject({ subject: detail.identifier, orderName: 'Калькуляція УЗД' });
    // The number people quote, with the name (issue 33).
    expect(savedEntry.orderNumber).toMatch(/^З-\d{4}-\d{4}$/);
    expect(savedEntry.orderNumber).toBe(detail.number);
    expect(activitySubjectText(savedEntry)).toBe(`${detail.number} «Калькуляція УЗД»`);
    expect(savedEntry.changes).toEqual(
      expect.arrayContaining([
        { field: 'Назва замовлення', from: 'Замовлення', to: 'Калькуляція УЗД' },
        {
          field: `Послуга «${service.name}» · Персонал, рядок 1 · Час виконання, хв`,
          from: String(firstLine.timeSpend),
          to: String(firstLine.timeSpend + 5),
        },
      ]),
    );
    // A save that stores what is there changes nothing and writes no row.
    const savedRows = (await log('?kind=order-saved')).data.length;
    const again = await s.economist.agent.post('/api/calculations/save', wizardBody);
    expect(again.statusCode, again.body).toBe(200);
    expect((await log('?kind=order-saved')).data).toHaveLength(savedRows);

    const calculated = await s.economist.agent.post('/api/calculations/calculate', wizardBody);
    expect(calculated.statusCode, calculated.body).toBe(200);
    const calculatedEntry = await newest('order-calculated');
    expect(calculatedEntry).toMatchObject({
      subject: detail.identifier,
      orderName: 'Калькуляція УЗД',
    });
    expect(calculatedEntry.changes[0]).toMatchObject({
      field: expect.stringMatching(/^Послуга «.+» · Вартість з рентабельністю, грн$/),
      from: null,
    });
    expect((await newest('order-status')).orderName).toBe('Калькуляція УЗД');

    // A viewer's download of a document is recorded too, under the viewer's name; the administrator's is not.
    const body = { identifier: detail.identifier, file: 'title' };
    const pdf = await s.viewer.agent.post('/api/orders/pdf', body);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const downloaded = await newest('document-downloaded');
    expect(downloaded.actor.name).toBe('Ірина Перегляд');
    expect(downloaded.subject).toContain(detail.identifier);
    const before = (await log('?kind=document-downloaded')).data.length;
    const asAdmin = await s.admin.post('/api/administrator/orders/pdf', body);
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    expect((await log('?kind=document-downloaded')).data).toHaveLength(before);

    // Sent, approved, then re-priced by the economist into a new revision.
    const sent = await s.economist.agent.post('/api/calculations/approve-from-user', {
      identifier: detail.identifier,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await s.kit.setStatus(detail.identifier, 'agreed');
    const repriced = await s.economist.agent.post(`/api/orders/${detail.identifier}/reprice`, {
      revision: 1,
    });
    expect(repriced.statusCode, repriced.body).toBe(200);
    const entry = await newest('order-repriced');
    expect(entry.subject).toContain(detail.identifier);
    expect(entry.actor.name).toBe('Петро Економіст');
  });

  it('records member events, with no token, password or hash in any row', async () => {
    const entries = (await log()).data;
    expect(entries.filter((e) => e.kind === 'member-invited').length).toBeGreaterThanOrEqual(2);
    expect(entries.filter((e) => e.kind === 'member-joined').map((e) => e.actor.name)).toEqual(
      expect.arrayContaining(['Петро Економіст', 'Ірина Перегляд']),
    );
    // A third member: invited, made an economist, removed — each a row naming their address, old → new role.
    const third = await joinAsMember(s.ctx, s.owner.agent, 'viewer', 'Тимчасова Людина');
    const changed = await s.owner.agent.patch(`/api/members/${third.identifier}`, {
      role: 'economist',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await s.owner.agent.delete(`/api/members/${third.identifier}`)).statusCode).toBe(200);
    const role = await newest('member-role');
    expect(role).toMatchObject({
      subject: third.email,
      actor: { name: 'Олена Власниця' },
      changes: [{ field: 'Роль', from: 'Перегляд', to: 'Економіст' }],
    });
    expect(await newest('member-removed')).toMatchObject({
      subject: third.email,
      changes: [{ field: 'Роль', from: 'Економіст', to: null }],
    });
    const rows = await s.ctx.database.db.select().from(activityLog);
    expect(JSON.stringify(rows)).not.toMatch(
      /\$argon2|member-pass-1|secret-pass-1|\/invitations\//,
    );
    // Issue 33: no row without a change in it.
    expect(rows.filter((row) => row.changes.length === 0)).toEqual([]);
  });

  it('writes no row when the change is rolled back', async () => {
    const before = (await log('?kind=material')).meta;
    const count = (await s.ctx.database.db.select().from(activityLog)).length;
    const pills = (
      await s.owner.agent.get(`/api/company/${s.company}/pills/list`)
    ).json() as Array<{ id: number; name: string }>;
    const pill = pills[0] as { id: number; name: string };
    const refused = await withRefusingTrigger(
      s.ctx.database,
      { event: 'UPDATE', table: 'pills', condition: 'true' },
      () =>
        s.owner.agent.put(`/api/company/${s.company}/pills/${pill.id}`, {
          name: pill.name,
          measurementType: 'уп-т',
          price: '99',
        }),
    );
    expect(refused.statusCode).toBe(500);
    expect((await s.ctx.database.db.select().from(activityLog)).length).toBe(count);
    expect((await log('?kind=material')).meta).toEqual(before);
  });
});

describe('reading the log', () => {
  it('filters by person and kind, lists the people, and refuses a viewer', async () => {
    const page = await log(`?person=${s.economist.identifier}`);
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.every((e) => e.actor.identifier === s.economist.identifier)).toBe(true);
    expect(page.people.map((p) => p.name)).toEqual(
      expect.arrayContaining(['Олена Власниця', 'Петро Економіст', 'Ірина Перегляд']),
    );
    expect((await log('?from=2000-01-01&to=2000-01-02')).data).toEqual([]);
    expect((await s.owner.agent.get('/api/activity?kind=bogus')).statusCode).toBe(422);
    expect((await s.economist.agent.get('/api/activity')).statusCode).toBe(200);
    const refused = await s.viewer.agent.get('/api/activity');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: ACTIVITY_FORBIDDEN_MESSAGE, code: 'FORBIDDEN' });
  });

  it('exports the log as an .xlsx, one row per changed field', async () => {
    const { sheet } = await downloadWorkbook(s.owner.agent, '/api/activity/export?kind=unit');
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]?.slice(1)).toEqual([...ACTIVITY_EXPORT_COLUMNS]);
    expect(rows.slice(1).map((row) => row.slice(2, 8))).toEqual(
      expect.arrayContaining([
        [
          `Олена Власниця (${s.owner.payload.email})`,
          'Одиниця виміру',
          'флакон-т 10',
          'Назва',
          'флакон-т',
          'флакон-т 10',
        ],
      ]),
    );
  });

  it('exports times as Excel dates, amounts and counts as numbers, an order by its number (issue 33)', async () => {
    const { sheet } = await downloadWorkbook(s.owner.agent, '/api/activity/export');
    const rows = sheet.getRows(2, sheet.rowCount - 1) ?? [];
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      expect(row.getCell(1).value).toBeInstanceOf(Date);
      expect(row.getCell(1).numFmt).toBe('dd.mm.yyyy hh:mm');
    }
    // Kyiv's wall clock: the newest row is within a few minutes of now as Kyiv reads it.
    const newestAt = (rows[0]?.getCell(1).value as Date).getTime();
    expect(Math.abs(newestAt - kyivWallClockAsUtc(new Date()).getTime())).toBeLessThan(10 * 60_000);
    const salary = rows.find(
      (row) => row.getCell(5).value === 'Оклад' && row.getCell(7).value === 12_500,
    );
    expect(salary?.getCell(7).numFmt).toBe('#,##0.00');
    const minutes = rows.find((row) => String(row.getCell(5).value).endsWith('Час виконання, хв'));
    expect(typeof minutes?.getCell(6).value).toBe('number');
    expect(typeof minutes?.getCell(7).value).toBe('number');
    const order = rows.find((row) => row.getCell(3).value === 'Калькуляції збережено');
    expect(order?.getCell(4).value).toMatch(/^З-\d{4}-\d{4} «Калькуляція УЗД»$/);
  });
});

describe('people of one name (issue 34)', () => {
  it('tells apart a member who joined under the owner’s name, in the log, its people and its export', async () => {
    const twin = await joinAsMember(s.ctx, s.owner.agent, 'economist', 'Олена Власниця');
    const staff = (await twin.agent.get(`/api/get-stuff/${s.company}`)).json() as StaffRate[];
    const row = staff[0] as StaffRate;
    expect(
      (await twin.agent.post('/api/change-salary', { id: row.id, salary: 14100 })).statusCode,
    ).toBe(200);
    expect(
      (await s.owner.agent.post('/api/change-salary', { id: row.id, salary: 14200 })).statusCode,
    ).toBe(200);

    const page = await log('?kind=salary');
    const [byOwner, byTwin] = page.data;
    expect(byOwner?.actor).toEqual({
      identifier: s.owner.user.identifier,
      name: 'Олена Власниця',
      email: s.owner.payload.email,
    });
    expect(byTwin?.actor).toEqual({
      identifier: twin.identifier,
      name: 'Олена Власниця',
      email: twin.email,
    });
    const namesakes = page.people.filter((person) => person.name === 'Олена Власниця');
    expect(namesakes.map((person) => person.email).sort()).toEqual(
      [s.owner.payload.email, twin.email].sort(),
    );

    const { sheet } = await downloadWorkbook(s.owner.agent, '/api/activity/export?kind=salary');
    const who = sheet
      .getSheetValues()
      .filter(Boolean)
      .slice(1, 3)
      .map((values) => (values as unknown[])[2]);
    expect(who).toEqual([
      `Олена Власниця (${s.owner.payload.email})`,
      `Олена Власниця (${twin.email})`,
    ]);
  });
});
