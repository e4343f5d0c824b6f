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
  it('writes stored two-decimal amounts unchanged, grouped uk-UA style', () => {
    expect(formatMoney('243.34')).toBe('243,34');
    expect(formatMoney('279.84')).toBe('279,84');
    expect(formatMoney('1234.56')).toBe(`1${NBSP}234,56`);
    expect(formatMoney('999999999999.99')).toBe(`999${NBSP}999${NBSP}999${NBSP}999,99`);
    expect(formatMoney('0.01')).toBe('0,01');
  });

  it('reads numbers and comma decimals, rounding half away from zero', () => {
    expect(formatMoney(14_400_000)).toBe(`14${NBSP}400${NBSP}000,00`);
    expect(formatMoney('1234,5')).toBe(`1${NBSP}234,50`);
    expect(formatMoney(1.005)).toBe('1,01');
    expect(formatMoney(-1234.5)).toBe(`-1${NBSP}234,50`);
    expect(formatMoney(120, 0)).toBe('120');
    expect(formatMoney('33.6897', 4)).toBe('33,6897');
  });

  it('shows a dash for a missing or unreadable amount', () => {
    for (const value of [null, undefined, '', ' ', 'abc', Number.NaN, Number.POSITIVE_INFINITY]) {
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
