import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  ORDER_DOCUMENTS,
  PRINT_SET_DOCUMENT,
  SERVICE_COSTING_DOCUMENT,
  repricePreviewSchema,
} from '@medcalc/domain';
import {
  calculations,
  categories,
  companies,
  orderPapers,
  orderRevisions,
  users,
} from '../src/db/schema';
import { pagesOf, readBack, textsOf } from '../src/modules/documents/read-back';
import {
  WORKED_DOCTOR as DOCTOR,
  WORKED_SERVICE as SERVICE,
  expectCalculated,
  setWorkedSalary,
  useWorkedCompanies,
} from './worked-orders';

/*
 * Issue 33, major 1: a signed paper never changes. Every document of an approved revision is downloaded, then the
 * world moves on — the company's registered name and the service category are renamed (reference data), the
 * services renumbered (as a data migration could), the order re-priced and its next revision renamed and
 * calculated — and the same documents of that revision are downloaded again: their texts are identical, codes
 * included. The re-pricing preview shows the codes the papers print. PGlite, and PostgreSQL in its run.
 */

const s = useWorkedCompanies();

/**
 * Every document of revision `revision` of the order as its reader sees it: each PDF's text page by page (the five,
 * each service's калькуляція and the print set) and the «Калькуляції» workbook's texts and numbers, sheet by sheet.
 */
async function papersOf(identifier: string, revision: number): Promise<Record<string, unknown>> {
  const papers: Record<string, unknown> = {};
  const ids = (await s.kit.calculationRows(identifier)).map((row) => row.id);
  const requests = [
    ...[...ORDER_DOCUMENTS, PRINT_SET_DOCUMENT].map(({ file }) => ({ file })),
    ...ids.map((calculationId) => ({ file: SERVICE_COSTING_DOCUMENT.file, calculationId })),
  ];
  for (const request of requests) {
    const response = await s.alice.agent.post('/api/orders/pdf', {
      identifier,
      revision,
      ...request,
    });
    expect(response.statusCode, `${JSON.stringify(request)}: ${response.body}`).toBe(200);
    papers[JSON.stringify(request)] = pagesOf(response.rawPayload);
  }
  const xlsx = await s.alice.agent.post('/api/orders/xlsx', { identifier, revision });
  expect(xlsx.statusCode, xlsx.body).toBe(200);
  const workbook = await readBack(xlsx.rawPayload);
  workbook.eachSheet((sheet) => {
    const numbers: number[] = [];
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        const value =
          cell.value !== null && typeof cell.value === 'object' && 'result' in cell.value
            ? cell.value.result
            : cell.value;
        if (typeof value === 'number') numbers.push(value);
      }),
    );
    papers[`xlsx ${sheet.name}`] = { texts: textsOf(sheet), numbers };
  });
  return papers;
}

describe('the papers of an approved revision', () => {
  let identifier: string;
  let signed: Record<string, unknown>;
  let codes: string[];

  beforeAll(async () => {
    // Another order first, so the services' numbers are not their ids' order of the whole database.
    await s.kit.formedOrderFor(s.alice);
    const detail = await s.kit.paidOrderFor(s.alice, [SERVICE, SERVICE]);
    identifier = detail.identifier;
    await expectCalculated(s.alice.agent, identifier);
    const sent = await s.alice.agent.post('/api/calculations/approve-from-user', { identifier });
    expect(sent.statusCode, sent.body).toBe(200);
    await s.kit.setStatus(identifier, 'agreed');
    codes = (await s.kit.calculationRows(identifier)).map((row) =>
      String(row.serviceNumber).padStart(5, '0'),
    );
    signed = await papersOf(identifier, 1);
  });

  it('are frozen when the revision is approved, with the codes they print', async () => {
    const order = await s.kit.orderRow(identifier);
    const [paper] = await s.ctx.database.db
      .select()
      .from(orderPapers)
      .where(eq(orderPapers.orderId, order.id));
    expect(paper).toMatchObject({ revision: 1, version: order.version });
    expect(paper?.services.map((service) => service.serviceNumber)).toEqual(
      codes.map((code) => Number(code)),
    );
    const list = JSON.stringify(signed[JSON.stringify({ file: 'order_list' })]);
    for (const code of codes) expect(list).toContain(code);
  });

  it('print the same after the category and the company are renamed and the services renumbered', async () => {
    const [row] = await s.kit.calculationRows(identifier);
    await s.ctx.database.db
      .update(categories)
      .set({ name: 'Перейменована категорія' })
      .where(eq(categories.id, row?.categoryId ?? 0));
    const order = await s.kit.orderRow(identifier);
    await s.ctx.database.db
      .update(companies)
      .set({ name: 'Перейменований заклад' })
      .where(eq(companies.id, order.companyId));
    // The economist who calculated it, whose name the калькуляція's signature line carries, renamed.
    await s.ctx.database.db
      .update(users)
      .set({ name: 'Перейменована Економістка' })
      .where(eq(users.id, order.userId ?? 0));
    // Renumbered as a data migration could: each service of the order moves on by 900.
    await s.ctx.database.db
      .update(calculations)
      .set({ serviceNumber: sql`${calculations.serviceNumber} + 900` })
      .where(eq(calculations.orderId, order.id));

    expect(await papersOf(identifier, 1)).toEqual(signed);
  });

  it('print the same as an earlier revision after re-pricing, and the preview shows their codes', async () => {
    // Back to the codes the papers print, so the preview's can be compared with them.
    const order = await s.kit.orderRow(identifier);
    await s.ctx.database.db
      .update(calculations)
      .set({ serviceNumber: sql`${calculations.serviceNumber} - 900` })
      .where(eq(calculations.orderId, order.id));
    await setWorkedSalary(s.alice.agent, s.alice.company, DOCTOR, 21_500);

    const preview = repricePreviewSchema.parse(
      (await s.alice.agent.get(`/api/orders/${identifier}/reprice-preview`)).json(),
    );
    expect(preview.categories.flatMap((group) => group.services.map((s) => s.code))).toEqual(codes);

    const repriced = await s.alice.agent.post(`/api/orders/${identifier}/reprice`, { revision: 1 });
    expect(repriced.statusCode, repriced.body).toBe(200);
    await expectCalculated(s.alice.agent, identifier, { name: 'Перейменоване замовлення' });
    const [kept] = await s.ctx.database.db
      .select()
      .from(orderRevisions)
      .where(eq(orderRevisions.orderId, order.id));
    expect(kept?.services.map((service) => service.serviceNumber)).toEqual(
      codes.map((code) => Number(code)),
    );

    expect(await papersOf(identifier, 1)).toEqual(signed);
    // The new revision prints what it is: its own name and tariff, not approved yet.
    const current = await s.alice.agent.post('/api/orders/pdf', { identifier, file: 'order_list' });
    expect(pagesOf(current.rawPayload).join('')).toMatch(/Перейменоване замовлення/);

    const comparison = await s.alice.agent.post('/api/orders/pdf', {
      identifier,
      file: 'comparison',
    });
    expect(comparison.statusCode, comparison.body).toBe(200);
    const text = pagesOf(comparison.rawPayload).join('');
    for (const code of codes) expect(text).toContain(code);
  });

  it('kept revisions written without service numbers get their services’ numbers from migration 0014', async () => {
    const order = await s.kit.orderRow(identifier);
    const keptOf = async () =>
      (
        await s.ctx.database.db
          .select()
          .from(orderRevisions)
          .where(eq(orderRevisions.orderId, order.id))
      )[0];
    // The revision as re-pricing kept it before issue 33: no numbers in its services.
    await s.ctx.database.db.execute(
      sql`update order_revisions set services = (select jsonb_agg(e - 'serviceNumber') from jsonb_array_elements(services) e) where order_id = ${order.id}`,
    );
    expect((await keptOf())?.services.some((service) => 'serviceNumber' in service)).toBe(false);

    const migration = readFileSync(
      new URL('../drizzle/0014_revision_papers.sql', import.meta.url),
      'utf8',
    );
    const backfills = migration
      .split('--> statement-breakpoint')
      .filter((statement) => statement.includes('UPDATE "order_revisions"'));
    expect(backfills).toHaveLength(2);
    for (const statement of backfills) await s.ctx.database.db.execute(sql.raw(statement));
    expect((await keptOf())?.services.map((service) => service.serviceNumber)).toEqual(
      codes.map((code) => Number(code)),
    );
  });
});
