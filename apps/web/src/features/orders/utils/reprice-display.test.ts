import { describe, expect, it } from 'vitest';

import {
  beforeAfterText,
  deltaTone,
  formatSignedMoney,
  formatSignedPercent,
  isWarningChange,
} from './reprice-display';

describe('reprice display', () => {
  it('writes Δ with its sign in uk-UA', () => {
    expect(formatSignedMoney('1234.5')).toBe('+1\u00a0234,50');
    expect(formatSignedMoney('-115.00')).toBe('\u2212115,00');
    expect(formatSignedMoney('0.00')).toBe('0,00');
    expect(formatSignedMoney('-0.001')).toBe('0,00');
    expect(formatSignedMoney(null)).toBe('—');
    expect(formatSignedPercent('2.74')).toBe('+2,74 %');
    expect(formatSignedPercent('-8.33')).toBe('\u22128,33 %');
    expect(formatSignedPercent(null)).toBe('—');
  });

  it('colours a tariff going down green and up red', () => {
    expect(deltaTone('-1.00')).toBe('success');
    expect(deltaTone('1.00')).toBe('danger');
    expect(deltaTone('0.00')).toBeUndefined();
    expect(deltaTone(null)).toBeUndefined();
  });

  it('writes before → after, a missing side as a dash', () => {
    expect(beforeAfterText('243.34', '250.00')).toBe('243,34 → 250,00');
    expect(beforeAfterText(undefined, '250.00')).toBe('— → 250,00');
  });

  it('takes what the re-pricing could not update for warnings', () => {
    expect(isWarningChange({ kind: 'missing-staff', text: '', services: [] })).toBe(true);
    expect(isWarningChange({ kind: 'missing-material', text: '', services: [] })).toBe(true);
    expect(isWarningChange({ kind: 'salary', text: '', services: [] })).toBe(false);
  });
});
