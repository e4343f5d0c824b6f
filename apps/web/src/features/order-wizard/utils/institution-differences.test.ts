import { emptyCompanyInfo, type CompanyInfo, type Pill } from '@medcalc/domain';
import { describe, expect, it } from 'vitest';

import type { PriceListRow } from '../stores/order-draft';

import {
  companyInfoDifferences,
  MATERIAL_NOT_SAVED_REASONS,
  priceListDifferences,
} from './institution-differences';

const INSTITUTION: CompanyInfo = {
  ...emptyCompanyInfo(),
  name: 'КНП «Лікарня»',
  address: 'м. Київ, вул. Стара, 1',
  form: 1,
  medical_staff_salary_fund: 1_200_000,
  unified_social_security_contribution_rate: 22,
};

describe('companyInfoDifferences (issue 33, step 1)', () => {
  it('finds nothing while the copy is the institution data', () => {
    expect(companyInfoDifferences({ ...INSTITUTION }, INSTITUTION)).toEqual({
      differences: [],
      update: {},
    });
  });

  it('lists each changed field as the forms show it, in their order, and sends only those fields', () => {
    const changes: Partial<CompanyInfo> = {
      address: 'м. Київ, вул. Нова, 2',
      form: 4,
      medical_staff_salary_fund: 1_234_567.5,
      unified_social_security_contribution_rate: null,
      overhead_method: 'fixed',
      overhead_percent: 12.5,
    };
    const order: CompanyInfo = { ...INSTITUTION, ...changes };
    const { differences, update } = companyInfoDifferences(order, INSTITUTION);

    expect(update).toEqual(changes);
    expect(differences).toEqual([
      { key: 'form', label: 'Форма фінансування', institution: 'Бюджетна', order: 'Змішана' },
      {
        key: 'address',
        label: 'Адреса',
        institution: 'м. Київ, вул. Стара, 1',
        order: 'м. Київ, вул. Нова, 2',
      },
      {
        key: 'medical_staff_salary_fund',
        label: 'Фонд оплати праці медичного персоналу',
        institution: '1\u00a0200\u00a0000',
        order: '1\u00a0234\u00a0567,5',
      },
      {
        key: 'unified_social_security_contribution_rate',
        label: 'Ставка ЄСВ, %',
        institution: '22',
        order: '—',
      },
      {
        key: 'overhead_method',
        label: 'Спосіб розрахунку накладних витрат',
        institution: 'Розраховувати з даних закладу',
        order: 'Фіксований відсоток',
      },
      {
        key: 'overhead_percent',
        label: 'Відсоток накладних витрат, %',
        institution: '—',
        order: '12,5',
      },
    ]);
  });

  it('says an emptied text field as empty', () => {
    const { differences, update } = companyInfoDifferences(
      { ...INSTITUTION, name: '' },
      INSTITUTION,
    );
    expect(update).toEqual({ name: '' });
    expect(differences.map((difference) => difference.order)).toEqual(['—']);
  });
});

const pill = (id: number, fields: Partial<Pill> = {}): Pill => ({
  id,
  name: `Матеріал ${id}`,
  measurementType: 'шт',
  price: 10,
  companyIdentifier: 'co-1',
  created_at: '2026-01-10T10:00:00Z',
  updated_at: '2026-01-10T10:00:00Z',
  ...fields,
});

const row = (id: number | null, fields: Partial<PriceListRow> = {}): PriceListRow => ({
  materialKey: id === null ? `name:${fields.name ?? ''}` : `id:${id}`,
  id,
  name: `Матеріал ${id ?? 'вручну'}`,
  measurement_type: 'шт',
  price: 10,
  lineCount: 1,
  ...fields,
});

describe('priceListDifferences (issue 33, step 4)', () => {
  it('finds nothing while every row has its material’s unit and price', () => {
    expect(priceListDifferences([row(1), row(2)], [pill(1), pill(2)])).toEqual({
      differences: [],
      notSaved: [],
    });
  });

  it('offers the institution’s own materials whose unit or price changed, with the body that saves them', () => {
    const catalogue = [pill(1, { name: 'Бинт стерильний' }), pill(2), pill(3, { price: 2.375 })];
    const rows = [
      row(1, { name: 'Бинт (у замовленні)', price: 12.5 }),
      row(2, { measurement_type: 'уп' }),
      row(3, { price: 2.375 }),
    ];
    const { differences, notSaved } = priceListDifferences(rows, catalogue);

    expect(notSaved).toEqual([]);
    expect(differences).toEqual([
      {
        key: 'id:1',
        id: 1,
        label: 'Бинт стерильний',
        institution: '10,00 грн за шт',
        order: '12,50 грн за шт',
        // The material keeps its own name: step 4 changes only the unit and the price.
        input: { name: 'Бинт стерильний', measurementType: 'шт', price: 12.5 },
      },
      {
        key: 'id:2',
        id: 2,
        label: 'Матеріал 2',
        institution: '10,00 грн за шт',
        order: '10,00 грн за уп',
        input: { name: 'Матеріал 2', measurementType: 'уп', price: 10 },
      },
    ]);
  });

  it('names a changed provider’s material and one gone from the list with the reason, and saves neither', () => {
    const catalogue = [pill(1, { companyIdentifier: null }), pill(2, { companyIdentifier: null })];
    const rows = [row(1, { price: 11 }), row(2), row(9, { price: 3 })];
    const { differences, notSaved } = priceListDifferences(rows, catalogue);

    expect(differences).toEqual([]);
    expect(notSaved).toEqual([
      { key: 'id:1', name: 'Матеріал 1', reason: MATERIAL_NOT_SAVED_REASONS.template },
      { key: 'id:9', name: 'Матеріал 9', reason: MATERIAL_NOT_SAVED_REASONS.gone },
    ]);
  });

  it('leaves out a material typed by hand and a row whose price or unit is not filled in', () => {
    const rows = [
      row(null, { name: 'Своє', price: 5 }),
      // An emptied price input: the draft keeps null (`setMaterialInfo`) so step 4 shows the schema's message.
      row(1, { price: null as unknown as number }),
      row(2, { measurement_type: ' ' }),
    ];
    expect(priceListDifferences(rows, [pill(1), pill(2)])).toEqual({
      differences: [],
      notSaved: [],
    });
  });
});
