import {
  COMPANY_INFO_LABELS,
  EMPTY_VALUE_TEXT,
  FINANCING_FORMS,
  formatPrice,
  formatQuantity,
  OVERHEAD_BASE_LABELS,
  OVERHEAD_METHOD_LABELS,
  type CompanyInfo,
  type Pill,
  type PillInput,
} from '@medcalc/domain';

import type { PriceListRow } from '../stores/order-draft';

/*
 * Issue 33: steps 1 and 4 edit the order's own copy of the institution data and of the material prices. What of
 * that copy differs from the institution's current data, said as the confirmation lists it, and what the existing
 * calls would write: `PUT /api/company-info/{companyIdentifier}` (any subset of the fields) and
 * `PUT /api/company/{companyIdentifier}/pills/{id}` (one own material).
 */

/** One value that differs: what it is, the institution's value now and the order's, as the user reads them. */
export type CopyDifference = { key: string; label: string; institution: string; order: string };

/** A value of the institution data as the forms show it: a choice by its label, a number in uk-UA form. */
function shownInfoValue<K extends keyof CompanyInfo>(field: K, value: CompanyInfo[K]): string {
  if (value === null || value === '') return EMPTY_VALUE_TEXT;
  if (field === 'form') return FINANCING_FORMS.find((form) => form.value === value)?.label ?? '';
  if (field === 'overhead_method')
    return OVERHEAD_METHOD_LABELS[value as CompanyInfo['overhead_method']];
  if (field === 'overhead_base') return OVERHEAD_BASE_LABELS[value as CompanyInfo['overhead_base']];
  return typeof value === 'number' ? formatQuantity(value, 4) : String(value);
}

/** Step 1: the fields of the order's copy that differ from the institution data, and the body that saves them. */
export function companyInfoDifferences(
  order: CompanyInfo,
  institution: CompanyInfo,
): { differences: CopyDifference[]; update: Partial<CompanyInfo> } {
  const differences: CopyDifference[] = [];
  const update: Partial<Record<keyof CompanyInfo, unknown>> = {};
  for (const field of Object.keys(COMPANY_INFO_LABELS) as (keyof CompanyInfo)[]) {
    if (order[field] === institution[field]) continue;
    differences.push({
      key: field,
      label: COMPANY_INFO_LABELS[field],
      institution: shownInfoValue(field, institution[field]),
      order: shownInfoValue(field, order[field]),
    });
    update[field] = order[field];
  }
  return { differences, update: update as Partial<CompanyInfo> };
}

/** Step 4: a material of the institution's own list whose unit or price the order's copy changed. */
export type MaterialDifference = CopyDifference & {
  id: number;
  /** The body of `PUT …/pills/{id}`: the material's own name, the order's unit and price. */
  input: PillInput;
};

/** Why a material whose copy differs cannot be saved to the institution's list from the wizard. */
export const MATERIAL_NOT_SAVED_REASONS = {
  template:
    'матеріал із довідника постачальника: його ціну змінює лише постачальник, а заклад може додати власний матеріал на сторінці «Витратні матеріали»',
  gone: 'цього матеріалу вже немає в довіднику закладу',
} as const;

/** A material of the order whose copy differs but which stays as it is in the institution's list, and why. */
export type MaterialNotSaved = { key: string; name: string; reason: string };

const unitAndPrice = (unit: string, price: number) => `${formatPrice(price)} грн за ${unit}`;

/**
 * Step 4: the materials of the order's price list whose unit or price differs from the institution's list
 * (`catalogue`: `GET …/pills/all-list`, the provider's and the company's own). Only the company's own materials
 * can be saved; a provider's material or one gone from the list is named with the reason. A row without a
 * catalogue id (typed by hand) or with a price or unit not filled in is left out: it has nothing to save to.
 */
export function priceListDifferences(
  rows: readonly PriceListRow[],
  catalogue: readonly Pill[],
): { differences: MaterialDifference[]; notSaved: MaterialNotSaved[] } {
  const byId = new Map(catalogue.map((pill) => [pill.id, pill]));
  const differences: MaterialDifference[] = [];
  const notSaved: MaterialNotSaved[] = [];
  for (const row of rows) {
    if (row.id === null || row.price === null || row.measurement_type.trim() === '') continue;
    const pill = byId.get(row.id);
    if (pill === undefined) {
      notSaved.push({
        key: row.materialKey,
        name: row.name,
        reason: MATERIAL_NOT_SAVED_REASONS.gone,
      });
      continue;
    }
    if (pill.price === row.price && pill.measurementType === row.measurement_type) continue;
    if (pill.companyIdentifier === null) {
      notSaved.push({
        key: row.materialKey,
        name: row.name,
        reason: MATERIAL_NOT_SAVED_REASONS.template,
      });
      continue;
    }
    differences.push({
      key: row.materialKey,
      id: pill.id,
      label: pill.name,
      institution: unitAndPrice(pill.measurementType, pill.price),
      order: unitAndPrice(row.measurement_type, row.price),
      input: { name: pill.name, measurementType: row.measurement_type, price: row.price },
    });
  }
  return { differences, notSaved };
}
