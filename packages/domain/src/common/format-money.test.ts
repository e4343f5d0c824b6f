import { describe, expect, it } from 'vitest';
import {
  EMPTY_VALUE_TEXT,
  formatMoney,
  formatPrice,
  formatQuantity,
  formatSignedAmount,
  formatSignedPercent,
  readAmount,
} from './format-money';

const NBSP = '\u00a0';

describe('formatMoney', () => {
  // Stored two-decimal amounts unchanged; numbers and numeric text (a dot or a comma) rounded half away from zero
  // without binary surprises; thousands grouped uk-UA style with a no-break space, a decimal comma.
  it.each<[string | number, number | undefined, string]>([
    ['243.34', undefined, '243,34'],
    ['279.84', undefined, '279,84'],
    ['1234.56', undefined, `1${NBSP}234,56`],
    ['999999999999.99', undefined, `999${NBSP}999${NBSP}999${NBSP}999,99`],
    ['0.01', undefined, '0,01'],
    ['240', undefined, '240,00'],
    ['1234.5', undefined, `1${NBSP}234,50`],
    ['1234,5', undefined, `1${NBSP}234,50`],
    [1234.56, undefined, `1${NBSP}234,56`],
    [1234567.8, undefined, `1${NBSP}234${NBSP}567,80`],
    [14_400_000, undefined, `14${NBSP}400${NBSP}000,00`],
    [0, undefined, '0,00'],
    [999, undefined, '999,00'],
    [1.005, undefined, '1,01'],
    [2.675, undefined, '2,68'],
    [-1.005, undefined, '-1,01'],
    [0.004, undefined, '0,00'],
    [-1234.5, undefined, `-1${NBSP}234,50`],
    [120, 0, '120'],
    [1234.5678, 0, `1${NBSP}235`],
    [0.125, 3, '0,125'],
    ['33.6897', 4, '33,6897'],
  ])('writes %j (decimals: %s) as %j', (value, fractionDigits, text) => {
    expect(formatMoney(value, fractionDigits)).toBe(text);
  });

  it('shows a dash for a missing or unreadable amount', () => {
    for (const value of [
      null,
      undefined,
      '',
      ' ',
      '  ',
      'abc',
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ]) {
      expect(formatMoney(value)).toBe(EMPTY_VALUE_TEXT);
    }
  });
});

describe('readAmount', () => {
  it('reads numbers and numeric text, and nothing else', () => {
    expect(readAmount(' 7,5 ')).toBe(7.5);
    expect(readAmount(3)).toBe(3);
    expect(readAmount('')).toBeUndefined();
    expect(readAmount('x')).toBeUndefined();
    expect(readAmount(null)).toBeUndefined();
  });
});

describe('formatQuantity (issue 23)', () => {
  it('writes a spend as a person does: decimal comma, up to three decimals, no trailing zeros', () => {
    expect(formatQuantity(2.5)).toBe('2,5');
    expect(formatQuantity(0.02)).toBe('0,02');
    expect(formatQuantity(0.125)).toBe('0,125');
    expect(formatQuantity(20)).toBe('20');
    expect(formatQuantity(1000)).toBe('1\u00a0000');
    expect(formatQuantity('2.50')).toBe('2,5');
    expect(formatQuantity(null)).toBe(EMPTY_VALUE_TEXT);
  });
});

describe('formatPrice (issue 33)', () => {
  it('shows two decimals at least and up to four where the price has them', () => {
    expect(formatPrice(12.5)).toBe('12,50');
    expect(formatPrice(2.375)).toBe('2,375');
    expect(formatPrice('2.3750')).toBe('2,375');
    expect(formatPrice(0.0125)).toBe('0,0125');
    expect(formatPrice(1234)).toBe('1\u00a0234,00');
    expect(formatPrice(null)).toBe(EMPTY_VALUE_TEXT);
  });
});

describe('formatSignedAmount / formatSignedPercent (one format on screen and paper)', () => {
  it('signs a rise with a plus, a fall with the minus sign, and no change with neither', () => {
    expect(formatSignedAmount('1234.5')).toBe(`+1${NBSP}234,50`);
    expect(formatSignedAmount('-115.00')).toBe('\u2212115,00');
    expect(formatSignedAmount('0.00')).toBe('0,00');
    expect(formatSignedAmount('-0.001')).toBe('0,00');
    expect(formatSignedAmount('0.004')).toBe('0,00');
    expect(formatSignedAmount(null)).toBe(EMPTY_VALUE_TEXT);
  });

  it('writes a percent the same way, a missing one as a dash', () => {
    expect(formatSignedPercent('2.74')).toBe('+2,74 %');
    expect(formatSignedPercent('-8.33')).toBe('\u22128,33 %');
    expect(formatSignedPercent('0')).toBe('0,00 %');
    expect(formatSignedPercent(undefined)).toBe(EMPTY_VALUE_TEXT);
  });
});
