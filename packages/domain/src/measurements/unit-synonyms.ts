/**
 * Common spellings of the same unit of measure (issue 33): an imported «кілограм» is the institution's «кг», an
 * imported «фл.» its «флакон», so an import matches the unit the institution has instead of creating a duplicate.
 * Each group lists the spellings compacted as {@link compactUnit} compacts them (lower case, no dots, no spaces).
 */
export const UNIT_SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['кг', 'кілограм', 'кілограми', 'кілограмів', 'кілограма', 'килограмм', 'kg'],
  ['г', 'гр', 'грам', 'грами', 'грамів', 'грама', 'грамм', 'g'],
  ['мг', 'міліграм', 'міліграми', 'міліграмів', 'міліграма', 'миллиграмм', 'mg'],
  ['мкг', 'мікрограм', 'мікрограми', 'мікрограмів', 'мікрограма'],
  ['л', 'літр', 'літри', 'літрів', 'літра', 'литр', 'l'],
  ['мл', 'мілілітр', 'мілілітри', 'мілілітрів', 'мілілітра', 'миллилитр', 'ml'],
  ['шт', 'штука', 'штуки', 'штук', 'pcs'],
  ['фл', 'флак', 'флакон', 'флакони', 'флаконів'],
  ['уп', 'упак', 'упаковка', 'упаковки', 'упаковок'],
  ['амп', 'ампула', 'ампули', 'ампул'],
  ['табл', 'таб', 'таблетка', 'таблетки', 'таблеток'],
  ['капс', 'капсула', 'капсули', 'капсул'],
  ['пара', 'пари', 'пар'],
  ['компл', 'комплект', 'комплекти', 'комплектів', 'к-т', 'к-кт'],
  ['наб', 'набір', 'набори', 'наборів'],
  ['м', 'метр', 'метри', 'метрів', 'метра'],
  ['см', 'сантиметр', 'сантиметри', 'сантиметрів', 'сантиметра'],
  ['м2', 'м²', 'квм', 'кв м', 'метр квадратний'],
  ['пак', 'пакет', 'пакети', 'пакетів'],
  ['рул', 'рулон', 'рулони', 'рулонів'],
  ['туба', 'туб', 'тюбик', 'тюбики', 'тюбиків'],
  ['доза', 'доз', 'дози'],
  ['од', 'одиниця', 'одиниці', 'одиниць'],
];

/** A unit's name compacted for the synonym table: lower case, without dots and whitespace (`Фл.` → `фл`). */
export const compactUnit = (name: string): string => name.toLowerCase().replace(/[.\s]+/gu, '');

const SYNONYM_INDEX: ReadonlyMap<string, string> = new Map(
  UNIT_SYNONYM_GROUPS.flatMap((group) =>
    group.map((spelling) => [compactUnit(spelling), compactUnit(group[0] ?? spelling)] as const),
  ),
);

/** The unit's key in the synonym table (its group's first spelling), or undefined for a unit it does not list. */
export const unitSynonymKey = (name: string): string | undefined =>
  SYNONYM_INDEX.get(compactUnit(name));

/** Text folded as names are compared (lower case, whitespace runs one space, trimmed). */
const fold = (text: string) => text.toLowerCase().replace(/\s+/gu, ' ').trim();

/**
 * Finds a unit among `units` for a name as a file spells it: the unit of the same name (case and spaces aside)
 * first, else the first unit (in the order given: the standard ones first) that the synonym table makes the same
 * unit. Undefined when neither: the name is a new unit.
 */
export function createUnitMatcher<U extends { name: string }>(units: readonly U[]) {
  const byName = new Map<string, U>();
  const bySynonym = new Map<string, U>();
  for (const unit of units) {
    const name = fold(unit.name);
    if (!byName.has(name)) byName.set(name, unit);
    const synonym = unitSynonymKey(unit.name);
    if (synonym !== undefined && !bySynonym.has(synonym)) bySynonym.set(synonym, unit);
  }
  return (name: string): U | undefined => {
    const exact = byName.get(fold(name));
    if (exact !== undefined) return exact;
    const synonym = unitSynonymKey(name);
    return synonym === undefined ? undefined : bySynonym.get(synonym);
  };
}

/** The key that makes two unit names one unit: the synonym group's, else the folded name. */
export const unitKey = (name: string): string => {
  const synonym = unitSynonymKey(name);
  return synonym === undefined ? `=${fold(name)}` : `~${synonym}`;
};
