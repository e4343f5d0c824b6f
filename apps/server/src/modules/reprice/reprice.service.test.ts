import { describe, expect, it } from 'vitest';
import {
  WORKED_EXAMPLE_COMPANY_INFO,
  WORKED_EXAMPLE_CONTENT,
  WORKED_EXAMPLE_COST,
  WORKED_EXAMPLE_EQUIPMENT_CONTENT,
  WORKED_EXAMPLE_EQUIPMENT_COST,
  type CalculationContent,
  type Pill,
  type ServiceCost,
} from '@medcalc/domain';
import type { StaffService } from '../staff/staff.service';
import type { StoredCalculationResult } from '../calculations/calculations.service';
import type { OrderRecord } from '../orders/orders.service';
import {
  createRepriceService,
  type EquipmentRegisterRow,
  type EquipmentRows,
} from './reprice.service';

/*
 * The re-pricing preview reads the equipment register's current rows (issue 38) through the reprice module's
 * EquipmentRows port: the company's rows among the ids its lines name, as the database keeps them (numeric text).
 * The other rows (staffing table, materials, institution data) are the worked example's as they were.
 */

const COMPANY = 5;

type StaffPositionRow = Awaited<ReturnType<StaffService['companyRowsByIds']>>[number];

const order: OrderRecord = {
  id: 1,
  identifier: 'order0001',
  numberYear: 2026,
  number: 1,
  companyId: COMPANY,
  name: 'Платні послуги 2027',
  status: 'formed',
  companyInfo: WORKED_EXAMPLE_COMPANY_INFO,
  deletedAt: null,
  revision: 1,
  version: 1,
  priceRounding: 'none',
  createdAt: new Date('2026-11-21T22:30:00Z'),
  updatedAt: new Date('2026-11-21T22:30:00Z'),
};

const stored = (content: CalculationContent, cost: ServiceCost): StoredCalculationResult => ({
  id: 7,
  identifier: 'svc7',
  categoryId: null,
  categoryName: 'УЗД',
  name: 'УЗД органів черевної порожнини',
  position: 1,
  content,
  summary: cost.summary,
  summaryWithProfit: cost.summaryWithProfit,
  cost,
  serviceNumber: 3,
});

/** The register as the database answers: the scanner (its first cost now 1 350 000) and the printer. */
const REGISTER: EquipmentRegisterRow[] = [
  {
    id: 31,
    name: 'Ультразвуковий сканер',
    firstCost: '1350000.00',
    residualValue: '0.00',
    usefulLifeYears: 5,
    hoursPerYear: '1940.40',
  },
  {
    id: 32,
    name: 'Принтер для УЗД-знімків',
    firstCost: '18000.00',
    residualValue: '2000.00',
    usefulLifeYears: 4,
    hoursPerYear: '1500.00',
  },
];

function serviceWith(
  row: StoredCalculationResult,
  register: readonly EquipmentRegisterRow[] = REGISTER,
) {
  const asked: Array<{ companyId: number; ids: readonly number[] }> = [];
  const equipmentRows: EquipmentRows = {
    visibleRowsByIds: async (companyId, ids) => {
      asked.push({ companyId, ids });
      return register.filter((entry) => ids.includes(entry.id));
    },
  };
  const content = WORKED_EXAMPLE_CONTENT;
  const service = createRepriceService({
    ordersService: {
      readOwnOrder: async () => order,
      lockOwnOrder: async () => order,
      startNextRevision: async () => {
        throw new Error('the preview starts no revision');
      },
    },
    calculationsService: {
      listResultsOfOrder: async () => [row],
      replaceContentsInTransaction: async () => {
        throw new Error('the preview writes nothing');
      },
    },
    // The staffing table and the materials as the worked example has them: nothing else changes.
    staffService: {
      companyRowsByIds: async () =>
        content.stuff.map((line): StaffPositionRow => ({
          id: line.quality?.id ?? 0,
          templateId: null,
          qualification: line.quality?.name ?? '',
          category: '',
          scientificDegree: '',
          salary: String(line.salary),
        })),
    },
    pillsService: {
      visibleByIds: async () =>
        new Map(
          content.pills.map((line): [number, Pill] => [
            line.id ?? 0,
            {
              id: line.id ?? 0,
              name: line.name,
              price: line.price,
              measurementType: line.measurement_type,
            } as Pill,
          ]),
        ),
    },
    equipmentRows,
    companiesService: { getCompanyInfo: async () => WORKED_EXAMPLE_COMPANY_INFO },
    runInTransaction: async () => {
      throw new Error('the preview opens no transaction');
    },
    activityLog: { record: async () => undefined } as never,
  });
  return { service, asked };
}

describe('the re-pricing preview with equipment (issue 38)', () => {
  it('takes the register’s current first cost: 285,46 / 328,28 → 290,61 / 334,20, named in words', async () => {
    const { service, asked } = serviceWith(
      stored(WORKED_EXAMPLE_EQUIPMENT_CONTENT, WORKED_EXAMPLE_EQUIPMENT_COST),
    );
    const preview = await service.preview(COMPANY, order.identifier);
    expect(asked).toEqual([{ companyId: COMPANY, ids: [31, 32] }]);
    expect(preview.totals).toEqual({
      before: { summary: '285.46', tariff: '328.28' },
      after: { summary: '290.61', tariff: '334.20' },
      delta: '5.92',
      deltaPercent: '1.80',
    });
    const texts = preview.changes.map((change) => [change.kind, change.text]);
    expect(texts).toContainEqual([
      'equipment',
      'Ультразвуковий сканер: вартість 1\u00a0200\u00a0000,00 → 1\u00a0350\u00a0000,00 грн',
    ]);
    expect(texts.filter(([kind]) => kind === 'equipment' || kind === 'missing-equipment')).toEqual([
      texts.find(([kind]) => kind === 'equipment'),
    ]);
  });

  it('keeps a line whose register row is gone, and names it', async () => {
    const { service } = serviceWith(
      stored(WORKED_EXAMPLE_EQUIPMENT_CONTENT, WORKED_EXAMPLE_EQUIPMENT_COST),
      REGISTER.filter((row) => row.id !== 31),
    );
    const preview = await service.preview(COMPANY, order.identifier);
    // The scanner keeps 1 200 000: the tariff stays 328,28.
    expect(preview.totals.after).toEqual({ summary: '285.46', tariff: '328.28' });
    expect(preview.changes.filter((change) => change.kind === 'missing-equipment')).toEqual([
      expect.objectContaining({ refId: 31, services: ['УЗД органів черевної порожнини'] }),
    ]);
  });

  it('does not read the register for an order without equipment', async () => {
    const { service, asked } = serviceWith(stored(WORKED_EXAMPLE_CONTENT, WORKED_EXAMPLE_COST));
    const preview = await service.preview(COMPANY, order.identifier);
    expect(asked).toEqual([]);
    expect(preview.totals.after).toEqual({ summary: '243.34', tariff: '279.84' });
  });
});
