import { describe, expect, it } from 'vitest';
import {
  newPillLine,
  newStuffLine,
  type CalculationContent,
} from '../calculations/calculation.schema';
import { WORKED_EXAMPLE_EQUIPMENT_LINES } from '../calculations/worked-example';
import { formatMoney } from '../common/format-money';
import { MAX_SAVE_CHANGES, orderSaveChanges, type SavedOrderParts } from './order-save-changes';

const content = (overrides: Partial<CalculationContent> = {}): CalculationContent => ({
  bonus: 20,
  profit: 15,
  stuff: [{ ...newStuffLine(), quality: { id: 7, name: 'Лікар' }, salary: 20000, timeSpend: 30 }],
  pills: [
    { ...newPillLine(), id: 101, name: 'Гель', price: 0.34, spend: 20, measurement_type: 'мл' },
  ],
  ...overrides,
});
const parts = (services: SavedOrderParts['services'], name = 'Замовлення'): SavedOrderParts => ({
  name,
  companyInfo: { name: 'КНП' },
  priceRounding: 'none',
  services,
});

describe('orderSaveChanges (issue 33)', () => {
  it('is empty when the save stores what was there', () => {
    const before = parts([{ id: 1, name: 'УЗД', content: content() }]);
    expect(orderSaveChanges(before, structuredClone(before))).toEqual([]);
  });

  it('names the service, the section, the line and the field, old → new', () => {
    const before = parts([{ id: 1, name: 'УЗД', content: content() }]);
    const changed = content();
    changed.stuff = changed.stuff.map((line) => ({ ...line, timeSpend: 35 }));
    changed.pills = [];
    const after = parts([{ id: 1, name: 'УЗД', content: { ...changed, profit: 20 } }], 'Нове');
    expect(orderSaveChanges(before, after)).toEqual([
      { field: 'Назва замовлення', from: 'Замовлення', to: 'Нове' },
      { field: 'Послуга «УЗД» · Рентабельність, %', from: '15 %', to: '20 %' },
      { field: 'Послуга «УЗД» · Персонал, рядок 1 · Час виконання, хв', from: '30', to: '35' },
      { field: 'Послуга «УЗД» · Матеріали, рядок 1', from: 'Гель, 20 мл', to: null },
    ]);
  });

  it('says a removed service once, and caps a long list with how many more there were', () => {
    const before = parts([{ id: 1, name: 'УЗД', content: content() }]);
    expect(orderSaveChanges(before, parts([]))).toEqual([
      { field: 'Послуга «УЗД»', from: 'УЗД', to: null },
    ]);
    const many = Array.from({ length: MAX_SAVE_CHANGES + 5 }, (_, id) => ({
      id,
      name: `Послуга ${id}`,
      content: content(),
    }));
    const capped = orderSaveChanges(parts(many), parts([]));
    expect(capped).toHaveLength(MAX_SAVE_CHANGES);
    expect(capped.at(-1)).toEqual({ field: 'Інші зміни', from: null, to: 'ще 6' });
  });

  it('names equipment lines (issue 38): one added, a field changed, and none where the calculation has no key', () => {
    const [scanner, printer] = WORKED_EXAMPLE_EQUIPMENT_LINES;
    const before = parts([{ id: 1, name: 'УЗД', content: content({ equipment: [scanner] }) }]);
    const after = parts([
      {
        id: 1,
        name: 'УЗД',
        content: content({ equipment: [{ ...scanner, firstCost: 1_350_000 }, printer] }),
      },
    ]);
    expect(orderSaveChanges(before, after)).toEqual([
      {
        field: 'Послуга «УЗД» · Обладнання, рядок 1 · Первісна вартість, грн',
        from: formatMoney(1_200_000),
        to: formatMoney(1_350_000),
      },
      {
        field: 'Послуга «УЗД» · Обладнання, рядок 2',
        from: null,
        to: 'Принтер для УЗД-знімків, 20 хв',
      },
    ]);
    const without = parts([{ id: 1, name: 'УЗД', content: content() }]);
    expect(
      orderSaveChanges(
        without,
        parts([{ id: 1, name: 'УЗД', content: content({ equipment: [] }) }]),
      ),
    ).toEqual([]);
  });
});
