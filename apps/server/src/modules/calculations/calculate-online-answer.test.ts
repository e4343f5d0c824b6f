import fc from 'fast-check';
import {
  WORKED_EXAMPLE_COMPANY_INFO,
  computeOrderCosts,
  type ProfitabilityResult,
} from '@medcalc/domain';
import { describe, expect, it } from 'vitest';
import { benchServices } from '../../../bench/cost-workload';
import {
  calculateOnlineAnswerBytes,
  profitabilityService,
  writeCalculateOnlineAnswer,
} from './calculate-online-answer';

// Issue 21: calculate-online writes its answer's UTF-8 bytes itself; they must be exactly what the route wrote
// before, `JSON.stringify` of the answer encoded as UTF-8, whatever the names (any code point, quotes, controls,
// emoji, lone surrogates).

/** Real costings of the engine (with and without VAT price rows) for the services the answers are made of. */
const costings = [
  ...computeOrderCosts(WORKED_EXAMPLE_COMPANY_INFO, benchServices(6, 2, 3, 7)),
  ...computeOrderCosts(
    WORKED_EXAMPLE_COMPANY_INFO,
    benchServices(6, 3, 2, 9).map((content) => ({ ...content, vat: 'vat20' as const })),
    '0.50',
  ),
];

const text = fc.oneof(
  fc.string({ unit: 'grapheme' }),
  fc.string({
    unit: fc.constantFrom(
      'Л',
      'і',
      'ї',
      'є',
      '"',
      '\\',
      '\n',
      '\u0001',
      '€',
      '😀',
      'é',
      '\ud800',
      '\udfff',
    ),
  }),
  fc.string({ unit: 'binary' }),
);

const answer: fc.Arbitrary<ProfitabilityResult> = fc
  .array(
    fc.record({
      category: text,
      calculations: fc.array(
        fc.record({
          id: fc.integer({ min: 1, max: 2_147_483_647 }),
          name: text,
          costing: fc.constantFrom(...costings),
        }),
        { maxLength: 4 },
      ),
    }),
    { maxLength: 4 },
  )
  .map((groups) =>
    groups.map(({ category, calculations }) => ({
      category,
      calculations: calculations.map(({ id, name, costing }) =>
        profitabilityService(id, name, costing),
      ),
    })),
  );

/** The bytes the route wrote before: JSON.stringify, encoded as UTF-8 by Node. */
const before = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');

describe('calculateOnlineAnswerBytes', () => {
  it('writes the same bytes as JSON.stringify encoded as UTF-8', () => {
    fc.assert(
      fc.property(answer, (result) => {
        expect(calculateOnlineAnswerBytes(result).equals(before(result))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('writes the same bytes for an order of 1,000 services with Cyrillic names', () => {
    const services = benchServices(1000, 10, 20);
    const costs = computeOrderCosts(WORKED_EXAMPLE_COMPANY_INFO, services);
    const result: ProfitabilityResult = Array.from({ length: 10 }, (_, group) => ({
      category: `Категорія ${group + 1}`,
      calculations: costs
        .filter((_, index) => index % 10 === group)
        .map((costing, index) =>
          profitabilityService(
            index * 10 + group + 1,
            `Послуга «${index}» — ЇЄІ ${'ґ'.repeat(index % 7)}`,
            costing,
          ),
        ),
    }));
    expect(calculateOnlineAnswerBytes(result).equals(before(result))).toBe(true);
  });

  it('writes the plain way when a text it does not rewrite holds a character above U+00FF', () => {
    const [costing] = costings;
    if (!costing) throw new Error('setup');
    const odd = { ...costing, rates: { ...costing.rates, leavePercent: '8 ‰' } };
    const result: ProfitabilityResult = [
      {
        category: 'Категорія',
        calculations: [profitabilityService(1, 'Послуга', odd)],
      },
    ];
    expect(calculateOnlineAnswerBytes(result).equals(before(result))).toBe(true);
  });

  it('writes error answers and anything that is not the list as JSON.stringify does', () => {
    const error = {
      message: 'Некоректні дані.',
      errors: { 'calculations.УЗД.0.name': ['Вкажіть назву.'] },
    };
    expect(writeCalculateOnlineAnswer(error)).toBe(JSON.stringify(error));
    expect(writeCalculateOnlineAnswer(null)).toBe('null');
  });
});
