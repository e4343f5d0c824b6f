import type { EquipmentLine } from '@medcalc/domain';
import { describe, expect, it } from 'vitest';

import { PRINTER_LINE, SCANNER_LINE } from '@/testing/equipment';

import {
  equipmentLineCostOrNull,
  equipmentMinutesWarning,
  equipmentTotalOrNull,
} from './equipment-line-cost';

/** The worked example's two lines (docs/methodology.md "Equipment depreciation"), 20 minutes each. */
const scanner = (minutes: unknown): EquipmentLine =>
  ({ ...SCANNER_LINE, minutes }) as EquipmentLine;

describe('equipment line costs in step 3 (issue 38)', () => {
  it('costs the worked example’s lines to the kopeck, and their total D', () => {
    expect(equipmentLineCostOrNull(scanner(20))?.toFixed(2)).toBe('41.23');
    expect(equipmentLineCostOrNull(PRINTER_LINE)?.toFixed(2)).toBe('0.89');
    expect(equipmentTotalOrNull([scanner(20), PRINTER_LINE])?.toFixed(2)).toBe('42.12');
    expect(equipmentTotalOrNull([])?.toFixed(2)).toBe('0.00');
  });

  it('has no cost while the minutes are not valid, and neither has the total', () => {
    for (const bad of [null, '20x', -1, 2.5]) {
      expect(equipmentLineCostOrNull(scanner(bad))).toBeNull();
      expect(equipmentTotalOrNull([PRINTER_LINE, scanner(bad)])).toBeNull();
    }
  });

  it('warns of 0 minutes only', () => {
    expect(equipmentMinutesWarning(0)).toMatch(/0 хв/);
    expect(equipmentMinutesWarning(20)).toBeUndefined();
    expect(equipmentMinutesWarning(null)).toBeUndefined();
  });
});
