import { describe, expect, it } from 'vitest';
import { pathsOf } from '../common/schema-issues';
import {
  calculateOnlineInputSchema,
  saveCalculationsInputSchema,
} from './calculation-calls.schema';
import { newPillLine, newStuffLine } from './calculation.schema';

const service = (stuff: unknown[], pills: unknown[] = [newPillLine()]) => ({
  id: 1,
  name: 'УЗД',
  calculation: { bonus: 0, profit: 0, stuff, pills },
});

describe('calculations of save, calculate and calculate-online', () => {
  it('keeps the full path of every bad value, an aborting one (a fractional minute) included', () => {
    const calculations = {
      УЗД: [
        service(
          [
            { ...newStuffLine(), timeSpend: 12.5 },
            { ...newStuffLine(), timeSpend: -1, workingDay: 7.25 },
          ],
          [{ ...newPillLine(), spend: 0.0005 }],
        ),
      ],
    };
    const result = saveCalculationsInputSchema.safeParse({
      identifier: 'abcdefgh12345678',
      name: 'Замовлення',
      calculations: JSON.stringify(calculations),
      companyInfo: '{}',
    });
    expect(pathsOf(result).sort()).toEqual(
      [
        'calculations.УЗД.0.calculation.stuff.0.timeSpend',
        'calculations.УЗД.0.calculation.stuff.1.timeSpend',
        'calculations.УЗД.0.calculation.stuff.1.workingDay',
        'calculations.УЗД.0.calculation.pills.0.spend',
      ].sort(),
    );
  });

  it('keeps the path in the list form too', () => {
    const result = calculateOnlineInputSchema.safeParse({
      calculations: [
        { category: 'А', calculations: [service([{ ...newStuffLine(), timeSpend: 0.5 }])] },
      ],
    });
    expect(pathsOf(result)).toEqual([
      'calculations.0.calculations.0.calculation.stuff.0.timeSpend',
    ]);
  });

  it('groups the list form by category, in order', () => {
    const parsed = calculateOnlineInputSchema.parse({
      calculations: [
        { category: 'Б', calculations: [service([])] },
        { category: 'А', calculations: [] },
        { category: 'Б', calculations: [{ ...service([]), id: 2 }] },
      ],
    });
    expect(Object.keys(parsed.calculations)).toEqual(['Б', 'А']);
    expect(parsed.calculations.Б?.map((s) => s.id)).toEqual([1, 2]);
  });

  it('answers malformed JSON and a value of neither form under the field itself', () => {
    expect(pathsOf(calculateOnlineInputSchema.safeParse({ calculations: '[' }))).toEqual([
      'calculations',
    ]);
    expect(pathsOf(calculateOnlineInputSchema.safeParse({ calculations: 5 }))).toEqual([
      'calculations',
    ]);
  });
});
