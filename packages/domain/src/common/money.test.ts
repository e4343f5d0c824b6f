import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decimalPlaces,
  moneyToNumber,
  moneyToString,
  roundMoney,
  sumMoney,
  toDecimal,
} from './money';

describe('roundMoney', () => {
  it('rounds half-up to kopecks', () => {
    expect(roundMoney('0.125').toFixed(2)).toBe('0.13');
    expect(roundMoney('2.675').toFixed(2)).toBe('2.68');
    expect(roundMoney('81.6325').toFixed(2)).toBe('81.63');
    expect(roundMoney('10.5375').toFixed(2)).toBe('10.54');
    expect(roundMoney('0.124999').toFixed(2)).toBe('0.12');
  });

  it('rounds a JS number at its decimal spelling, not at its binary value', () => {
    // As binary floats 1.005 is 1.00499999999999989… and 2.675 is 2.67499999999999982…;
    // Number.prototype.toFixed gives 1.00 and 2.67.
    expect((1.005).toFixed(2)).toBe('1.00');
    expect(moneyToString(1.005)).toBe('1.01');
    expect(moneyToString(2.675)).toBe('2.68');
  });

  it('rounds ties away from zero for negative amounts', () => {
    expect(roundMoney('-0.125').toFixed(2)).toBe('-0.13');
  });

  it('ignores a changed global Decimal configuration', () => {
    const saved = Decimal.rounding;
    Decimal.set({ rounding: Decimal.ROUND_DOWN });
    try {
      expect(moneyToString('0.125')).toBe('0.13');
      expect(toDecimal(2).dividedBy(3).toFixed(10)).toBe('0.6666666667');
    } finally {
      Decimal.set({ rounding: saved });
    }
  });
});

describe('sumMoney', () => {
  it('adds without binary-float error', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumMoney([0.1, 0.2]).toString()).toBe('0.3');
    expect(sumMoney([0.1, 0.1, 0.1]).equals(toDecimal('0.3'))).toBe(true);
    expect(toDecimal(0.1).times(3).toString()).toBe('0.3');
  });

  it('sums an empty list to 0 and mixes numbers, strings and decimals', () => {
    expect(sumMoney([]).toString()).toBe('0');
    expect(sumMoney([1, '2.50', toDecimal('0.05')]).toFixed(2)).toBe('3.55');
  });
});

describe('conversions', () => {
  it('reads null and undefined as 0', () => {
    expect(toDecimal(null).isZero()).toBe(true);
    expect(toDecimal(undefined).isZero()).toBe(true);
  });

  it('formats with exactly two decimals and converts to a rounded number', () => {
    expect(moneyToString(7.5)).toBe('7.50');
    expect(moneyToString(0)).toBe('0.00');
    expect(moneyToString('279.8400')).toBe('279.84');
    expect(moneyToNumber('36.505')).toBe(36.51);
    expect(moneyToNumber(toDecimal('131.72'))).toBe(131.72);
  });

  it('counts the decimals a value is written with', () => {
    expect(decimalPlaces('7.50')).toBe(1);
    expect(decimalPlaces(0.34)).toBe(2);
    expect(decimalPlaces(0.345)).toBe(3);
    expect(decimalPlaces(20000)).toBe(0);
    expect(decimalPlaces(-7.5)).toBe(1);
    expect(decimalPlaces(1e-7)).toBe(7);
    expect(decimalPlaces(1.5e-7)).toBe(8);
    expect(decimalPlaces(1e21)).toBe(0);
    expect(decimalPlaces(Number.NaN)).toBeNaN();
    expect(decimalPlaces(Number.POSITIVE_INFINITY)).toBeNaN();
  });

  it('counts a JS number’s decimals exactly as decimal.js does', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double(),
          fc.integer({ min: 0, max: 10 ** 9 }).map((k) => k / 100),
        ),
        (value) => {
          const expected = new Decimal(value).decimalPlaces();
          if (Number.isNaN(expected)) expect(decimalPlaces(value)).toBeNaN();
          else expect(decimalPlaces(value)).toBe(expected);
        },
      ),
      { numRuns: 5000 },
    );
  });
});
