import { describe, expect, it } from 'vitest';

import { IMPORT_FIELDS } from './import.schema';
import {
  IMPORT_LIMITS_TEXT,
  formatCount,
  importFileName,
  isImportMoneyField,
} from './import-tables';

describe('the import tables as the web and the server name them', () => {
  it('names the workbooks of a company, of the template level and the empty template', () => {
    expect(importFileName('staff', { templateLevel: false, empty: false })).toBe(
      'Штатний розпис.xlsx',
    );
    expect(importFileName('pills', { templateLevel: true, empty: false })).toBe(
      'Матеріали (шаблонні).xlsx',
    );
    expect(importFileName('measurements', { templateLevel: false, empty: true })).toBe(
      'Шаблон імпорту — Одиниці виміру.xlsx',
    );
  });

  it('takes the salary, the price and the equipment’s costs for money, and nothing else', () => {
    const money = Object.values(IMPORT_FIELDS)
      .flat()
      .filter((field) => isImportMoneyField(field));
    expect(money).toEqual(['salary', 'price', 'firstCost', 'residualValue']);
  });

  it('writes the limits the uk-UA way', () => {
    expect(formatCount(10_000_000)).toBe('10\u00a0000\u00a0000');
    expect(IMPORT_LIMITS_TEXT.rows).toBe('10\u00a0000');
    expect(IMPORT_LIMITS_TEXT.fileSize).toBe('5 МБ');
  });
});
