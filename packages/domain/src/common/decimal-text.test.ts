import { describe, expect, it } from 'vitest';
import { decimalInput, isBlankInput, parseDecimal } from './decimal-text';

describe('parseDecimal', () => {
  it('takes finite numbers as they are', () => {
    for (const value of [0, 7.5, -3, 1e5, 1e308]) expect(parseDecimal(value)).toBe(value);
  });

  it('reads plain decimals with a point or a comma, surrounded by whitespace', () => {
    expect(parseDecimal('1000.5')).toBe(1000.5);
    expect(parseDecimal('7,50')).toBe(7.5);
    expect(parseDecimal('  42 ')).toBe(42);
    expect(parseDecimal('-0,01')).toBe(-0.01);
    expect(parseDecimal('007')).toBe(7);
  });

  it('reads digit groups separated by a space, a no-break space or a narrow no-break space', () => {
    expect(parseDecimal('1 000,50')).toBe(1000.5);
    expect(parseDecimal('1\u00a0000\u00a0000')).toBe(1_000_000);
    // What Intl.NumberFormat('uk-UA') writes.
    expect(parseDecimal(new Intl.NumberFormat('uk-UA').format(1234567.25))).toBe(1234567.25);
    expect(parseDecimal('12\u202f345.6')).toBe(12345.6);
  });

  it('refuses hex, exponents, Infinity and other number spellings Number() would accept', () => {
    for (const text of ['0x1F', '0b11', '0o7', '1e5', '1E-2', 'Infinity', '-Infinity', '+5', 'NaN'])
      expect(parseDecimal(text), text).toBeUndefined();
  });

  it('refuses malformed text', () => {
    for (const text of [
      '',
      '   ',
      'abc',
      '12abc',
      '1,2,3',
      '1.2.3',
      '1,000.50',
      '.5',
      '5.',
      '12 34',
      '1  000',
      '- 5',
    ])
      expect(parseDecimal(text), text).toBeUndefined();
  });

  it('refuses non-finite numbers and values of other types', () => {
    for (const value of [
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      null,
      undefined,
      true,
      [1],
      {},
    ])
      expect(parseDecimal(value), String(value)).toBeUndefined();
  });

  it('refuses text whose fraction a JS number would silently change', () => {
    expect(parseDecimal('0.1000000000000000001')).toBeUndefined();
    // Trailing zeros change nothing.
    expect(parseDecimal('0.1000000000')).toBe(0.1);
    // A long integer part is read (a range check refuses it later), not confused with a lost fraction.
    expect(parseDecimal('123456789012345678')).toBe(123456789012345680);
  });
});

describe('decimalInput and isBlankInput', () => {
  it('turns readable text into a number and passes anything else on unchanged', () => {
    expect(decimalInput('1 000,5')).toBe(1000.5);
    expect(decimalInput('0x1F')).toBe('0x1F');
    expect(decimalInput(null)).toBeNull();
  });

  it('calls undefined, null and blank text blank', () => {
    for (const value of [undefined, null, '', '  ', '\u00a0'])
      expect(isBlankInput(value)).toBe(true);
    for (const value of [0, '0', 'x']) expect(isBlankInput(value)).toBe(false);
  });
});
