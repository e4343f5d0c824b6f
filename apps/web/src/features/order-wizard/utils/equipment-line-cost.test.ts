import type { EquipmentLine } from '@medcalc/domain';
import { describe, expect, it } from 'vitest';

import {
  equipmentLineCostOrNull,
  equipmentMinutesWarning,
  equipmentTotalOrNull,
} from './equipment-line-cost';

/** The worked example's two lines (docs/methodology.md "Equipment depreciation"), 20 minutes each. */
const scanner = (minutes: unknown): EquipmentLine =>
  ({
    id: 7,
    name: 'Ультразвуковий сканер',
    firstCost: 1200000,
    residualValue: 0,
    usefulLifeYears: 5,
    hoursPerYear: 1940.4,
    minutes,
  }) as EquipmentLine;
const printer: EquipmentLine = {
  id: 8,
  name: 'Принтер для УЗД-знімків',
  firstCost: 18000,
  residualValue: 2000,
  usefulLifeYears: 4,
  hoursPerYear: 1500,
  minutes: 20,
};

describe('equipment line costs in step 3 (issue 38)', () => {
  it('costs the worked example’s lines to the kopeck, and their total D', () => {
    expect(equipmentLineCostOrNull(scanner(20))?.toFixed(2)).toBe('41.23');
    expect(equipmentLineCostOrNull(printer)?.toFixed(2)).toBe('0.89');
    expect(equipmentTotalOrNull([scanner(20), printer])?.toFixed(2)).toBe('42.12');
    expect(equipmentTotalOrNull([])?.toFixed(2)).toBe('0.00');
  });

  it('has no cost while the minutes are not valid, and neither has the total', () => {
    for (const bad of [null, '20x', -1, 2.5]) {
      expect(equipmentLineCostOrNull(scanner(bad))).toBeNull();
      expect(equipmentTotalOrNull([printer, scanner(bad)])).toBeNull();
    }
  });

  it('warns of 0 minutes only', () => {
    expect(equipmentMinutesWarning(0)).toMatch(/0 хв/);
    expect(equipmentMinutesWarning(20)).toBeUndefined();
    expect(equipmentMinutesWarning(null)).toBeUndefined();
  });
});
