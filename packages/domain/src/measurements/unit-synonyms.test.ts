import { describe, expect, it } from 'vitest';
import { createUnitMatcher, unitKey, unitSynonymKey } from './unit-synonyms';

describe('unit synonyms (issue 33)', () => {
  it.each([
    ['кілограм', 'кг'],
    ['грам', 'г'],
    ['гр.', 'г'],
    ['літр', 'л'],
    ['мілілітр', 'мл'],
    ['штука', 'шт'],
    ['Шт.', 'шт'],
    ['флакон', 'фл'],
    ['фл.', 'фл'],
    ['упаковка', 'уп'],
    ['уп.', 'уп'],
    ['ампула', 'амп'],
    ['амп.', 'амп'],
    ['таблетка', 'табл'],
    ['табл.', 'табл'],
    ['пари', 'пара'],
    ['комплект', 'компл'],
    ['компл.', 'компл'],
    ['метр', 'м'],
    ['кв. м', 'м2'],
  ])('«%s» is «%s»', (spelling, key) => {
    expect(unitSynonymKey(spelling)).toBe(key);
  });

  it('keeps different units apart and leaves unknown units to their own name', () => {
    expect(unitKey('мл')).not.toBe(unitKey('л'));
    expect(unitKey('мг')).not.toBe(unitKey('г'));
    expect(unitKey('м')).not.toBe(unitKey('мл'));
    expect(unitSynonymKey('саше')).toBeUndefined();
    expect(unitKey('Саше ')).toBe(unitKey('саше'));
  });

  it('finds the unit of the same name first, then one the table makes the same', () => {
    const find = createUnitMatcher([
      { id: 1, name: 'кг' },
      { id: 2, name: 'кілограм' },
      { id: 3, name: 'флакон' },
    ]);
    expect(find('Кілограм')?.id).toBe(2);
    expect(find('кілограми')?.id).toBe(1);
    expect(find('фл.')?.id).toBe(3);
    expect(find('саше')).toBeUndefined();
  });
});
