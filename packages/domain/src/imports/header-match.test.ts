import { describe, expect, it } from 'vitest';
import { foldHeader, foldText, matchColumns } from './header-match';

describe('foldHeader', () => {
  it('folds case, spacing, punctuation and the currency', () => {
    expect(foldHeader('  Оклад, грн. ')).toBe('оклад');
    expect(foldHeader('ПОСАДОВИЙ\u00a0ОКЛАД (грн)')).toBe('посадовий оклад');
    expect(foldHeader('Од. виміру')).toBe('од виміру');
    expect(foldText('Лікар   ТЕРАПЕВТ')).toBe('лікар терапевт');
  });
});

describe('matchColumns', () => {
  it('finds the staffing table by its labels in any order and case', () => {
    const match = matchColumns('staff', ['Оклад', 'НАУКОВИЙ СТУПІНЬ', 'категорія', 'Посада']);
    expect(match.columns).toEqual({
      salary: 0,
      scientific_degree: 1,
      category: 2,
      qualification: 3,
    });
    expect(match.missing).toEqual([]);
  });

  it('knows the common variants («Посадовий оклад», «Оклад, грн», «Найменування посади»)', () => {
    expect(
      matchColumns('staff', ['Найменування посади', 'Кваліфікаційна категорія', 'Посадовий оклад'])
        .columns,
    ).toEqual({ qualification: 0, category: 1, salary: 2, scientific_degree: null });
    expect(matchColumns('staff', ['Посада', 'Категорія', 'Оклад, грн']).columns.salary).toBe(2);
    expect(
      matchColumns('pills', ['Найменування', 'Од. виміру', 'Ціна за од., грн']).columns,
    ).toEqual({
      name: 0,
      measurementType: 1,
      price: 2,
    });
  });

  it('takes a header that starts with a known name when none matches exactly', () => {
    expect(
      matchColumns('staff', ['Посада', 'Категорія', 'Оклад посадовий за штатом']).columns.salary,
    ).toBe(2);
  });

  it('lists the required fields it cannot find; the degree is optional', () => {
    const match = matchColumns('staff', ['Посада', 'Категорія', 'Сума']);
    expect(match.missing).toEqual(['salary']);
    expect(match.columns.scientific_degree).toBeNull();
  });

  it('uses the column the user picked, and gives a column to one field only', () => {
    const match = matchColumns('staff', ['Посада', 'Категорія', 'Сума'], { salary: 2 });
    expect(match.missing).toEqual([]);
    expect(match.columns.salary).toBe(2);
    const picked = matchColumns('pills', ['Назва', 'Одиниця', 'Ціна'], { price: 0 });
    expect(picked.columns.price).toBe(0);
    expect(picked.missing).toEqual(['name']);
  });

  it('ignores a picked column outside the headers', () => {
    expect(matchColumns('measurements', ['Щось'], { name: 5 }).missing).toEqual(['name']);
  });
});
