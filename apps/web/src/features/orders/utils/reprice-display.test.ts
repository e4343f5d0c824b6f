import { describe, expect, it } from 'vitest';

import { beforeAfterText, deltaTone, isWarningChange } from './reprice-display';

describe('reprice display', () => {
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
    // Issue 38: a deleted register row is a warning too; a changed one is not.
    expect(isWarningChange({ kind: 'missing-equipment', text: '', services: [] })).toBe(true);
    expect(isWarningChange({ kind: 'equipment', text: '', services: [] })).toBe(false);
    expect(isWarningChange({ kind: 'salary', text: '', services: [] })).toBe(false);
  });
});
