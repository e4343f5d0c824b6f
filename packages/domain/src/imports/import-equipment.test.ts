import { describe, expect, it } from 'vitest';
import { EQUIPMENT_MESSAGES } from '../equipment/equipment.schema';
import { IMPORT_PLAN_MESSAGES, planEquipmentImport, type EquipmentTableRow } from './import-plan';
import { readEquipmentRows, type EquipmentImportRow, type RowReading } from './import-rows';
import { matchColumns } from './header-match';

/** A register row as stored. */
const stored = (
  id: number,
  name: string,
  inventoryNumber: string,
  firstCost = 1_200_000,
): EquipmentTableRow => ({
  id,
  name,
  inventoryNumber,
  firstCost,
  residualValue: 0,
  usefulLifeYears: 5,
  hoursPerYear: 1940.4,
});

/** A file row read, its optional columns as given. */
const read = (
  line: number,
  row: Partial<EquipmentImportRow> & { name: string },
): RowReading<EquipmentImportRow> => ({
  ok: true,
  line,
  row: {
    inventoryNumber: undefined,
    firstCost: 1_200_000,
    residualValue: undefined,
    usefulLifeYears: 5,
    hoursPerYear: 1940.4,
    ...row,
  },
});

describe('the equipment register’s import (issue 38)', () => {
  it('finds its columns by their usual headers and leaves out the optional ones', () => {
    const match = matchColumns('equipment', [
      'Назва обладнання',
      'Інв. №',
      'Первісна вартість, грн',
      'Строк корисного використання, років',
      'Годин використання на рік',
    ]);
    expect(match.missing).toEqual([]);
    expect(match.columns).toEqual({
      name: 0,
      inventoryNumber: 1,
      firstCost: 2,
      residualValue: null,
      usefulLifeYears: 3,
      hoursPerYear: 4,
    });
    expect(matchColumns('equipment', ['Назва', 'Вартість']).missing).toEqual([
      'usefulLifeYears',
      'hoursPerYear',
    ]);
  });

  it('reads rows by the register’s own rules and messages', () => {
    const columns = {
      name: 0,
      inventoryNumber: null,
      firstCost: 1,
      residualValue: 2,
      usefulLifeYears: 3,
      hoursPerYear: 4,
    };
    const readings = readEquipmentRows(
      [
        { line: 2, cells: ['  УЗ  сканер ', '1 200 000,00 грн', '', 5, '1940,4'] },
        { line: 3, cells: ['Апарат', 0, null, 5, 1940.4] },
        { line: 4, cells: ['Апарат', 100, 100, 5, 1940.4] },
        { line: 5, cells: ['Апарат', 100, 0, 51, 1940.4] },
        { line: 6, cells: ['Апарат', 100, 0, 5, 1940.401] },
        { line: 7, cells: ['Разом', 1_200_100, null, null, null] },
      ],
      columns,
    );
    expect(readings).toEqual([
      {
        ok: true,
        line: 2,
        row: {
          name: 'УЗ сканер',
          inventoryNumber: undefined,
          firstCost: 1_200_000,
          residualValue: 0,
          usefulLifeYears: 5,
          hoursPerYear: 1940.4,
        },
      },
      { ok: false, line: 3, reason: EQUIPMENT_MESSAGES.firstCostPositive },
      { ok: false, line: 4, reason: EQUIPMENT_MESSAGES.residual },
      { ok: false, line: 5, reason: EQUIPMENT_MESSAGES.lifeYears },
      { ok: false, line: 6, reason: EQUIPMENT_MESSAGES.hoursDecimals },
      expect.objectContaining({ ok: false, line: 7, skipped: true }),
    ]);
  });

  it('matches by inventory number (case folded, stored spelling kept), else by name; keeps what the file leaves out', () => {
    const table = [
      { ...stored(1, 'УЗ-сканер', 'УЗ-001'), residualValue: 50_000 },
      stored(2, 'Центрифуга', '', 45_000),
      stored(3, 'Рентген', '', 900_000),
    ];
    const plan = planEquipmentImport(
      [
        read(2, { name: 'УЗ-сканер (новий)', inventoryNumber: 'уз-001', firstCost: 1_300_000 }),
        read(3, { name: 'центрифуга', firstCost: 45_000 }),
        read(4, { name: 'Рентген', inventoryNumber: 'Р-9', firstCost: 900_000 }),
        read(5, { name: 'Новий аналізатор', firstCost: 300_000, residualValue: 1000 }),
      ],
      table,
    );
    expect(plan.counts).toEqual({ updated: 3, added: 1, unchanged: 0, refused: 0 });
    const scannerValues = {
      name: 'УЗ-сканер',
      inventoryNumber: 'УЗ-001',
      firstCost: 1_200_000,
      residualValue: 50_000,
      usefulLifeYears: 5,
      hoursPerYear: 1940.4,
    };
    expect(plan.updates).toEqual([
      {
        id: 1,
        line: 2,
        old: scannerValues,
        new: { ...scannerValues, name: 'УЗ-сканер (новий)', firstCost: 1_300_000 },
      },
      expect.objectContaining({ id: 2, new: expect.objectContaining({ name: 'центрифуга' }) }),
      // A row without a number gets the file's number.
      expect.objectContaining({ id: 3, new: expect.objectContaining({ inventoryNumber: 'Р-9' }) }),
    ]);
    expect(plan.inserts).toEqual([
      {
        line: 5,
        name: 'Новий аналізатор',
        inventoryNumber: '',
        firstCost: 300_000,
        residualValue: 1000,
        usefulLifeYears: 5,
        hoursPerYear: 1940.4,
      },
    ]);
  });

  it('refuses a row whose kept residual value is not below its new cost, disagreeing repeats and a second match of one row', () => {
    const table = [{ ...stored(1, 'УЗ-сканер', 'УЗ-001'), residualValue: 50_000 }];
    const plan = planEquipmentImport(
      [
        read(2, { name: 'УЗ-сканер', inventoryNumber: 'УЗ-001', firstCost: 40_000 }),
        read(3, { name: 'Апарат', firstCost: 100 }),
        read(4, { name: 'апарат', firstCost: 200 }),
        read(5, { name: 'Ще один', inventoryNumber: 'X-1' }),
        read(6, { name: 'Ще один', inventoryNumber: 'X-1' }),
      ],
      table,
    );
    expect(plan.refused).toEqual([
      { line: 2, reason: EQUIPMENT_MESSAGES.residual },
      { line: 3, reason: IMPORT_PLAN_MESSAGES.equipmentTwice('Апарат', [3, 4]) },
      { line: 4, reason: IMPORT_PLAN_MESSAGES.equipmentTwice('апарат', [3, 4]) },
    ]);
    // Agreeing repeats are one row.
    expect(plan.counts).toEqual({ updated: 0, added: 1, unchanged: 1, refused: 3 });

    const twice = planEquipmentImport(
      [
        read(2, { name: 'УЗ-сканер', firstCost: 1_250_000 }),
        read(3, { name: 'Інша назва', inventoryNumber: 'уз-001', firstCost: 1_300_000 }),
      ],
      table,
    );
    expect(twice.refused).toEqual([
      { line: 3, reason: IMPORT_PLAN_MESSAGES.equipmentSameRow('УЗ-сканер', 2) },
    ]);
    expect(twice.updates).toHaveLength(1);
  });
});
