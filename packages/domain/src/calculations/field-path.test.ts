import { describe, expect, it } from 'vitest';
import { pathsOf } from '../common/schema-issues';
import { calculateOnlineInputSchema } from './calculation-calls.schema';
import {
  WORKED_EXAMPLE_CONTENT as WORKED_CONTENT,
  WORKED_EXAMPLE_STAFF_LINES,
} from './worked-example';
import { fieldPath, parseFieldPath, placeInService, type FieldPlace } from './field-path';

describe('fieldPath and parseFieldPath', () => {
  const places: [FieldPlace, string][] = [
    [{ kind: 'order', field: 'name' }, 'name'],
    [{ kind: 'order', field: 'priceRounding' }, 'priceRounding'],
    [{ kind: 'order', field: 'calculations' }, 'calculations'],
    [{ kind: 'institution' }, 'companyInfo'],
    [
      { kind: 'institution', field: 'medical_staff_salary_fund' },
      'companyInfo.medical_staff_salary_fund',
    ],
    [{ kind: 'category', category: '__proto__' }, 'calculations.__proto__'],
    [{ kind: 'service', category: 'УЗД', index: 0 }, 'calculations.УЗД.0'],
    [{ kind: 'service', category: 'УЗД', index: 12, key: 'id' }, 'calculations.УЗД.12.id'],
    [{ kind: 'service', category: 'УЗД', index: 1, key: 'name' }, 'calculations.УЗД.1.name'],
    [
      { kind: 'service', category: 'УЗД', index: 0, key: 'calculation' },
      'calculations.УЗД.0.calculation',
    ],
    [
      { kind: 'service', category: 'УЗД', index: 0, key: 'bonus' },
      'calculations.УЗД.0.calculation.bonus',
    ],
    [
      { kind: 'service', category: 'УЗД', index: 0, key: 'vat' },
      'calculations.УЗД.0.calculation.vat',
    ],
    [
      { kind: 'service', category: 'УЗД', index: 0, key: 'stuff' },
      'calculations.УЗД.0.calculation.stuff',
    ],
    [
      { kind: 'line', category: 'УЗД', index: 0, section: 'stuff', line: 1 },
      'calculations.УЗД.0.calculation.stuff.1',
    ],
    [
      { kind: 'line', category: 'УЗД', index: 0, section: 'stuff', line: 1, field: 'timeSpend' },
      'calculations.УЗД.0.calculation.stuff.1.timeSpend',
    ],
    [
      {
        kind: 'line',
        category: 'УЗД',
        index: 2,
        section: 'stuff',
        line: 0,
        field: 'quality',
        part: 'id',
      },
      'calculations.УЗД.2.calculation.stuff.0.quality.id',
    ],
    [
      { kind: 'line', category: 'Аналізи', index: 3, section: 'pills', line: 4, field: 'price' },
      'calculations.Аналізи.3.calculation.pills.4.price',
    ],
    [
      {
        kind: 'line',
        category: 'Аналізи',
        index: 0,
        section: 'pills',
        line: 0,
        field: 'measurement_type',
      },
      'calculations.Аналізи.0.calculation.pills.0.measurement_type',
    ],
    // A category name may hold dots, spaces and digits.
    [
      { kind: 'service', category: 'Лаб. 2.0', index: 0, key: 'name' },
      'calculations.Лаб. 2.0.0.name',
    ],
    [
      { kind: 'line', category: 'A.B', index: 7, section: 'pills', line: 0, field: 'spend' },
      'calculations.A.B.7.calculation.pills.0.spend',
    ],
  ];

  it.each(places)('writes %j as its path and reads it back', (place, path) => {
    expect(fieldPath(place)).toBe(path);
    expect(parseFieldPath(path)).toEqual(place);
  });

  it.each([
    '',
    'nonsense',
    'companyInfo.',
    'calculations.',
    'stuff.1.timeSpend',
    'calculations.УЗД.0.bogus',
    'calculations.УЗД.0.calculation.bogus',
    'calculations.УЗД.0.calculation.stuff.x',
    'calculations.УЗД.0.calculation.stuff.01.timeSpend',
    'calculations.УЗД.0.calculation.stuff.1.price',
    'calculations.УЗД.0.calculation.pills.1.quality',
    'calculations.УЗД.0.calculation.bonus.x',
  ])('answers null for a path the payload cannot have: %j', (path) => {
    expect(parseFieldPath(path)).toBeNull();
  });

  it('reads the paths zod gives the payload’s issues', () => {
    const result = calculateOnlineInputSchema.safeParse({
      calculations: {
        УЗД: [
          {
            id: 1,
            name: '',
            calculation: {
              ...WORKED_CONTENT,
              stuff: [{ ...WORKED_EXAMPLE_STAFF_LINES[0], timeSpend: 1.5 }],
            },
          },
        ],
      },
    });
    const paths = pathsOf(result);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(parseFieldPath(path)).not.toBeNull();
    expect(paths.map((path) => parseFieldPath(path)?.kind).sort()).toEqual(['line', 'service']);
  });
});

describe('placeInService', () => {
  it.each(['stuff.0.quality', 'pills.3', 'profit', 'stuff'])(
    'places %j under the service, as its full path reads',
    (contentPath) => {
      const place = placeInService({ category: 'УЗД', index: 2 }, contentPath);
      expect(place).not.toBeNull();
      expect(place).toEqual(parseFieldPath(`calculations.УЗД.2.calculation.${contentPath}`));
    },
  );

  it('answers null for what a service’s content does not have (an institution field)', () => {
    expect(placeInService({ category: 'УЗД', index: 0 }, 'medical_staff_salary_fund')).toBeNull();
  });
});
