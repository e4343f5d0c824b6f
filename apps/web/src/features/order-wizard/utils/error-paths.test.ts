import { emptyCompanyInfo, type PillLine, type StuffLine } from '@medcalc/domain';
import { describe, expect, it } from 'vitest';

import { SCANNER_LINE } from '@/testing/equipment';

import type { OrderDraft, OrderDraftAction } from '../stores/order-draft';
import { createWizardEditorState, wizardEditorReducer } from '../stores/wizard-editor';

import { describeErrorPath } from './describe-error-path';
import {
  clearErrorsFor,
  firstMessages,
  serviceAt,
  stepOfErrorPath,
  stepsWithDraftIssues,
  stepsWithErrors,
} from './error-paths';

/** A category whose name has a dot: paths are matched whole, never split at dots. */
const CATEGORY = 'Лаб. діагностика';

const draft = (): OrderDraft => ({
  identifier: 'ord-1',
  number: 'З-2026-0001',
  name: 'Прайс',
  status: 'saved',
  companyInfo: emptyCompanyInfo(),
  priceRounding: 'none',
  revision: 1,
  version: 1,
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

/** 12 minutes typed into the first staff line of the first service (the field of `stuffTime`). */
const editMinutes = {
  type: 'setStuffValue',
  category: CATEGORY,
  id: 5,
  index: 0,
  field: 'timeSpend',
  value: 12,
} as const satisfies OrderDraftAction;

const stuffTime = `calculations.${CATEGORY}.0.calculation.stuff.0.timeSpend`;
const pillPrice = `calculations.${CATEGORY}.0.calculation.pills.0.price`;
const pillSpend = `calculations.${CATEGORY}.0.calculation.pills.0.spend`;
const secondName = `calculations.${CATEGORY}.1.name`;
const equipmentMinutes = `calculations.${CATEGORY}.0.calculation.equipment.0.minutes`;

/** The draft with the worked example's scanner line (20 minutes) on its first service. */
const withScanner = (): OrderDraft => {
  const changed = draft();
  const first = changed.calculations[CATEGORY]?.[0];
  if (first) first.calculation.equipment = [{ ...SCANNER_LINE }];
  return changed;
};

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
    [`calculations.${CATEGORY}.0.calculation.vat`, 5],
    ['priceRounding', 5],
    ['calculations', 2],
    [`calculations.${CATEGORY}.0.calculation.pills`, 3],
    // Issue 38: an equipment line and the list are in step 3, whichever field.
    [equipmentMinutes, 3],
    [`calculations.${CATEGORY}.0.calculation.equipment.0.firstCost`, 3],
    [`calculations.${CATEGORY}.0.calculation.equipment`, 3],
    ['calculations.__proto__', 2],
    ['calculations.0.calculations.0.calculation.stuff.0.timeSpend', 2],
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

describe('stepsWithDraftIssues', () => {
  /** The draft with its first service's calculation changed by `change`. */
  const withFirst = (change: (item: OrderDraft['calculations'][string][number]) => void) => {
    const changed = draft();
    const first = changed.calculations[CATEGORY]?.[0];
    if (first) change(first);
    return changed;
  };
  /** The draft with the first staff line, or the first material line, of its first service changed. */
  const withFirstStaff = (change: Partial<StuffLine>) =>
    withFirst((item) => void Object.assign(item.calculation.stuff[0] ?? {}, change));
  const withFirstMaterial = (change: Partial<PillLine>) =>
    withFirst((item) => void Object.assign(item.calculation.pills[0] ?? {}, change));
  const steps = (changed: OrderDraft) => [...stepsWithDraftIssues(changed)].sort();

  it('finds nothing in a draft the schemas accept', () => {
    expect(steps(draft())).toEqual([]);
  });

  it('points at the step whose panel shows the problem', () => {
    expect(
      steps({ ...draft(), companyInfo: { ...emptyCompanyInfo(), medical_staff_salary_fund: -1 } }),
    ).toEqual([1]);
    expect(steps(withFirst((item) => void (item.calculation.bonus = -2)))).toEqual([2]);
    expect(steps(withFirstStaff({ timeSpend: -5 }))).toEqual([2]);
    expect(steps(withFirstStaff({ quality: { id: null, name: 'Лікар-лаборант' } }))).toEqual([2]);
    expect(steps(withFirstMaterial({ spend: -1 }))).toEqual([3]);
    expect(steps(withFirstMaterial({ price: -1 }))).toEqual([4]);
    expect(steps(withFirst((item) => void (item.calculation.profit = -3)))).toEqual([5]);
    // Issue 38: an equipment line's refused minutes are step 3's.
    expect(steps(withScanner())).toEqual([]);
    const fractional = withScanner();
    const line = fractional.calculations[CATEGORY]?.[0]?.calculation.equipment?.[0];
    if (line) line.minutes = 2.5;
    expect(steps(fractional)).toEqual([3]);
    // A template's line without the company's register row is marked: Calculate refuses it.
    const unbound = withScanner();
    const templateLine = unbound.calculations[CATEGORY]?.[0]?.calculation.equipment?.[0];
    if (templateLine) templateLine.id = null;
    expect(steps(unbound)).toEqual([3]);
  });

  it('does not take a blank qualification for one missing from the staffing table', () => {
    expect(steps(withFirstStaff({ quality: { id: null, name: '  ' } }))).toEqual([]);
  });

  it('checks a service again once an edit gives it a new object', () => {
    const state = draft();
    expect(steps(state)).toEqual([]);
    const [first, second] = state.calculations[CATEGORY] ?? [];
    if (!first || !second) throw new Error('setup');
    const edited = { ...first, calculation: { ...first.calculation, bonus: -1 } };
    expect(steps({ ...state, calculations: { [CATEGORY]: [edited, second] } })).toEqual([2]);
  });
});

describe('firstMessages', () => {
  it('keeps the first message of each field', () => {
    expect(firstMessages({ a: ['перше', 'друге'], b: [] })).toEqual({ a: 'перше' });
  });

  it('drops the place the server’s message starts with: the field and the list say it already', () => {
    expect(
      firstMessages({
        'companyInfo.medical_staff_salary_fund': ['Дані закладу: Вкажіть фонд (більше нуля).'],
        [stuffTime]: ['Послуга «Аналіз крові»: Персонал, рядок 1: посади немає.'],
        [pillPrice]: ['Ціна не може бути від’ємною.'],
      }),
    ).toEqual({
      'companyInfo.medical_staff_salary_fund': 'Вкажіть фонд (більше нуля).',
      [stuffTime]: 'Персонал, рядок 1: посади немає.',
      [pillPrice]: 'Ціна не може бути від’ємною.',
    });
  });

  it('drops the name of a service that holds guillemets itself', () => {
    expect(
      firstMessages({
        [stuffTime]: ['Послуга «Тест «Експрес»»: Персонал, рядок 1: посади «Х» немає.'],
      }),
    ).toEqual({ [stuffTime]: 'Персонал, рядок 1: посади «Х» немає.' });
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
    expect(clearErrorsFor(errors, editMinutes, draft())).toEqual({
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

  it('drops the message of a service’s VAT and of the order’s rounding when step 5 changes them', () => {
    const vatPath = `calculations.${CATEGORY}.1.calculation.vat`;
    const withStep5 = { ...errors, [vatPath]: 'пдв', priceRounding: 'округлення' };
    const vat = clearErrorsFor(
      withStep5,
      { type: 'setServiceVat', category: CATEGORY, id: 6, vat: 'vat20' },
      draft(),
    );
    expect(vat).not.toHaveProperty([vatPath]);
    expect(vat).toHaveProperty(['priceRounding']);
    const rounding = clearErrorsFor(
      withStep5,
      { type: 'setPriceRounding', priceRounding: '1.00' },
      draft(),
    );
    expect(rounding).not.toHaveProperty(['priceRounding']);
    expect(rounding).toHaveProperty([vatPath]);
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

  it('drops the messages of the values a chosen row gives its line, and keeps the typed ones', () => {
    const lineField = (section: string, field: string) =>
      `calculations.${CATEGORY}.0.calculation.${section}.0.${field}`;
    const typed = { [stuffTime]: 'час', [pillSpend]: 'витрата', [equipmentMinutes]: 'хвилини' };
    const given = {
      [lineField('stuff', 'quality')]: 'посада',
      [lineField('stuff', 'salary')]: 'оклад',
      [lineField('pills', 'id')]: 'матеріал',
      [pillPrice]: 'ціна',
      [lineField('pills', 'measurement_type')]: 'одиниця',
      [lineField('equipment', 'name')]: 'обладнання',
      [lineField('equipment', 'firstCost')]: 'вартість',
      [lineField('equipment', 'hoursPerYear')]: 'години',
    };
    const ref = { category: CATEGORY, id: 5, index: 0 };
    // clearErrorsFor reads where the row goes, not the row itself.
    const chooseStaffRate: OrderDraftAction = {
      type: 'chooseStaffRate',
      ...ref,
      rate: {} as never,
    };
    const choices: OrderDraftAction[] = [
      chooseStaffRate,
      { type: 'choosePill', ...ref, pill: {} as never },
      { type: 'chooseEquipment', ...ref, equipment: {} as never },
    ];
    const left = choices.reduce<Readonly<Record<string, string>>>(
      (messages, action) => clearErrorsFor(messages, action, withScanner()),
      { ...typed, ...given },
    );
    expect(left).toEqual(typed);
    const staffOnly = clearErrorsFor({ ...typed, ...given }, chooseStaffRate, draft());
    expect(Object.keys(staffOnly).sort()).toEqual(
      Object.keys({ ...typed, ...given })
        .filter((path) => !/stuff\.0\.(quality|salary)$/.test(path))
        .sort(),
    );
  });

  it('drops an equipment line’s minutes message when they are typed, and the service’s when a line comes or goes (issue 38)', () => {
    const withMinutes = { ...errors, [equipmentMinutes]: 'хвилини' };
    const typed = clearErrorsFor(
      withMinutes,
      { type: 'setEquipmentMinutes', category: CATEGORY, id: 5, index: 0, minutes: 20 },
      withScanner(),
    );
    expect(typed).toEqual(errors);
    const removed = clearErrorsFor(
      withMinutes,
      { type: 'removeEquipmentLine', category: CATEGORY, id: 5, index: 0 },
      withScanner(),
    );
    expect(Object.keys(removed).sort()).toEqual([secondName, 'companyInfo.code']);
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
    expect(describeErrorPath(`calculations.${CATEGORY}.1.calculation.vat`, draft(), label)).toBe(
      `«Аналіз сечі» (${CATEGORY}), ПДВ`,
    );
    expect(describeErrorPath('priceRounding', draft(), label)).toBe('Округлення тарифу');
    // Issue 38: a field of an equipment line, and the list of them.
    expect(describeErrorPath(equipmentMinutes, withScanner(), label)).toBe(
      `«Аналіз крові» (${CATEGORY}), обладнання, рядок 1, час використання`,
    );
    expect(
      describeErrorPath(
        `calculations.${CATEGORY}.0.calculation.equipment.0.residualValue`,
        withScanner(),
        label,
      ),
    ).toBe(`«Аналіз крові» (${CATEGORY}), обладнання, рядок 1, ліквідаційна вартість`);
    expect(
      describeErrorPath(`calculations.${CATEGORY}.0.calculation.equipment`, withScanner(), label),
    ).toBe(`«Аналіз крові» (${CATEGORY}), обладнання`);
    expect(describeErrorPath('something.else', draft(), label)).toBe('something.else');
  });

  it('names a whole service and the order’s services', () => {
    expect(describeErrorPath(`calculations.${CATEGORY}.1`, draft(), label)).toBe(
      `«Аналіз сечі» (${CATEGORY})`,
    );
    expect(describeErrorPath('calculations', draft(), label)).toBe('Послуги замовлення');
  });

  it('names a key without words of its own by its path in the service, and leaves unknown services as paths', () => {
    expect(
      describeErrorPath(`calculations.${CATEGORY}.1.calculation.chronometry`, draft(), label),
    ).toBe(`«Аналіз сечі» (${CATEGORY}), calculation.chronometry`);
    const elsewhere = `calculations.${CATEGORY}.7.calculation.stuff.0.timeSpend`;
    expect(describeErrorPath(elsewhere, draft(), label)).toBe(elsewhere);
    expect(describeErrorPath('calculations.constructor.0.name', draft(), label)).toBe(
      'calculations.constructor.0.name',
    );
  });
});

describe('serviceAt', () => {
  it('finds the draft’s service a path is in, whatever dots its category has', () => {
    const { calculations } = draft();
    expect(serviceAt(stuffTime, calculations)?.item.id).toBe(5);
    expect(serviceAt(secondName, calculations)?.item.id).toBe(6);
    expect(serviceAt(`calculations.${CATEGORY}.1`, calculations)?.place).toEqual({
      kind: 'service',
      category: CATEGORY,
      index: 1,
    });
  });

  it('finds nothing for a path outside the draft’s services', () => {
    const { calculations } = draft();
    expect(serviceAt('companyInfo.code', calculations)).toBeUndefined();
    expect(serviceAt(`calculations.${CATEGORY}`, calculations)).toBeUndefined();
    expect(serviceAt(`calculations.${CATEGORY}.2.name`, calculations)).toBeUndefined();
    expect(serviceAt('calculations.toString.0.name', calculations)).toBeUndefined();
  });
});

describe('wizardEditorReducer', () => {
  it('clears an edited field’s server message together with the edit', () => {
    let state = createWizardEditorState(draft());
    state = wizardEditorReducer(state, {
      type: 'setServerErrors',
      fieldErrors: { [stuffTime]: 'час' },
    });
    state = wizardEditorReducer(state, editMinutes);
    expect(state.fieldErrors).toEqual({});
    expect(state.draft.calculations[CATEGORY]?.[0]?.calculation.stuff[0]?.timeSpend).toBe(12);
  });

  it('keeps the state for an edit that changes nothing, and takes a save’s status and version', () => {
    const state = createWizardEditorState(draft());
    expect(
      wizardEditorReducer(state, { type: 'removeStuffLine', category: CATEGORY, id: 6, index: 0 }),
    ).toBe(state);
    const saved = wizardEditorReducer(state, { type: 'saved', status: 'formed', version: 7 });
    expect(saved.draft.status).toBe('formed');
    expect(saved.draft.version).toBe(7);
    expect(saved.draft.calculations).toBe(state.draft.calculations);
  });
});
