import { emptyCompanyInfo } from '@medcalc/domain';
import { describe, expect, it } from 'vitest';

import type { OrderDraft } from '../stores/order-draft';
import { createWizardEditorState, wizardEditorReducer } from '../stores/wizard-editor';

import {
  clearErrorsFor,
  describeErrorPath,
  firstMessages,
  stepOfErrorPath,
  stepsWithErrors,
} from './error-paths';

/** A category whose name has a dot: paths are matched whole, never split at dots. */
const CATEGORY = 'Лаб. діагностика';

const draft = (): OrderDraft => ({
  identifier: 'ord-1',
  name: 'Прайс',
  status: 'saved',
  companyInfo: emptyCompanyInfo(),
  calculations: {
    [CATEGORY]: [
      {
        id: 5,
        name: 'Аналіз крові',
        calculation: {
          bonus: 0,
          profit: 10,
          stuff: [
            {
              quality: { id: 1, name: 'Лаборант' },
              salary: 9000,
              timeSpend: 10,
              conditionPercent: 0,
              workingDay: 8,
            },
          ],
          pills: [{ id: 3, name: 'Пробірка', price: 4, spend: 1, measurement_type: 'шт' }],
        },
      },
      {
        id: 6,
        name: 'Аналіз сечі',
        calculation: { bonus: 0, profit: 10, stuff: [], pills: [] },
      },
    ],
  },
});

const stuffTime = `calculations.${CATEGORY}.0.calculation.stuff.0.timeSpend`;
const pillPrice = `calculations.${CATEGORY}.0.calculation.pills.0.price`;
const pillSpend = `calculations.${CATEGORY}.0.calculation.pills.0.spend`;
const secondName = `calculations.${CATEGORY}.1.name`;

describe('stepOfErrorPath', () => {
  it.each([
    ['companyInfo.medical_staff_salary_fund', 1],
    ['companyInfo', 1],
    [stuffTime, 2],
    [`calculations.${CATEGORY}.0.calculation.stuff.0.quality.id`, 2],
    [`calculations.${CATEGORY}.0.calculation.stuff`, 2],
    [`calculations.${CATEGORY}.0.calculation.bonus`, 2],
    [secondName, 2],
    [pillSpend, 3],
    [`calculations.${CATEGORY}.0.calculation.pills.0.id`, 3],
    [pillPrice, 4],
    [`calculations.${CATEGORY}.0.calculation.pills.0.measurement_type`, 4],
    [`calculations.${CATEGORY}.0.calculation.profit`, 5],
    ['calculations', 2],
    ['name', null],
    ['identifier', null],
  ] as const)('%s → step %s', (path, step) => {
    expect(stepOfErrorPath(path)).toBe(step);
  });

  it('collects the steps of a 422’s fields', () => {
    expect([...stepsWithErrors({ [stuffTime]: 'x', [pillPrice]: 'y', name: 'z' })].sort()).toEqual([
      2, 4,
    ]);
  });
});

describe('firstMessages', () => {
  it('keeps the first message of each field', () => {
    expect(firstMessages({ a: ['перше', 'друге'], b: [] })).toEqual({ a: 'перше' });
  });
});

describe('clearErrorsFor', () => {
  const errors = {
    [stuffTime]: 'час',
    [pillPrice]: 'ціна',
    [pillSpend]: 'витрата',
    [secondName]: 'назва',
    'companyInfo.code': 'код',
  };

  it('drops the message of the edited field only', () => {
    expect(
      clearErrorsFor(
        errors,
        {
          type: 'setStuffValue',
          category: CATEGORY,
          id: 5,
          index: 0,
          field: 'timeSpend',
          value: 12,
        },
        draft(),
      ),
    ).toEqual({
      [pillPrice]: 'ціна',
      [pillSpend]: 'витрата',
      [secondName]: 'назва',
      'companyInfo.code': 'код',
    });
    expect(
      clearErrorsFor(errors, { type: 'setCompanyInfoField', field: 'code', value: '1' }, draft()),
    ).not.toHaveProperty('companyInfo.code');
    expect(
      clearErrorsFor(
        errors,
        { type: 'setCalculationKey', category: CATEGORY, id: 6, key: 'name', value: 'Сеча' },
        draft(),
      ),
    ).not.toHaveProperty([secondName]);
  });

  it('drops a material’s price messages on every line of it when step 4 changes its price', () => {
    const next = clearErrorsFor(
      errors,
      { type: 'setMaterialInfo', materialKey: 'id:3', price: 5 },
      draft(),
    );
    expect(next).not.toHaveProperty([pillPrice]);
    expect(next).toHaveProperty([pillSpend]);
  });

  it('drops every message of a service whose lines move, and of the category when a service goes', () => {
    const added = clearErrorsFor(
      errors,
      { type: 'addPillLine', category: CATEGORY, id: 5 },
      draft(),
    );
    expect(Object.keys(added).sort()).toEqual([secondName, 'companyInfo.code']);
    const removed = clearErrorsFor(
      errors,
      { type: 'removeCalculation', category: CATEGORY, id: 5 },
      draft(),
    );
    expect(removed).toEqual({ 'companyInfo.code': 'код' });
  });
});

describe('describeErrorPath', () => {
  const label = (field: string) => (field === 'code' ? 'Код ЄДРПОУ' : undefined);

  it('names the service, the section, the line and the field', () => {
    expect(describeErrorPath(stuffTime, draft(), label)).toBe(
      `«Аналіз крові» (${CATEGORY}), витрати часу, рядок 1, час виконання`,
    );
    expect(describeErrorPath(pillPrice, draft(), label)).toBe(
      `«Аналіз крові» (${CATEGORY}), витрати матеріалів, рядок 1, ціна`,
    );
    expect(describeErrorPath(secondName, draft(), label)).toBe(
      `«Аналіз сечі» (${CATEGORY}), назва послуги`,
    );
    expect(describeErrorPath('companyInfo.code', draft(), label)).toBe('Дані закладу: Код ЄДРПОУ');
    expect(describeErrorPath('something.else', draft(), label)).toBe('something.else');
  });
});

describe('wizardEditorReducer', () => {
  it('clears an edited field’s server message together with the edit', () => {
    let state = createWizardEditorState(draft());
    state = wizardEditorReducer(state, {
      type: 'setServerErrors',
      fieldErrors: { [stuffTime]: 'час' },
    });
    state = wizardEditorReducer(state, {
      type: 'setStuffValue',
      category: CATEGORY,
      id: 5,
      index: 0,
      field: 'timeSpend',
      value: 12,
    });
    expect(state.fieldErrors).toEqual({});
    expect(state.draft.calculations[CATEGORY]?.[0]?.calculation.stuff[0]?.timeSpend).toBe(12);
  });

  it('keeps the state for an edit that changes nothing, and takes a new status', () => {
    const state = createWizardEditorState(draft());
    expect(
      wizardEditorReducer(state, { type: 'removeStuffLine', category: CATEGORY, id: 6, index: 0 }),
    ).toBe(state);
    const saved = wizardEditorReducer(state, { type: 'setStatus', status: 'formed' });
    expect(saved.draft.status).toBe('formed');
    expect(saved.draft.calculations).toBe(state.draft.calculations);
  });
});
