import { ORDER_FEE_PER_CALCULATION } from '@medcalc/domain';
import { describe, expect, it } from 'vitest';

import {
  createNewOrderDraft,
  defaultOrderName,
  hasDraftErrors,
  hasNewOrderInput,
  isSourceChosen,
  keepServerErrors,
  newOrderDraftReducer,
  orderTotal,
  placeDraftErrors,
  toNewOrderInput,
  validateNewOrderDraft,
  type DraftSourceItem,
  type NewOrderDraft,
  type NewOrderDraftAction,
} from './new-order-draft';

const TODAY = new Date(2026, 10, 2, 9, 30);

const template = (sourceId: number, name = `Шаблон ${sourceId}`): DraftSourceItem => ({
  source: 'template',
  sourceId,
  categoryId: 1,
  name,
});
const own = (sourceId: number, name = `Власний ${sourceId}`): DraftSourceItem => ({
  source: 'calculation',
  sourceId,
  categoryId: 2,
  name,
});

function apply(...actions: NewOrderDraftAction[]): NewOrderDraft {
  return actions.reduce(newOrderDraftReducer, createNewOrderDraft(TODAY));
}

describe('defaultOrderName', () => {
  it('writes d.m.yyyy without zero padding (spec §9)', () => {
    expect(defaultOrderName(new Date(2026, 10, 2))).toBe('Розрахунок для: 2.11.2026');
    expect(defaultOrderName(new Date(2026, 0, 31))).toBe('Розрахунок для: 31.1.2026');
    expect(createNewOrderDraft(new Date(2026, 11, 22)).name).toBe('Розрахунок для: 22.12.2026');
  });
});

describe('orderTotal', () => {
  it('is the per-calculation fee times the count (spec §9)', () => {
    expect(ORDER_FEE_PER_CALCULATION).toBe(240);
    expect(orderTotal(0)).toBe(0);
    expect(orderTotal(1)).toBe(240);
    expect(orderTotal(7)).toBe(1680);
  });
});

describe('hasNewOrderInput (issue 33: what leaving the page would lose)', () => {
  const opened = createNewOrderDraft(TODAY);
  it('is false for the draft as the page opened it, and for a name typed back to the default', () => {
    expect(hasNewOrderInput(opened, opened)).toBe(false);
    expect(
      hasNewOrderInput(
        apply({ type: 'rename-order', name: 'Інше' }, { type: 'rename-order', name: opened.name }),
        opened,
      ),
    ).toBe(false);
  });
  it('is true for a typed or cleared name, and for a chosen service', () => {
    expect(hasNewOrderInput(apply({ type: 'rename-order', name: 'Зимовий прайс' }), opened)).toBe(
      true,
    );
    expect(hasNewOrderInput(apply({ type: 'rename-order', name: '' }), opened)).toBe(true);
    expect(
      hasNewOrderInput(apply({ type: 'toggle-source', item: template(3), checked: true }), opened),
    ).toBe(true);
    expect(hasNewOrderInput(apply({ type: 'add-blank' }), opened)).toBe(true);
  });
});

describe('newOrderDraftReducer', () => {
  it('adds a blank row with category, source and id null (spec §4)', () => {
    const draft = apply({ type: 'add-blank' }, { type: 'add-blank' });

    expect(draft.rows).toEqual([
      { key: 1, categoryId: null, source: null, sourceId: null, templateName: '' },
      { key: 2, categoryId: null, source: null, sourceId: null, templateName: '' },
    ]);
  });

  it('renames the order and one row, and sets one row’s category', () => {
    const draft = apply(
      { type: 'add-blank' },
      { type: 'add-blank' },
      { type: 'rename-order', name: 'Осінній прайс' },
      { type: 'rename-row', key: 2, templateName: 'Масаж спини' },
      { type: 'set-category', key: 2, categoryId: 5 },
    );

    expect(draft.name).toBe('Осінній прайс');
    expect(draft.rows[0]).toMatchObject({ templateName: '', categoryId: null });
    expect(draft.rows[1]).toMatchObject({ templateName: 'Масаж спини', categoryId: 5 });
  });

  it('removes only the row with the given key, and keys stay unique afterwards', () => {
    const draft = apply(
      { type: 'add-blank' },
      { type: 'toggle-source', item: template(4), checked: true },
      { type: 'remove', key: 1 },
      { type: 'add-blank' },
    );

    expect(draft.rows.map((row) => row.key)).toEqual([2, 3]);
    expect(draft.rows[0]).toMatchObject({ source: 'template', sourceId: 4 });
  });

  it('checking a template adds a template row carrying templateId', () => {
    const draft = apply({ type: 'toggle-source', item: template(4, 'УЗД печінки'), checked: true });

    expect(draft.rows).toEqual([
      {
        key: 1,
        categoryId: 1,
        source: 'template',
        sourceId: 4,
        templateId: 4,
        templateName: 'УЗД печінки',
      },
    ]);
    expect(isSourceChosen(draft, 'template', 4)).toBe(true);
  });

  it('checking an own calculation adds a calculation row without templateId', () => {
    const draft = apply({ type: 'toggle-source', item: own(9, 'Мій огляд'), checked: true });

    expect(draft.rows).toEqual([
      { key: 1, categoryId: 2, source: 'calculation', sourceId: 9, templateName: 'Мій огляд' },
    ]);
  });

  it('unchecking removes the row with the same source and id, keeping the rest', () => {
    const draft = apply(
      { type: 'toggle-source', item: template(3), checked: true },
      { type: 'toggle-source', item: own(3), checked: true },
      { type: 'add-blank' },
      { type: 'toggle-source', item: template(3), checked: false },
    );

    expect(draft.rows.map((row) => [row.source, row.sourceId])).toEqual([
      ['calculation', 3],
      [null, null],
    ]);
    expect(isSourceChosen(draft, 'template', 3)).toBe(false);
    expect(isSourceChosen(draft, 'calculation', 3)).toBe(true);
  });

  it('does not add the same source twice', () => {
    const draft = apply(
      { type: 'toggle-source', item: template(3), checked: true },
      { type: 'toggle-source', item: template(3), checked: true },
    );

    expect(draft.rows).toHaveLength(1);
  });

  it('keeps a renamed template row linked to its template, so unchecking still removes it', () => {
    const draft = apply(
      { type: 'toggle-source', item: template(3), checked: true },
      { type: 'rename-row', key: 1, templateName: 'Інша назва' },
      { type: 'toggle-source', item: template(3), checked: false },
    );

    expect(draft.rows).toEqual([]);
  });
});

describe('toNewOrderInput', () => {
  it('builds the spec §7 body in row order', () => {
    const draft = apply(
      { type: 'rename-order', name: 'Замовлення' },
      { type: 'toggle-source', item: template(4, 'УЗД'), checked: true },
      { type: 'add-blank' },
      { type: 'rename-row', key: 2, templateName: 'Нова послуга' },
      { type: 'set-category', key: 2, categoryId: 3 },
      { type: 'toggle-source', item: own(8, 'Власна'), checked: true },
    );

    expect(toNewOrderInput(draft, { userIdentifier: 'usr-1' })).toEqual({
      userIdentifier: 'usr-1',
      name: 'Замовлення',
      calculations: [
        { categoryId: 1, source: 'template', sourceId: 4, templateId: 4, templateName: 'УЗД' },
        { categoryId: 3, source: null, sourceId: null, templateName: 'Нова послуга' },
        { categoryId: 2, source: 'calculation', sourceId: 8, templateName: 'Власна' },
      ],
    });
  });
});

describe('validateNewOrderDraft', () => {
  it('asks a blank row for a name and a category', () => {
    const draft = apply(
      { type: 'toggle-source', item: template(4), checked: true },
      { type: 'add-blank' },
    );

    const errors = validateNewOrderDraft(draft);

    expect(hasDraftErrors(errors)).toBe(true);
    expect(errors.rows[1]).toBeUndefined();
    expect(errors.rows[2]).toEqual({
      templateName: 'Поле «Назва послуги» обов’язкове.',
      categoryId: 'Поле «Категорія» обов’язкове.',
    });
  });

  it('asks for the order name and accepts a complete draft', () => {
    const named = apply({ type: 'add-blank' }, { type: 'rename-row', key: 1, templateName: 'Х' });
    const complete = newOrderDraftReducer(named, { type: 'set-category', key: 1, categoryId: 2 });

    expect(
      validateNewOrderDraft(newOrderDraftReducer(complete, { type: 'rename-order', name: ' ' })),
    ).toEqual({ name: 'Поле «Назва замовлення» обов’язкове.', rows: {}, other: [] });
    expect(hasDraftErrors(validateNewOrderDraft(complete))).toBe(false);
  });
});

describe('placeDraftErrors', () => {
  it('maps server keys onto rows by position, first message first', () => {
    const draft = apply({ type: 'add-blank' }, { type: 'add-blank' }, { type: 'remove', key: 1 });

    expect(
      placeDraftErrors(draft, {
        name: ['Погана назва.', 'Друга.'],
        'calculations.0.categoryId': ['Немає такої категорії.'],
        'calculations.5.templateName': ['Рядка немає.'],
        companyInfo: ['Не належить жодному рядку.'],
      }),
    ).toEqual({
      name: 'Погана назва.',
      rows: { 2: { categoryId: 'Немає такої категорії.' } },
      // Nothing is dropped: what matches no row or field is kept for the page to list.
      other: ['Рядка немає.', 'Не належить жодному рядку.'],
    });
  });

  it('puts the server’s answers about a chosen source on the row as a whole (spec §7 orders/add)', () => {
    const draft = apply(
      { type: 'toggle-source', item: own(3), checked: true },
      { type: 'toggle-source', item: template(4), checked: true },
      { type: 'toggle-source', item: template(5), checked: true },
      { type: 'add-blank' },
    );

    expect(
      placeDraftErrors(draft, {
        'calculations.0.sourceId': ['Калькуляцію не знайдено.'],
        'calculations.1.templateId': ['Шаблон не знайдено.'],
        'calculations.2.sourceId': ['Шаблон містить некоректні дані.'],
        'calculations.2.categoryId': ['Обраної категорії не існує.'],
        'calculations.3': ['Некоректний рядок.'],
        calculations: ['Не більше 200 калькуляцій.'],
      }),
    ).toEqual({
      rows: {
        1: { row: 'Калькуляцію не знайдено.' },
        2: { row: 'Шаблон не знайдено.' },
        3: { row: 'Шаблон містить некоректні дані.', categoryId: 'Обраної категорії не існує.' },
        4: { row: 'Некоректний рядок.' },
      },
      other: ['Не більше 200 калькуляцій.'],
    });
  });
});

describe('keepServerErrors', () => {
  const draft = apply(
    { type: 'toggle-source', item: own(3), checked: true },
    { type: 'add-blank' },
    { type: 'add-blank' },
  );
  const errors = placeDraftErrors(draft, {
    name: ['Погана назва.'],
    'calculations.0.sourceId': ['Калькуляцію не знайдено.'],
    'calculations.1.templateName': ['Погана назва послуги.'],
    'calculations.1.categoryId': ['Немає категорії.'],
    'calculations.2.categoryId': ['Теж немає категорії.'],
    calculations: ['Забагато.'],
  });
  const after = (action: NewOrderDraftAction) =>
    keepServerErrors(errors, action, newOrderDraftReducer(draft, action));

  it('clears only the edited field’s message, and the list-wide ones', () => {
    expect(after({ type: 'rename-row', key: 2, templateName: 'Масаж' })).toEqual({
      name: 'Погана назва.',
      rows: {
        1: { row: 'Калькуляцію не знайдено.' },
        2: { categoryId: 'Немає категорії.' },
        3: { categoryId: 'Теж немає категорії.' },
      },
      other: [],
    });
    expect(after({ type: 'set-category', key: 3, categoryId: 1 }).rows[3]).toBeUndefined();
    expect(after({ type: 'rename-order', name: 'Нове' }).name).toBeUndefined();
  });

  it('keeps a row’s own message through its edits and drops it with the row', () => {
    expect(after({ type: 'rename-row', key: 1, templateName: 'Інша' }).rows[1]).toEqual({
      row: 'Калькуляцію не знайдено.',
    });
    expect(after({ type: 'remove', key: 1 }).rows).toEqual({
      2: { templateName: 'Погана назва послуги.', categoryId: 'Немає категорії.' },
      3: { categoryId: 'Теж немає категорії.' },
    });
    expect(after({ type: 'toggle-source', item: own(3), checked: false }).rows[1]).toBeUndefined();
  });
});
