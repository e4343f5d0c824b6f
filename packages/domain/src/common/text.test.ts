import { describe, expect, it } from 'vitest';

import { compareUkrainian, cutAtWord, lowerFirst, matchesAllWords, ukrainianPlural } from './text';

describe('lowerFirst (issue 33)', () => {
  it('lower-cases the first letter only, so an abbreviation keeps its capitals', () => {
    expect(lowerFirst('Основна і додаткова заробітна плата з ЄСВ')).toBe(
      'основна і додаткова заробітна плата з ЄСВ',
    );
    expect(lowerFirst('До 0,50 грн')).toBe('до 0,50 грн');
    expect(lowerFirst('ЄСВ на оплату праці')).toBe('ЄСВ на оплату праці');
    expect(lowerFirst('')).toBe('');
  });
});

describe('cutAtWord (issue 33)', () => {
  it('keeps a text that fits', () => {
    expect(cutAtWord('Ультразвукова діагностика', 31)).toBe('Ультразвукова діагностика');
  });

  it('cuts after the last whole word that fits and ends in «…»', () => {
    const cut = cutAtWord('Функціональна діагностика серцево-судинної системи', 31);
    expect(cut).toBe('Функціональна діагностика…');
    expect(Array.from(cut).length).toBeLessThanOrEqual(31);
  });

  it('drops punctuation before «…» and cuts a single long word inside', () => {
    expect(cutAtWord('Платні послуги, лабораторія крові', 17)).toBe('Платні послуги…');
    expect(cutAtWord('Електрокардіографія', 10)).toBe('Електрока…');
  });

  it('never splits a character outside the BMP', () => {
    expect(cutAtWord('😀😀😀 слово', 3)).toBe('😀😀…');
  });
});

describe('matchesAllWords (issue 33)', () => {
  const position = 'Хірург, лікар вищої категорії';

  it('finds the words in any order and case', () => {
    expect(matchesAllWords(position, 'лікар хірург')).toBe(true);
    expect(matchesAllWords(position, '  ХІРУРГ   вищої ')).toBe(true);
    expect(matchesAllWords(position, 'лікар терапевт')).toBe(false);
  });

  it('folds the apostrophes and matches everything for a blank query', () => {
    expect(matchesAllWords('Сестра медична з масажу’', "масажу'")).toBe(true);
    expect(matchesAllWords(position, '   ')).toBe(true);
  });
});

describe('compareUkrainian (every list of names)', () => {
  it('sorts by the Ukrainian alphabet, not by code point', () => {
    const names = ['Яр', 'Їжак', 'Ґанок', 'Єнот', 'Іній', 'Абетка', 'Гай', 'Иней'];
    expect([...names].sort(compareUkrainian)).toEqual([
      'Абетка',
      'Гай',
      'Ґанок',
      'Єнот',
      'Иней',
      'Іній',
      'Їжак',
      'Яр',
    ]);
  });

  it('sets case aside and compares numbers by value', () => {
    expect(compareUkrainian('лікар', 'Лікар')).toBe(0);
    expect(compareUkrainian('Кабінет 2', 'Кабінет 10')).toBeLessThan(0);
  });
});

describe('ukrainianPlural (every count of things in a sentence)', () => {
  it('agrees the noun with the count: 1, 21, 101 one; 2–4, 22–24 few; 0, 5–20, 111–114 many', () => {
    const forms = ['рядок', 'рядки', 'рядків'] as const;
    const counts = [0, 1, 2, 4, 5, 11, 12, 14, 20, 21, 22, 25, 101, 111, 112, 122];
    expect(counts.map((count) => ukrainianPlural(count, forms))).toEqual([
      'рядків',
      'рядок',
      'рядки',
      'рядки',
      'рядків',
      'рядків',
      'рядків',
      'рядків',
      'рядків',
      'рядок',
      'рядки',
      'рядків',
      'рядок',
      'рядків',
      'рядків',
      'рядки',
    ]);
  });
});
