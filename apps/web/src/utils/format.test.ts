import { describe, expect, it } from 'vitest';

import {
  formatDate,
  formatDateTime,
  formatHours,
  formatIban,
  formatNumberInput,
  formatPhone,
  formatQuantity,
  formatTime,
  INVALID_DATE_TEXT,
  parseNumberInput,
} from './format';

const NBSP = '\u00a0';

describe('formatNumberInput', () => {
  it('writes what a number input shows: grouped thousands, a decimal comma, its precision', () => {
    expect(formatNumberInput(24000)).toBe(`24${NBSP}000,00`);
    expect(formatNumberInput('14400000')).toBe(`14${NBSP}400${NBSP}000,00`);
    expect(formatNumberInput('1234.5')).toBe(`1${NBSP}234,50`);
    expect(formatNumberInput(1200, 0)).toBe(`1${NBSP}200`);
    expect(formatNumberInput(0)).toBe('0,00');
  });

  it('never rounds: a value with more places than the precision shows them all', () => {
    expect(formatNumberInput(12.345)).toBe('12,345');
    expect(formatNumberInput(250.5, 0)).toBe('250,5');
    expect(formatNumberInput(-100)).toBe('-100,00');
  });

  it('leaves an empty input empty, with no dash', () => {
    for (const value of [null, undefined, '', 'NaN']) expect(formatNumberInput(value)).toBe('');
  });
});

describe('parseNumberInput', () => {
  it('reads grouped thousands and a decimal comma or dot', () => {
    expect(parseNumberInput('1 000,5')).toBe('1000.5');
    expect(parseNumberInput(`1${NBSP}000,50`)).toBe('1000.50');
    expect(parseNumberInput('1000.5')).toBe('1000.5');
    expect(parseNumberInput(' 25000 ')).toBe('25000');
    expect(parseNumberInput(`14${NBSP}400${NBSP}000,00`)).toBe('14400000.00');
  });

  it('reads what it writes', () => {
    for (const value of [0, 7.5, 1234.56, 14_400_000, 999_999.99]) {
      expect(Number(parseNumberInput(formatNumberInput(value)))).toBe(value);
    }
  });

  it('gives nothing for an emptied input', () => {
    expect(parseNumberInput('')).toBe('');
    expect(parseNumberInput('   ')).toBe('');
    expect(parseNumberInput(undefined)).toBe('');
  });
});

describe('formatDateTime', () => {
  it('writes the date as dd.mm.yyyy and the time (issue 23) in Kyiv time, never a capitalised month', () => {
    expect(formatDateTime(new Date('2026-11-25T08:15:00Z'))).toBe('25.11.2026 10:15');
    expect(formatDateTime(new Date('2024-01-05T07:05:00Z'))).toBe('05.01.2024 09:05');
  });

  it('accepts ISO strings and timestamps', () => {
    const date = new Date('2026-02-03T21:59:00Z');
    expect(formatDateTime(date.toISOString())).toBe('03.02.2026 23:59');
    expect(formatDateTime(date.getTime())).toBe('03.02.2026 23:59');
    expect(formatTime(date)).toBe('23:59');
  });

  it('shows the invalid-date text for missing or broken dates', () => {
    for (const value of [null, undefined, '', 'not a date', Number.NaN]) {
      expect(formatDateTime(value)).toBe(INVALID_DATE_TEXT);
      expect(formatDate(value)).toBe(INVALID_DATE_TEXT);
      expect(formatTime(value)).toBe(INVALID_DATE_TEXT);
    }
  });
});

describe('formatDate', () => {
  it('drops the time', () => {
    expect(formatDate(new Date('2026-12-31T16:00:00Z'))).toBe('31.12.2026');
    expect(formatDate('2026-03-12T10:00:00.000Z')).toBe('12.03.2026');
  });

  it('dates a record of 00:30 in Kyiv that day, whatever zone the browser is in', () => {
    expect(formatDate('2026-07-01T21:30:00Z')).toBe('02.07.2026');
    expect(formatDateTime('2026-07-01T21:30:00Z')).toBe('02.07.2026 00:30');
  });
});

describe('numbers, phones and accounts (issue 23)', () => {
  it('writes hours and other plain numbers with a decimal comma', () => {
    expect(formatHours(7.7)).toBe('7,7 год');
    expect(formatHours(8)).toBe('8 год');
    expect(formatQuantity(2.5)).toBe('2,5');
    expect(formatQuantity('33.6897', 4)).toBe('33,6897');
  });

  it('shows phones and IBANs as people read them', () => {
    expect(formatPhone('380501234567')).toBe('+380 50 123 45 67');
    expect(formatPhone('0352 52-12-34')).toBe('0352 52-12-34');
    expect(formatIban('UA213223130000026007233566001')).toBe(
      'UA21 3223 1300 0002 6007 2335 6600 1',
    );
  });
});
