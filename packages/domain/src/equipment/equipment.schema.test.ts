import { describe, expect, it } from 'vitest';
import { equipmentLineSchema } from '../calculations/calculation.schema';
import { WORKED_EXAMPLE_EQUIPMENT_LINES } from '../calculations/worked-example';
import { issuesByPath, type PathIssue } from '../common/issue-paths';
import {
  EQUIPMENT_MESSAGES,
  MAX_HOURS_PER_YEAR,
  MAX_USEFUL_LIFE_YEARS,
  equipmentInputSchema,
} from './equipment.schema';

const SCANNER = {
  name: 'Ультразвуковий сканер',
  inventoryNumber: '101470001',
  firstCost: '1 200 000,00',
  residualValue: '',
  usefulLifeYears: '5',
  hoursPerYear: '1 940,4',
};

/** The field → messages of a refused body. */
const errorsOf = (result: { error?: { issues: readonly PathIssue[] } }) =>
  issuesByPath(result.error?.issues ?? []);

describe('equipmentInputSchema (the register’s body, issue 38)', () => {
  it('reads what the form types: spaces, commas, a blank residual value as 0', () => {
    expect(equipmentInputSchema.parse(SCANNER)).toEqual({
      name: 'Ультразвуковий сканер',
      inventoryNumber: '101470001',
      firstCost: 1_200_000,
      residualValue: 0,
      usefulLifeYears: 5,
      hoursPerYear: 1940.4,
    });
    expect(
      equipmentInputSchema.parse({ ...SCANNER, inventoryNumber: undefined }).inventoryNumber,
    ).toBe('');
  });

  it.each([
    ['firstCost', '0', EQUIPMENT_MESSAGES.firstCostPositive],
    ['usefulLifeYears', '0', EQUIPMENT_MESSAGES.lifeYears],
    ['usefulLifeYears', String(MAX_USEFUL_LIFE_YEARS + 1), EQUIPMENT_MESSAGES.lifeYears],
    ['usefulLifeYears', '2,5', EQUIPMENT_MESSAGES.lifeYears],
    ['hoursPerYear', '0', EQUIPMENT_MESSAGES.hoursPerYear],
    ['hoursPerYear', String(MAX_HOURS_PER_YEAR + 1), EQUIPMENT_MESSAGES.hoursPerYear],
    ['hoursPerYear', '1940,123', EQUIPMENT_MESSAGES.hoursDecimals],
    ['residualValue', '1 200 000', EQUIPMENT_MESSAGES.residual],
  ])('refuses %s = %s with its Ukrainian message', (field, value, message) => {
    const errors = errorsOf(equipmentInputSchema.safeParse({ ...SCANNER, [field]: value }));
    expect(errors).toEqual({ [field]: [message] });
  });

  it('accepts the bounds themselves', () => {
    const bounds = { ...SCANNER, usefulLifeYears: '50', hoursPerYear: String(MAX_HOURS_PER_YEAR) };
    expect(equipmentInputSchema.safeParse(bounds).success).toBe(true);
    expect(
      equipmentInputSchema.safeParse({ ...SCANNER, residualValue: '1 199 999,99' }).success,
    ).toBe(true);
  });

  it('refuses a blank name and a negative cost', () => {
    const errors = errorsOf(
      equipmentInputSchema.safeParse({ ...SCANNER, name: ' ', firstCost: '-1' }),
    );
    expect(Object.keys(errors).sort()).toEqual(['firstCost', 'name']);
  });
});

describe('equipmentLineSchema (a wizard line)', () => {
  it('accepts the worked example’s lines and refuses S ≥ V under the residual value', () => {
    for (const line of WORKED_EXAMPLE_EQUIPMENT_LINES)
      expect(equipmentLineSchema.parse(line)).toEqual(line);
    const [scanner] = WORKED_EXAMPLE_EQUIPMENT_LINES;
    expect(
      errorsOf(equipmentLineSchema.safeParse({ ...scanner, residualValue: scanner.firstCost })),
    ).toEqual({ residualValue: [EQUIPMENT_MESSAGES.residual] });
    expect(errorsOf(equipmentLineSchema.safeParse({ ...scanner, minutes: 1.5 }))).toEqual({
      minutes: ['Поле «Час використання, хв» має бути цілим числом.'],
    });
  });
});
