import { parseFieldPath, servicePath, type LineSection, type ServiceKey } from '@medcalc/domain';

import type { OrderDraft } from '../stores/order-draft';

import { serviceAt } from './error-paths';

const STUFF_FIELD_NAMES: Record<string, string> = {
  quality: 'кваліфікація',
  salary: 'оклад',
  timeSpend: 'час виконання',
  conditionPercent: '% за умови праці',
  workingDay: 'робочий день',
};
const PILL_FIELD_NAMES: Record<string, string> = {
  id: 'матеріал',
  name: 'матеріал',
  price: 'ціна',
  spend: 'витрата',
  measurement_type: 'одиниця виміру',
};
/** Issue 38: the fields of an equipment line, as its block in step 3 and the register name them. */
const EQUIPMENT_FIELD_NAMES: Record<string, string> = {
  id: 'обладнання',
  name: 'обладнання',
  firstCost: 'первісна вартість',
  residualValue: 'ліквідаційна вартість',
  usefulLifeYears: 'строк корисного використання',
  hoursPerYear: 'годин використання на рік',
  minutes: 'час використання',
};

/** What a line section is called in the place of a message: «витрати часу, рядок 2». */
const SECTION_WORDS: Record<LineSection, { words: string; fields: Record<string, string> }> = {
  stuff: { words: 'витрати часу', fields: STUFF_FIELD_NAMES },
  pills: { words: 'витрати матеріалів', fields: PILL_FIELD_NAMES },
  equipment: { words: 'обладнання', fields: EQUIPMENT_FIELD_NAMES },
};

const SERVICE_KEY_NAMES: Partial<Record<ServiceKey, string>> = {
  name: 'назва послуги',
  bonus: 'премія, %',
  profit: 'рентабельність, %',
  vat: 'ПДВ',
  stuff: 'витрати часу',
  pills: 'витрати матеріалів',
  equipment: 'обладнання',
};

/**
 * Where the field at `path` is, in words, for the list of the server's messages: «УЗД органів…» (УЗД), витрати
 * часу, рядок 2, час виконання. `institutionLabel` names an institution field (step 1's labels).
 */
export function describeErrorPath(
  path: string,
  draft: OrderDraft,
  institutionLabel: (field: string) => string | undefined,
): string {
  const place = parseFieldPath(path);
  if (place?.kind === 'institution') {
    return place.field === undefined
      ? 'Дані закладу'
      : `Дані закладу: ${institutionLabel(place.field) ?? place.field}`;
  }
  if (place?.kind === 'order') {
    if (place.field === 'name') return 'Назва замовлення';
    if (place.field === 'priceRounding') return 'Округлення тарифу';
    if (place.field === 'calculations') return 'Послуги замовлення';
  }
  const service = serviceAt(path, draft.calculations);
  if (service === undefined) return path;
  const { place: at, item } = service;
  const where = `«${item.name}» (${at.category})`;
  if (at.kind === 'line') {
    const { words, fields } = SECTION_WORDS[at.section];
    const field = at.field === undefined ? '' : `, ${fields[at.field] ?? at.field}`;
    return `${where}, ${words}, рядок ${at.line + 1}${field}`;
  }
  if (at.key === undefined) return where;
  // A key with no words of its own is named by its path inside the service (`calculation.chronometry`).
  return `${where}, ${SERVICE_KEY_NAMES[at.key] ?? path.slice(servicePath(at.category, at.index).length + 1)}`;
}
