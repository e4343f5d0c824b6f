import { describe, expect, it } from 'vitest';
import {
  WORKED_EXAMPLE_EQUIPMENT_LINES,
  equipmentSchema,
  repricePreviewSchema,
  type Equipment,
  type EquipmentLine,
} from '@medcalc/domain';
import { eq, sql } from 'drizzle-orm';
import { calculations } from '../src/db/schema';
import { pagesOf, squeeze } from '../src/modules/documents/read-back';
import { toastedData } from './helper';
import {
  firstService,
  saveBody,
  useWorkedCompanies,
  withCalculation,
  workedCalculations,
  type Member,
} from './worked-orders';

/*
 * Equipment on paper and in re-pricing over HTTP (issue 38): an order calculated with the worked example's scanner
 * and printer prints its калькуляція with the lines and D (41,23 / 0,89 / 42,12 → 285,46 / 328,28); after the
 * scanner's first cost changes in the register, the re-pricing preview takes it (290.61 / 334.20) and names it in
 * words; a register row deleted meanwhile keeps its line and is named. Runs on PGlite and, in the PostgreSQL run,
 * on PostgreSQL.
 */

// Alice's institution data and staffing table are the worked example's, so only the register moves the tariff.
const suite = useWorkedCompanies();
const [SCANNER, PRINTER] = WORKED_EXAMPLE_EQUIPMENT_LINES;

const url = (company: string, suffix = '') => `/api/company/${company}/equipment${suffix}`;

const bodyOf = (line: EquipmentLine) => ({
  name: line.name,
  firstCost: line.firstCost,
  residualValue: line.residualValue,
  usefulLifeYears: line.usefulLifeYears,
  hoursPerYear: line.hoursPerYear,
});

async function createRow(who: Member, line: EquipmentLine): Promise<Equipment> {
  const response = await who.agent.post(url(who.company), bodyOf(line));
  return equipmentSchema.parse(toastedData(response, 'Обладнання додано до реєстру.'));
}

/** The administrator's template equipment row made from a worked example's line. */
async function createTemplateRow(line: EquipmentLine): Promise<Equipment> {
  const response = await suite.admin.post('/api/equipment', bodyOf(line));
  return equipmentSchema.parse(toastedData(response, 'Обладнання додано до шаблонів.'));
}

/**
 * An order of alice's worked example with the scanner and the printer, calculated: both from her register, or the
 * scanner from the template equipment.
 */
async function calculatedWithEquipment(scannerFrom: 'own' | 'template' = 'own') {
  const scanner =
    scannerFrom === 'own'
      ? await createRow(suite.alice, SCANNER)
      : await createTemplateRow(SCANNER);
  const printer = await createRow(suite.alice, PRINTER);
  const lines = [
    { ...SCANNER, id: scanner.id },
    { ...PRINTER, id: printer.id },
  ];
  const detail = await suite.kit.paidOrderFor(suite.alice);
  const [category, service] = firstService(workedCalculations(detail));
  const body = saveBody(detail, withCalculation(category, service, { equipment: lines }));
  const calculated = await suite.alice.agent.post('/api/calculations/calculate', body);
  expect(calculated.statusCode, calculated.body).toBe(200);
  return { identifier: detail.identifier, calculationId: service.id, scanner, printer };
}

describe('an order with equipment', () => {
  it('prints its калькуляція with the equipment lines and D: 41,23 / 0,89 / 42,12 → 285,46 / 328,28', async () => {
    const { identifier, calculationId } = await calculatedWithEquipment();
    const response = await suite.alice.agent.post('/api/orders/pdf', {
      file: 'calculation',
      identifier,
      calculationId,
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const text = pagesOf(response.rawPayload).map(squeeze).join('\n');
    expect(text).toMatch(/Ультразвуковий сканер 1 200 000,00 0,00 5 1 940,4 2,0614 20 41,23/);
    expect(text).toMatch(/Принтер для УЗД-знімків 18 000,00 2 000,00 4 1 500 0,0444 20 0,89/);
    expect(text).toMatch(/Амортизація обладнання D = Σ рядків обладнання 42,12/);
    expect(text).toMatch(/Собівартість послуги C = L \+ A \+ E \+ M \+ D \+ OH 285,46/);
    expect(text).toMatch(/Тариф \(ціна\) без ПДВ Тариф = C \+ P 328,28/);
  });

  it('prints a калькуляція stored before equipment existed (its cost without equipment rows) as before, PDF and workbook', async () => {
    const detail = await suite.kit.paidOrderFor(suite.alice);
    const [, service] = firstService(workedCalculations(detail));
    const calculated = await suite.alice.agent.post(
      '/api/calculations/calculate',
      saveBody(detail, workedCalculations(detail)),
    );
    expect(calculated.statusCode, calculated.body).toBe(200);
    // What a row calculated before migration 0025 holds: no `equipmentLines`, no `depreciation`.
    const stripped = await suite.ctx.database.db
      .update(calculations)
      .set({ cost: sql`${calculations.cost} - 'equipmentLines' - 'depreciation'` })
      .where(eq(calculations.id, service.id))
      .returning({ cost: calculations.cost });
    expect(stripped[0]?.cost).not.toHaveProperty('depreciation');

    const pdf = await suite.alice.agent.post('/api/orders/pdf', {
      file: 'calculation',
      identifier: detail.identifier,
      calculationId: service.id,
    });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    const text = pagesOf(pdf.rawPayload).map(squeeze).join('\n');
    expect(text).toMatch(/Собівартість послуги C = L \+ A \+ E \+ M \+ OH 243,34/);
    expect(text).not.toMatch(/Амортизація обладнання/);
    const workbook = await suite.alice.agent.post('/api/orders/xlsx', {
      identifier: detail.identifier,
    });
    expect(workbook.statusCode, workbook.body.slice(0, 200)).toBe(200);
  });

  it('is re-priced with the register’s new first cost, and a deleted row is named', async () => {
    const { identifier, scanner, printer } = await calculatedWithEquipment();
    const changed = await suite.alice.agent.put(url(suite.alice.company, `/${scanner.id}`), {
      ...bodyOf(SCANNER),
      firstCost: 1_350_000,
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const preview = async () => {
      const response = await suite.alice.agent.get(`/api/orders/${identifier}/reprice-preview`);
      expect(response.statusCode, response.body).toBe(200);
      return repricePreviewSchema.parse(response.json());
    };
    const first = await preview();
    expect(first.totals).toEqual({
      before: { summary: '285.46', tariff: '328.28' },
      after: { summary: '290.61', tariff: '334.20' },
      delta: '5.92',
      deltaPercent: '1.80',
    });
    expect(first.changes.map((change) => [change.kind, change.text])).toContainEqual([
      'equipment',
      'Ультразвуковий сканер: вартість 1\u00a0200\u00a0000,00 → 1\u00a0350\u00a0000,00 грн',
    ]);

    const removed = await suite.alice.agent.delete(url(suite.alice.company, `/${printer.id}`));
    expect(removed.statusCode, removed.body).toBe(200);
    const second = await preview();
    // The printer keeps its 0,89: the totals are as before the delete.
    expect(second.totals.after).toEqual({ summary: '290.61', tariff: '334.20' });
    expect(second.changes.filter((change) => change.kind === 'missing-equipment')).toEqual([
      expect.objectContaining({
        refId: printer.id,
        text: expect.stringMatching(/^Принтер для УЗД-знімків: обладнання вже немає в реєстрі/),
      }),
    ]);
  });

  it('is re-priced with the template equipment’s new first cost when its line names a template row', async () => {
    const { identifier, scanner } = await calculatedWithEquipment('template');
    const changed = await suite.admin.put(`/api/equipment/${scanner.id}`, {
      ...bodyOf(SCANNER),
      firstCost: 1_350_000,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const response = await suite.alice.agent.get(`/api/orders/${identifier}/reprice-preview`);
    expect(response.statusCode, response.body).toBe(200);
    const preview = repricePreviewSchema.parse(response.json());
    expect(preview.totals.before).toEqual({ summary: '285.46', tariff: '328.28' });
    expect(preview.totals.after).toEqual({ summary: '290.61', tariff: '334.20' });
    expect(preview.changes.filter((change) => change.kind === 'missing-equipment')).toEqual([]);
  });
});
