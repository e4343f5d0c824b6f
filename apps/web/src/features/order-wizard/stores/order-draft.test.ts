import {
  emptyCompanyInfo,
  newPillLine,
  newStuffLine,
  type OrderDetail,
  type Pill,
  type PillLine,
  type StaffRate,
  type OrderCalculationItem,
  type PriceRounding,
  type VatMode,
  WORKED_EXAMPLE_STAFF_LINES,
} from '@medcalc/domain';
import { describe, expect, it } from 'vitest';

import { equipmentRowOf, SCANNER_LINE } from '@/testing/equipment';

import {
  countServices,
  listServices,
  materialKey,
  orderDraftFromDetail,
  orderDraftReducer,
  selectPriceList,
  vatModeOf,
  type OrderDraft,
  type OrderDraftAction,
} from './order-draft';
import {
  materialLineCostOrNull,
  materialsTotalOrNull,
  type WizardPillLine,
} from '../utils/material-line-cost';

const gel: PillLine = {
  id: 101,
  name: 'Гель для УЗД',
  price: 0.34,
  spend: 20,
  measurement_type: 'мл',
};
const gloves: PillLine = {
  id: 102,
  name: 'Рукавички',
  price: 7.5,
  spend: 1,
  measurement_type: 'пара',
};
/** A material without an id (e.g. typed in an old order): keyed by its name and unit. */
const towel: PillLine = {
  id: null,
  name: 'Серветка',
  price: 0.3,
  spend: 4,
  measurement_type: 'шт',
};

const ultrasound: OrderCalculationItem = {
  id: 1,
  identifier: 'calc-1',
  code: '00001',
  categoryId: 3,
  name: 'УЗД органів черевної порожнини',
  calculation: {
    bonus: 20,
    profit: 15,
    chronometry: false,
    stuff: [...WORKED_EXAMPLE_STAFF_LINES],
    pills: [gel, gloves, towel],
  },
};
const thyroid: OrderCalculationItem = {
  id: 2,
  identifier: 'calc-2',
  code: '00002',
  categoryId: 3,
  name: 'УЗД щитоподібної залози',
  calculation: { bonus: 10, profit: 20, stuff: [], pills: [{ ...gel, spend: 10 }] },
};
const blood: OrderCalculationItem = {
  id: 3,
  identifier: 'calc-3',
  code: '00003',
  categoryId: 4,
  name: 'Загальний аналіз крові',
  calculation: { bonus: 0, profit: 10, stuff: [], pills: [{ ...gloves, spend: 2 }, towel] },
};

const detail: OrderDetail = {
  identifier: 'ord-1',
  number: 'З-2026-0001',
  name: 'Прайс 2026',
  status: 'payed',
  companyInfo: { ...emptyCompanyInfo(), name: 'КНП «Лікарня»' },
  calculations: { УЗД: [ultrasound, thyroid], Лабораторія: [blood] },
  priceRounding: 'none',
  revision: 1,
  version: 1,
};

const start = (): OrderDraft => orderDraftFromDetail(detail);

/** Runs the action and checks the reducer left the previous state exactly as it was. */
function reduce(state: OrderDraft, action: OrderDraftAction): OrderDraft {
  const before = structuredClone(state);
  const next = orderDraftReducer(state, action);
  expect(state).toEqual(before);
  return next;
}

/** The reference of the ultrasound service (УЗД, id 1), which most actions below edit. */
const ON_ULTRASOUND = { category: 'УЗД', id: 1 } as const;

const service = (state: OrderDraft, category: string, id: number) =>
  state.calculations[category]?.find((item) => item.id === id);

describe('orderDraftFromDetail', () => {
  it('takes the order’s identifier, number, name, status, institution data, calculations, rounding, revision and version', () => {
    expect(start()).toEqual({
      identifier: 'ord-1',
      number: 'З-2026-0001',
      name: 'Прайс 2026',
      status: 'payed',
      companyInfo: detail.companyInfo,
      calculations: detail.calculations,
      priceRounding: 'none',
      revision: 1,
      version: 1,
    });
    expect(orderDraftFromDetail({ ...detail, priceRounding: '0.50' }).priceRounding).toBe('0.50');
    expect(orderDraftFromDetail({ ...detail, revision: 3 }).revision).toBe(3);
  });
});

describe('orderDraftReducer', () => {
  describe('removeCalculation', () => {
    it('removes the service and keeps the other services of its category', () => {
      const state = start();
      const next = reduce(state, { type: 'removeCalculation', category: 'УЗД', id: 1 });
      expect(next.calculations['УЗД']).toEqual([thyroid]);
      expect(next.calculations['Лабораторія']).toBe(state.calculations['Лабораторія']);
    });

    it('drops a category whose last service is removed', () => {
      const next = reduce(start(), { type: 'removeCalculation', category: 'Лабораторія', id: 3 });
      expect(Object.keys(next.calculations)).toEqual(['УЗД']);
    });

    it('leaves the state unchanged for an unknown category or id', () => {
      const state = start();
      expect(reduce(state, { type: 'removeCalculation', category: 'Немає', id: 1 })).toBe(state);
      expect(reduce(state, { type: 'removeCalculation', category: 'УЗД', id: 99 })).toBe(state);
      expect(reduce(state, { type: 'removeCalculation', category: 'toString', id: 1 })).toBe(state);
    });
  });

  describe('setStuffValue', () => {
    it('changes one field of one staff line and shares everything else', () => {
      const state = start();
      const next = reduce(state, {
        type: 'setStuffValue',
        ...ON_ULTRASOUND,
        index: 1,
        field: 'timeSpend',
        value: 45,
      });
      const changed = service(next, 'УЗД', 1);
      expect(changed?.calculation.stuff[1]).toEqual({
        ...ultrasound.calculation.stuff[1],
        timeSpend: 45,
      });
      expect(changed?.calculation.stuff[0]).toBe(ultrasound.calculation.stuff[0]);
      expect(changed?.calculation.pills).toBe(ultrasound.calculation.pills);
      expect(service(next, 'УЗД', 2)).toBe(thyroid);
      expect(next.calculations['Лабораторія']).toBe(state.calculations['Лабораторія']);
      expect(next.companyInfo).toBe(state.companyInfo);
    });

    it('sets the qualification as an object and the salary to none', () => {
      const state = start();
      const quality = { id: 9, name: 'Лікар-рентгенолог, перша, немає' };
      const withQuality = reduce(state, {
        type: 'setStuffValue',
        ...ON_ULTRASOUND,
        index: 0,
        field: 'quality',
        value: quality,
      });
      const next = reduce(withQuality, {
        type: 'setStuffValue',
        ...ON_ULTRASOUND,
        index: 0,
        field: 'salary',
        value: null,
      });
      expect(service(next, 'УЗД', 1)?.calculation.stuff[0]).toMatchObject({
        quality,
        salary: null,
      });
    });

    it('leaves the state unchanged for an unknown service or line, or the same value', () => {
      const state = start();
      const base = { type: 'setStuffValue', field: 'timeSpend', value: 45 } as const;
      expect(reduce(state, { ...base, category: 'УЗД', id: 1, index: 2 })).toBe(state);
      expect(reduce(state, { ...base, category: 'УЗД', id: 1, index: -1 })).toBe(state);
      expect(reduce(state, { ...base, category: 'УЗД', id: 1, index: 0.5 })).toBe(state);
      expect(reduce(state, { ...base, category: 'УЗД', id: 42, index: 0 })).toBe(state);
      expect(reduce(state, { ...base, category: 'Немає', id: 1, index: 0 })).toBe(state);
      expect(reduce(state, { ...base, category: 'УЗД', id: 1, index: 0, value: 30 })).toBe(state);
    });
  });

  describe('setPillValue', () => {
    it('changes one field of one material line only', () => {
      const state = start();
      const next = reduce(state, {
        type: 'setPillValue',
        ...ON_ULTRASOUND,
        index: 0,
        field: 'spend',
        value: 25,
      });
      expect(service(next, 'УЗД', 1)?.calculation.pills).toEqual([
        { ...gel, spend: 25 },
        gloves,
        towel,
      ]);
      // The same material in another service keeps its own spend.
      expect(service(next, 'УЗД', 2)).toBe(thyroid);
      expect(service(next, 'УЗД', 1)?.calculation.stuff).toBe(ultrasound.calculation.stuff);
    });

    it('leaves the state unchanged for an unknown line', () => {
      const state = start();
      expect(
        reduce(state, {
          type: 'setPillValue',
          category: 'Лабораторія',
          id: 3,
          index: 5,
          field: 'spend',
          value: 1,
        }),
      ).toBe(state);
    });
  });

  describe('addStuffLine / removeStuffLine', () => {
    it('adds the domain’s new staff line at the end', () => {
      const next = reduce(start(), { type: 'addStuffLine', category: 'УЗД', id: 2 });
      expect(service(next, 'УЗД', 2)?.calculation.stuff).toEqual([newStuffLine()]);
      expect(service(next, 'УЗД', 1)).toBe(ultrasound);
    });

    it('gives every added line its own object', () => {
      let state = reduce(start(), { type: 'addStuffLine', category: 'УЗД', id: 2 });
      state = reduce(state, { type: 'addStuffLine', category: 'УЗД', id: 2 });
      const [first, second] = service(state, 'УЗД', 2)?.calculation.stuff ?? [];
      expect(first).toEqual(second);
      expect(first).not.toBe(second);
    });

    it('removes the staff line at the index, keeping the order of the rest', () => {
      const next = reduce(start(), {
        type: 'removeStuffLine',
        ...ON_ULTRASOUND,
        index: 0,
      });
      expect(service(next, 'УЗД', 1)?.calculation.stuff).toEqual([ultrasound.calculation.stuff[1]]);
    });

    it('leaves the state unchanged for an unknown service or index', () => {
      const state = start();
      expect(reduce(state, { type: 'addStuffLine', category: 'УЗД', id: 77 })).toBe(state);
      expect(reduce(state, { type: 'removeStuffLine', category: 'УЗД', id: 1, index: 2 })).toBe(
        state,
      );
      expect(reduce(state, { type: 'removeStuffLine', category: 'УЗД', id: 1, index: -1 })).toBe(
        state,
      );
      expect(reduce(state, { type: 'removeStuffLine', category: 'X', id: 1, index: 0 })).toBe(
        state,
      );
    });
  });

  describe('addPillLine / removePillLine', () => {
    it('adds the domain’s new material line at the end', () => {
      const next = reduce(start(), { type: 'addPillLine', category: 'Лабораторія', id: 3 });
      expect(service(next, 'Лабораторія', 3)?.calculation.pills).toEqual([
        { ...gloves, spend: 2 },
        towel,
        newPillLine(),
      ]);
    });

    it('removes the material line at the index', () => {
      const next = reduce(start(), { type: 'removePillLine', category: 'УЗД', id: 1, index: 1 });
      expect(service(next, 'УЗД', 1)?.calculation.pills).toEqual([gel, towel]);
    });

    it('leaves the state unchanged for an unknown service or index', () => {
      const state = start();
      expect(reduce(state, { type: 'addPillLine', category: 'Немає', id: 1 })).toBe(state);
      expect(reduce(state, { type: 'removePillLine', category: 'УЗД', id: 1, index: 3 })).toBe(
        state,
      );
    });
  });

  describe('setCompanyInfoField', () => {
    it('changes one institution field and keeps the calculations', () => {
      const state = start();
      const next = reduce(state, {
        type: 'setCompanyInfoField',
        field: 'medical_staff_salary_fund',
        value: 14_400_000,
      });
      expect(next.companyInfo).toEqual({
        ...state.companyInfo,
        medical_staff_salary_fund: 14_400_000,
      });
      expect(next.calculations).toBe(state.calculations);
    });

    it('leaves the state unchanged for the same value or a field the institution data lack', () => {
      const state = start();
      expect(
        reduce(state, { type: 'setCompanyInfoField', field: 'name', value: 'КНП «Лікарня»' }),
      ).toBe(state);
      expect(
        reduce(state, {
          type: 'setCompanyInfoField',
          field: 'no_such_field' as 'name',
          value: 'x',
        }),
      ).toBe(state);
    });
  });

  describe('setCalculationKey', () => {
    it('renames the service', () => {
      const next = reduce(start(), {
        type: 'setCalculationKey',
        category: 'УЗД',
        id: 2,
        key: 'name',
        value: 'УЗД щитовидної залози',
      });
      expect(service(next, 'УЗД', 2)).toEqual({ ...thyroid, name: 'УЗД щитовидної залози' });
    });

    it('sets the bonus, the profitability and the chronometry flag in the calculation', () => {
      const edits = [
        ['bonus', 25],
        ['profit', 12.5],
        ['chronometry', true],
      ] as const;
      const state = edits.reduce(
        (draft, [key, value]) =>
          reduce(draft, { type: 'setCalculationKey', ...ON_ULTRASOUND, key, value }),
        start(),
      );
      expect(service(state, 'УЗД', 1)?.calculation).toEqual({
        ...ultrasound.calculation,
        bonus: 25,
        profit: 12.5,
        chronometry: true,
      });
    });

    it('keeps an emptied bonus as null, so the step can say it is missing', () => {
      const next = reduce(start(), {
        type: 'setCalculationKey',
        ...ON_ULTRASOUND,
        key: 'bonus',
        value: null,
      });
      expect(service(next, 'УЗД', 1)?.calculation.bonus).toBeNull();
    });

    it('leaves the state unchanged for a value of the wrong type, an unknown service or no change', () => {
      const state = start();
      const ref = { type: 'setCalculationKey', category: 'УЗД', id: 1 } as const;
      expect(reduce(state, { ...ref, key: 'name', value: 5 })).toBe(state);
      expect(reduce(state, { ...ref, key: 'bonus', value: '5' })).toBe(state);
      expect(reduce(state, { ...ref, key: 'chronometry', value: 'так' })).toBe(state);
      expect(reduce(state, { ...ref, key: 'bonus', value: 20 })).toBe(state);
      expect(reduce(state, { ...ref, key: 'name', value: ultrasound.name })).toBe(state);
      expect(reduce(state, { ...ref, id: 404, key: 'bonus', value: 1 })).toBe(state);
    });
  });

  describe('chooseStaffRate', () => {
    const rate: StaffRate = {
      id: 9,
      qualification: 'Лікар-рентгенолог',
      category: 'перша',
      scientific_degree: 'немає',
      salary: 18500,
    };

    it('fills the line’s qualification with the row’s id and label and its salary, in one step', () => {
      const state = start();
      const next = reduce(state, {
        type: 'chooseStaffRate',
        ...ON_ULTRASOUND,
        index: 0,
        rate,
      });
      const changed = service(next, 'УЗД', 1);
      expect(changed?.calculation.stuff[0]).toEqual({
        ...ultrasound.calculation.stuff[0],
        quality: { id: 9, name: 'Лікар-рентгенолог, перша, немає' },
        salary: 18500,
      });
      expect(changed?.calculation.stuff[1]).toBe(ultrasound.calculation.stuff[1]);
      expect(next.calculations['Лабораторія']).toBe(state.calculations['Лабораторія']);
    });

    it('leaves the state unchanged for an unknown line or the row already chosen', () => {
      const state = start();
      expect(
        reduce(state, { type: 'chooseStaffRate', category: 'УЗД', id: 1, index: 5, rate }),
      ).toBe(state);
      const chosen = reduce(state, {
        type: 'chooseStaffRate',
        ...ON_ULTRASOUND,
        index: 0,
        rate,
      });
      expect(
        reduce(chosen, { type: 'chooseStaffRate', category: 'УЗД', id: 1, index: 0, rate }),
      ).toBe(chosen);
    });
  });

  describe('choosePill', () => {
    const pill: Pill = {
      id: 205,
      name: 'Бахіли',
      measurementType: 'пара',
      price: 2.4,
      companyIdentifier: null,
    } as Pill;

    it('fills the line’s material, unit and price from the catalogue and keeps its spend in the same unit', () => {
      const state = start();
      // Line 2 is gloves in пари: another material in пари keeps the quantity.
      const next = reduce(state, { type: 'choosePill', category: 'УЗД', id: 1, index: 1, pill });
      expect(service(next, 'УЗД', 1)?.calculation.pills[1]).toEqual({
        ...ultrasound.calculation.pills[1],
        id: 205,
        name: 'Бахіли',
        measurement_type: 'пара',
        price: 2.4,
      });
      expect(service(next, 'УЗД', 1)?.calculation.stuff).toBe(ultrasound.calculation.stuff);
    });

    it('clears and marks the quantity when the unit changes, until a quantity is typed (issue 23)', () => {
      const sachet = {
        ...pill,
        id: 206,
        name: 'Антисептик у саше',
        measurementType: 'саше',
      } as Pill;
      // Line 1 is 20 мл of gel: 20 саше would be another quantity altogether.
      const swapped = reduce(start(), {
        type: 'choosePill',
        category: 'УЗД',
        id: 1,
        index: 0,
        pill: sachet,
      });
      const line = service(swapped, 'УЗД', 1)?.calculation.pills[0] as WizardPillLine;
      expect(line).toMatchObject({ id: 206, measurement_type: 'саше', spend: null });
      expect(line.unitChangedFrom).toBe('мл');
      expect(materialLineCostOrNull(line)).toBeNull();
      expect(materialsTotalOrNull(service(swapped, 'УЗД', 1)?.calculation.pills ?? [])).toBeNull();

      // A second swap keeps the unit the quantity was typed in.
      const again = reduce(swapped, { type: 'choosePill', category: 'УЗД', id: 1, index: 0, pill });
      expect(
        (service(again, 'УЗД', 1)?.calculation.pills[0] as WizardPillLine).unitChangedFrom,
      ).toBe('мл');

      const typed = reduce(swapped, {
        type: 'setPillValue',
        category: 'УЗД',
        id: 1,
        index: 0,
        field: 'spend',
        value: 2,
      });
      const confirmed = service(typed, 'УЗД', 1)?.calculation.pills[0] as WizardPillLine;
      expect(confirmed.unitChangedFrom).toBeUndefined();
      expect(materialLineCostOrNull(confirmed)?.toFixed(2)).toBe('4.80');
    });

    it('a line with no unit yet (a new line) keeps its quantity', () => {
      const state = reduce(start(), { type: 'addPillLine', category: 'УЗД', id: 1 });
      const typed = reduce(state, {
        type: 'setPillValue',
        category: 'УЗД',
        id: 1,
        index: 3,
        field: 'spend',
        value: 2.5,
      });
      const next = reduce(typed, { type: 'choosePill', category: 'УЗД', id: 1, index: 3, pill });
      expect(service(next, 'УЗД', 1)?.calculation.pills[3]).toMatchObject({ spend: 2.5 });
      expect(
        materialLineCostOrNull(service(next, 'УЗД', 1)?.calculation.pills[3] as PillLine)?.toFixed(
          2,
        ),
      ).toBe('6.00');
    });

    it('leaves the state unchanged for an unknown service or line', () => {
      const state = start();
      expect(reduce(state, { type: 'choosePill', category: 'УЗД', id: 99, index: 0, pill })).toBe(
        state,
      );
      expect(reduce(state, { type: 'choosePill', category: 'УЗД', id: 1, index: 9, pill })).toBe(
        state,
      );
    });
  });

  describe('equipment lines (issue 38)', () => {
    const scanner = equipmentRowOf(SCANNER_LINE, {
      inventoryNumber: 'ІН-0001',
      companyIdentifier: 'cmp-0001',
      stamp: '2026-11-22T08:15:00.000Z',
    });
    const scannerLine = { ...SCANNER_LINE, minutes: 0 };

    it('adds a line of a register row to a service without equipment, with its V, S, N, T and 0 minutes', () => {
      const state = start();
      expect(ultrasound.calculation.equipment).toBeUndefined();
      const next = reduce(state, {
        type: 'addEquipmentLine',
        ...ON_ULTRASOUND,
        equipment: scanner,
      });
      expect(service(next, 'УЗД', 1)?.calculation.equipment).toEqual([scannerLine]);
      // Its staff and material lines, and the other services, are the same objects.
      expect(service(next, 'УЗД', 1)?.calculation.pills).toBe(ultrasound.calculation.pills);
      expect(service(next, 'УЗД', 2)).toBe(service(state, 'УЗД', 2));
    });

    it('types the minutes of a line, an emptied input kept as null', () => {
      const added = reduce(start(), {
        type: 'addEquipmentLine',
        ...ON_ULTRASOUND,
        equipment: scanner,
      });
      const typed = reduce(added, {
        type: 'setEquipmentMinutes',
        ...ON_ULTRASOUND,
        index: 0,
        minutes: 20,
      });
      expect(service(typed, 'УЗД', 1)?.calculation.equipment).toEqual([
        { ...scannerLine, minutes: 20 },
      ]);
      const emptied = reduce(typed, {
        type: 'setEquipmentMinutes',
        ...ON_ULTRASOUND,
        index: 0,
        minutes: null,
      });
      expect(service(emptied, 'УЗД', 1)?.calculation.equipment?.[0]?.minutes).toBeNull();
      // No such line, or a service without equipment: nothing changes.
      expect(
        reduce(typed, { type: 'setEquipmentMinutes', ...ON_ULTRASOUND, index: 3, minutes: 5 }),
      ).toBe(typed);
      const other = {
        type: 'setEquipmentMinutes',
        category: 'УЗД',
        id: 2,
        index: 0,
        minutes: 5,
      } as const;
      expect(reduce(typed, other)).toBe(typed);
    });

    it('binds a template’s line (no register row) to the company’s row: its values, the line’s minutes', () => {
      const template = { ...scannerLine, id: null, firstCost: 1000000, minutes: 20 };
      const state = start();
      const withTemplateLine = reduce(state, {
        type: 'addEquipmentLine',
        ...ON_ULTRASOUND,
        equipment: scanner,
      });
      const unbound = orderDraftFromDetail({
        ...detail,
        calculations: {
          ...detail.calculations,
          УЗД: [
            { ...ultrasound, calculation: { ...ultrasound.calculation, equipment: [template] } },
            thyroid,
          ],
        },
      });
      const bound = reduce(unbound, {
        type: 'chooseEquipment',
        ...ON_ULTRASOUND,
        index: 0,
        equipment: scanner,
      });
      expect(service(bound, 'УЗД', 1)?.calculation.equipment).toEqual([
        { ...scannerLine, minutes: 20 },
      ]);
      // No such line: nothing changes.
      expect(
        reduce(withTemplateLine, {
          type: 'chooseEquipment',
          ...ON_ULTRASOUND,
          index: 4,
          equipment: scanner,
        }),
      ).toBe(withTemplateLine);
    });

    it('removes a line; with the last one gone the service is as one without equipment', () => {
      const one = reduce(start(), {
        type: 'addEquipmentLine',
        ...ON_ULTRASOUND,
        equipment: scanner,
      });
      const two = reduce(one, {
        type: 'addEquipmentLine',
        ...ON_ULTRASOUND,
        equipment: { ...scanner, id: 8, name: 'Принтер для УЗД-знімків' },
      });
      const removed = reduce(two, { type: 'removeEquipmentLine', ...ON_ULTRASOUND, index: 0 });
      expect(service(removed, 'УЗД', 1)?.calculation.equipment?.map((line) => line.id)).toEqual([
        8,
      ]);
      const none = reduce(removed, { type: 'removeEquipmentLine', ...ON_ULTRASOUND, index: 0 });
      expect(service(none, 'УЗД', 1)?.calculation).toEqual(ultrasound.calculation);
      expect('equipment' in (service(none, 'УЗД', 1)?.calculation ?? {})).toBe(false);
      expect(reduce(none, { type: 'removeEquipmentLine', ...ON_ULTRASOUND, index: 0 })).toBe(none);
    });
  });

  it('never changes the previous state, and keeps every object off the path of a change', () => {
    const state = start();
    const before = JSON.stringify(state);
    const next = reduce(state, {
      type: 'setCalculationKey',
      category: 'УЗД',
      id: 2,
      key: 'bonus',
      value: 5,
    });
    expect(JSON.stringify(state)).toBe(before);
    expect(next.companyInfo).toBe(state.companyInfo);
    expect(service(next, 'УЗД', 1)).toBe(ultrasound);
    expect(service(next, 'УЗД', 2)?.calculation.stuff).toBe(thyroid.calculation.stuff);
    expect(next.calculations['Лабораторія']).toBe(state.calculations['Лабораторія']);
  });

  describe('setPriceRounding', () => {
    it('sets the order’s rounding of the final price and keeps everything else', () => {
      const state = start();
      const next = reduce(state, { type: 'setPriceRounding', priceRounding: '1.00' });
      expect(next.priceRounding).toBe('1.00');
      expect(next.calculations).toBe(state.calculations);
      expect(next.companyInfo).toBe(state.companyInfo);
      expect(reduce(next, { type: 'setPriceRounding', priceRounding: 'none' }).priceRounding).toBe(
        'none',
      );
    });

    it('leaves the state unchanged for the same or an unknown rounding', () => {
      const state = start();
      expect(reduce(state, { type: 'setPriceRounding', priceRounding: 'none' })).toBe(state);
      expect(
        reduce(state, {
          type: 'setPriceRounding',
          priceRounding: '0.25' as unknown as PriceRounding,
        }),
      ).toBe(state);
    });
  });

  describe('setServiceVat', () => {
    it('makes one service taxable and back, sharing everything else', () => {
      const state = start();
      const taxable = reduce(state, {
        type: 'setServiceVat',
        category: 'УЗД',
        id: 2,
        vat: 'vat20',
      });
      expect(service(taxable, 'УЗД', 2)?.calculation).toEqual({
        ...thyroid.calculation,
        vat: 'vat20',
      });
      expect(service(taxable, 'УЗД', 2)?.calculation.pills).toBe(thyroid.calculation.pills);
      expect(service(taxable, 'УЗД', 1)).toBe(ultrasound);
      expect(taxable.calculations['Лабораторія']).toBe(state.calculations['Лабораторія']);
      expect(taxable.priceRounding).toBe('none');

      const exempt = reduce(taxable, {
        type: 'setServiceVat',
        category: 'УЗД',
        id: 2,
        vat: 'exempt',
      });
      expect(service(exempt, 'УЗД', 2)?.calculation.vat).toBe('exempt');
      expect(vatModeOf(service(exempt, 'УЗД', 2)?.calculation ?? {})).toBe('exempt');
    });

    it('reads an absent VAT as exempt: choosing exempt there changes nothing', () => {
      const state = start();
      expect(vatModeOf(thyroid.calculation)).toBe('exempt');
      expect(reduce(state, { type: 'setServiceVat', category: 'УЗД', id: 2, vat: 'exempt' })).toBe(
        state,
      );
    });

    it('leaves the state unchanged for an unknown service or VAT mode', () => {
      const state = start();
      expect(reduce(state, { type: 'setServiceVat', category: 'УЗД', id: 404, vat: 'vat20' })).toBe(
        state,
      );
      expect(reduce(state, { type: 'setServiceVat', category: 'Немає', id: 2, vat: 'vat20' })).toBe(
        state,
      );
      expect(
        reduce(state, {
          type: 'setServiceVat',
          category: 'УЗД',
          id: 2,
          vat: 'vat7' as unknown as VatMode,
        }),
      ).toBe(state);
    });
  });

  describe('setMaterialInfo', () => {
    it('changes the price of every line of that material in every service, and nothing else', () => {
      const state = start();
      const next = reduce(state, { type: 'setMaterialInfo', materialKey: 'id:101', price: 0.4 });
      expect(service(next, 'УЗД', 1)?.calculation.pills).toEqual([
        { ...gel, price: 0.4 },
        gloves,
        towel,
      ]);
      expect(service(next, 'УЗД', 2)?.calculation.pills).toEqual([
        { ...gel, spend: 10, price: 0.4 },
      ]);
      // Lines of other materials, services without it and the other category keep their objects.
      expect(service(next, 'УЗД', 1)?.calculation.pills[1]).toBe(gloves);
      expect(service(next, 'УЗД', 1)?.calculation.stuff).toBe(ultrasound.calculation.stuff);
      expect(next.calculations['Лабораторія']).toBe(state.calculations['Лабораторія']);
      expect(next.companyInfo).toBe(state.companyInfo);
    });

    it('changes the unit and the price together, in both categories', () => {
      const next = reduce(start(), {
        type: 'setMaterialInfo',
        materialKey: 'id:102',
        measurement_type: 'шт',
        price: 8,
      });
      expect(service(next, 'УЗД', 1)?.calculation.pills[1]).toEqual({
        ...gloves,
        measurement_type: 'шт',
        price: 8,
      });
      expect(service(next, 'Лабораторія', 3)?.calculation.pills[0]).toEqual({
        ...gloves,
        spend: 2,
        measurement_type: 'шт',
        price: 8,
      });
      expect(service(next, 'УЗД', 2)).toBe(thyroid);
    });

    it('finds a material without an id by its name and unit', () => {
      const key = materialKey(towel);
      expect(key).not.toBeNull();
      const next = reduce(start(), {
        type: 'setMaterialInfo',
        materialKey: key ?? '',
        measurement_type: 'уп',
      });
      expect(service(next, 'УЗД', 1)?.calculation.pills[2]?.measurement_type).toBe('уп');
      expect(service(next, 'Лабораторія', 3)?.calculation.pills[1]?.measurement_type).toBe('уп');
      // Its lines stay one material afterwards: the price list still has one row for it.
      expect(selectPriceList(next.calculations).filter((row) => row.name === 'Серветка')).toEqual([
        expect.objectContaining({ measurement_type: 'уп', lineCount: 2 }),
      ]);
    });

    it('leaves the state unchanged for an unknown material, no change or the same values', () => {
      const state = start();
      expect(reduce(state, { type: 'setMaterialInfo', materialKey: 'id:999', price: 1 })).toBe(
        state,
      );
      expect(reduce(state, { type: 'setMaterialInfo', materialKey: 'id:101' })).toBe(state);
      expect(reduce(state, { type: 'setMaterialInfo', materialKey: 'id:101', price: 0.34 })).toBe(
        state,
      );
    });
  });
});

describe('selectors', () => {
  it('materialKey keys by id, else by name and unit, and gives none for an empty line', () => {
    expect(materialKey(gel)).toBe('id:101');
    expect(materialKey(towel)).toBe(materialKey({ ...towel, id: null }));
    expect(materialKey(towel)).not.toBe(materialKey({ ...towel, measurement_type: 'уп' }));
    expect(materialKey(newPillLine())).toBeNull();
    expect(materialKey({ ...newPillLine(), name: '   ' })).toBeNull();
  });

  it('selectPriceList has one row per distinct material across all services, in order of first use', () => {
    expect(selectPriceList(start().calculations)).toEqual([
      {
        materialKey: 'id:101',
        id: 101,
        name: 'Гель для УЗД',
        measurement_type: 'мл',
        price: 0.34,
        lineCount: 2,
      },
      {
        materialKey: 'id:102',
        id: 102,
        name: 'Рукавички',
        measurement_type: 'пара',
        price: 7.5,
        lineCount: 2,
      },
      {
        materialKey: materialKey(towel),
        id: null,
        name: 'Серветка',
        measurement_type: 'шт',
        price: 0.3,
        lineCount: 2,
      },
    ]);
  });

  it('selectPriceList leaves out lines with no material chosen', () => {
    const state = reduce(start(), { type: 'addPillLine', category: 'УЗД', id: 2 });
    expect(selectPriceList(state.calculations)).toHaveLength(3);
    expect(selectPriceList({})).toEqual([]);
  });

  it('listServices and countServices walk categories, then services, in order', () => {
    expect(
      listServices(start().calculations).map(({ category, index, item }) => [
        category,
        index,
        item.id,
      ]),
    ).toEqual([
      ['УЗД', 0, 1],
      ['УЗД', 1, 2],
      ['Лабораторія', 0, 3],
    ]);
    expect(countServices(start().calculations)).toBe(3);
  });
});
