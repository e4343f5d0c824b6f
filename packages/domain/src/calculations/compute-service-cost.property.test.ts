import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT } from '../common/fields';
import {
  AREA_FIELDS,
  EXPENSE_FIELDS,
  MAX_INFO_AMOUNT,
  companyInfoSchema,
  emptyCompanyInfo,
  type CompanyInfo,
} from '../company/company-info.schema';
import { computeBedDayCosts } from './bed-day-costs';
import {
  MAX_PERCENT,
  MAX_SPEND,
  MAX_TIME_SPEND,
  WORKING_DAY_HOURS,
  calculationContentSchema,
  type CalculationContent,
  type EquipmentLine,
  type PillLine,
  type StuffLine,
} from './calculation.schema';
import { MAX_HOURS_PER_YEAR, MAX_USEFUL_LIFE_YEARS } from '../equipment/equipment.schema';
import { computeOrderCosts, computeServiceCost } from './compute-service-cost';
import { referenceServiceCost } from './compute-service-cost-reference';
import { exactServiceCost, fastServiceCost, prepareInstitution } from './cost-engine';
import type { ServiceCost } from './cost-model';
import { computeServicePrice } from './pricing';

/** The reference's калькуляція with the price rows the engine attaches (exempt unless the content says, unrounded). */
const pricedReference = (info: CompanyInfo, content: CalculationContent): ServiceCost => {
  const cost = referenceServiceCost(info, content);
  return { ...cost, price: computeServicePrice(cost.summaryWithProfit, content.vat) };
};

/*
 * Property tests of the cost engine (docs/methodology.md "Formulas", "Exact arithmetic"). Inputs are generated from
 * the schemas' own bounds (MAX_AMOUNT, MAX_TIME_SPEND, MAX_PERCENT, MAX_SPEND, MAX_INFO_AMOUNT, the working-day
 * list) as two-decimal amounts, whole minutes and units, so every generated value is one the API accepts.
 */

/** A two-decimal amount 0…max, generated as whole kopecks (fast-check favours 0, small values and the bound). */
const amount = (max: number) =>
  fc.integer({ min: 0, max: Math.round(max * 100) }).map((k) => k / 100);
const count = (max: number) => fc.integer({ min: 0, max });
/** A material's price per unit: up to four decimals (issue 33), so 2.375 and 0.0125 come up as well as kopecks. */
const unitPrice = (max: number) =>
  fc.integer({ min: 0, max: max * 10_000 }).map((tenThousandths) => tenThousandths / 10_000);
/** A material's spend: up to three decimals (issue 23), so 2.5 and 0.02 come up as well as whole units. */
const quantity = (max: number) =>
  fc.integer({ min: 0, max: max * 1000 }).map((thousandths) => thousandths / 1000);
const orNull = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null, freq: 5 });

/** Every money amount and area of the institution data (UAH per year, m²), in the schema's order. */
const INFO_AMOUNT_FIELDS = [
  ...EXPENSE_FIELDS,
  'actual_amount_for_leave_payment',
  ...AREA_FIELDS,
] as const;

/** Institution data from `amountOf` per field, the ЄСВ and overhead percents 0–100, beds whole. */
const institutionArbitrary = (amountOf: fc.Arbitrary<number>): fc.Arbitrary<CompanyInfo> =>
  fc
    .record({
      amounts: fc.tuple(...INFO_AMOUNT_FIELDS.map(() => orNull(amountOf))),
      rate: orNull(amount(100)),
      beds: orNull(count(2000)),
      method: fc.constantFrom('computed' as const, 'fixed' as const),
      percent: orNull(amount(100)),
      base: fc.constantFrom('labour' as const, 'payroll' as const),
    })
    .map(({ amounts, rate, beds, method, percent, base }) => ({
      ...emptyCompanyInfo(),
      ...Object.fromEntries(INFO_AMOUNT_FIELDS.map((field, index) => [field, amounts[index]])),
      unified_social_security_contribution_rate: rate,
      total_number_of_beds: beds,
      overhead_method: method,
      overhead_percent: percent,
      overhead_base: base,
    }));

interface ContentBounds {
  salary: fc.Arbitrary<number>;
  minutes: fc.Arbitrary<number>;
  percent: fc.Arbitrary<number>;
  price: fc.Arbitrary<number>;
  spend: fc.Arbitrary<number>;
  /** An equipment line's first cost V (> 0; S is drawn below it). */
  equipmentCost: fc.Arbitrary<number>;
  /** T, planned hours a year (> 0, two decimals). */
  hoursPerYear: fc.Arbitrary<number>;
  lines: number;
}

/** T in hundredths of an hour, 0.01 … max. */
const hours = (max: number) =>
  fc.integer({ min: 1, max: max * 100 }).map((hundredths) => hundredths / 100);

const contentArbitrary = (bounds: ContentBounds): fc.Arbitrary<CalculationContent> => {
  const staff: fc.Arbitrary<StuffLine> = fc.record({
    quality: fc.constant({ id: 1, name: 'Лікар' }),
    salary: orNull(bounds.salary),
    timeSpend: bounds.minutes,
    conditionPercent: bounds.percent,
    workingDay: fc.constantFrom(...WORKING_DAY_HOURS),
  });
  const pill: fc.Arbitrary<PillLine> = fc.record({
    id: fc.constant(1),
    name: fc.constant('Матеріал'),
    price: bounds.price,
    spend: bounds.spend,
    measurement_type: fc.constant('шт'),
  });
  const equipment: fc.Arbitrary<EquipmentLine> = fc
    .record({
      firstCost: bounds.equipmentCost.filter((cost) => cost > 0),
      residualShare: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
      usefulLifeYears: fc.integer({ min: 1, max: MAX_USEFUL_LIFE_YEARS }),
      hoursPerYear: bounds.hoursPerYear,
      minutes: bounds.minutes,
    })
    .map(({ firstCost, residualShare, ...rest }) => {
      const cents = Math.round(firstCost * 100);
      return {
        id: 1,
        name: 'Апарат',
        firstCost,
        // S < V, whole kopecks: a share just under 1 of a large V rounds to V itself in floating point
        // (seed -1255954168 drew V = S = 661 269 062,45), so S is at most V less a kopeck.
        residualValue: Math.min(Math.floor(cents * residualShare), cents - 1) / 100,
        ...rest,
      };
    });
  return fc.record(
    {
      bonus: bounds.percent,
      profit: bounds.percent,
      stuff: fc.array(staff, { maxLength: bounds.lines }),
      pills: fc.array(pill, { maxLength: bounds.lines }),
      // Absent as often as not: what the spec's client sends and every calculation stored before issue 38.
      equipment: fc.array(equipment, { maxLength: bounds.lines }),
    },
    { requiredKeys: ['bonus', 'profit', 'stuff', 'pills'] },
  );
};

/** Everything the schemas accept, up to their bounds. */
const SCHEMA_BOUNDS: ContentBounds = {
  salary: amount(MAX_AMOUNT),
  minutes: count(MAX_TIME_SPEND),
  percent: amount(MAX_PERCENT),
  price: unitPrice(MAX_AMOUNT),
  spend: quantity(MAX_SPEND),
  equipmentCost: amount(MAX_AMOUNT),
  hoursPerYear: hours(MAX_HOURS_PER_YEAR),
  lines: 6,
};
const schemaInfo = institutionArbitrary(amount(MAX_INFO_AMOUNT));

/** What institutions enter: salaries to 100,000 UAH, an hour or two, prices to 5,000 UAH. */
const REALISTIC_BOUNDS: ContentBounds = {
  salary: amount(100_000),
  minutes: count(180),
  percent: amount(100),
  price: unitPrice(5_000),
  spend: quantity(100),
  equipmentCost: amount(5_000_000),
  hoursPerYear: hours(4_000),
  lines: 12,
};
const realisticInfo = institutionArbitrary(amount(50_000_000));

/** Small numbers, so exact half-kopeck ties (and the BigInt fallback for them) come up often. */
const TIE_BOUNDS: ContentBounds = {
  salary: amount(50),
  minutes: count(20),
  percent: fc.integer({ min: 0, max: 40 }).map((p) => p * 2.5),
  price: unitPrice(3),
  spend: quantity(12),
  equipmentCost: amount(40),
  hoursPerYear: fc.integer({ min: 1, max: 8 }).map((h) => h / 4),
  lines: 4,
};
/**
 * Coefficients that are fractions of small whole numbers: the only salary fund is the medical one (b UAH), so
 * k_leave = leave / b and, without areas, K = other direct / b; L × a / b is then an exact half kopeck for about
 * one L in b, and a / b is rarely a binary fraction, so its float value is off (in either direction).
 */
const tieInfo: fc.Arbitrary<CompanyInfo> = fc
  .record({
    rest: institutionArbitrary(fc.integer({ min: 0, max: 30 })),
    medicalFund: fc.integer({ min: 1, max: 60 }),
    leave: fc.integer({ min: 0, max: 60 }),
    otherDirect: fc.integer({ min: 0, max: 60 }),
    withAreas: fc.boolean(),
    rate: fc.integer({ min: 0, max: 40 }).map((r) => r * 2.5),
  })
  .map(({ rest, medicalFund, leave, otherDirect, withAreas, rate }) => ({
    ...rest,
    medical_staff_salary_fund: medicalFund,
    supply_staff_salary_fund: null,
    food_service_staff_salary_fund: null,
    general_staff_salary_fund: null,
    administrative_staff_salary_fund: null,
    actual_amount_for_leave_payment: leave,
    other_direct_expenses: otherDirect,
    unified_social_security_contribution_rate: rate,
    ...(withAreas
      ? {}
      : {
          medical_service_rooms_area: null,
          patient_bedwards_area: null,
          kitchen_and_canteen_area: null,
        }),
  }));

/** Money strings as exact kopecks. */
const kopecks = (money: string): bigint => BigInt(money.replace('.', ''));
const total = (values: readonly string[]): bigint =>
  values.reduce((sum, value) => sum + kopecks(value), 0n);

describe('the fast engine equals the decimal.js reference to the kopeck', () => {
  const cases = [
    ['realistic inputs', realisticInfo, REALISTIC_BOUNDS, 3000],
    ['inputs up to the schemas’ bounds', schemaInfo, SCHEMA_BOUNDS, 1500],
    ['small inputs full of exact half-kopeck ties', tieInfo, TIE_BOUNDS, 3000],
  ] as const;

  for (const [name, info, bounds, numRuns] of cases) {
    it(`computeServiceCost on ${name}`, () => {
      fc.assert(
        fc.property(info, contentArbitrary(bounds), (companyInfo, content) => {
          expect(computeServiceCost(companyInfo, content)).toEqual(
            pricedReference(companyInfo, content),
          );
        }),
        { numRuns },
      );
      // Thousands of runs take 2–3 s alone and over 6 s on a loaded 2-core machine: a correctness test, not a timing.
    }, 30_000);

    it(`the BigInt path alone on ${name}`, () => {
      fc.assert(
        fc.property(info, contentArbitrary(bounds), (companyInfo, content) => {
          const institution = prepareInstitution(companyInfo);
          expect(institution).not.toBeNull();
          if (institution === null) return;
          const reference = referenceServiceCost(companyInfo, content);
          expect(exactServiceCost(institution, content)).toEqual(reference);
          // The fast path either answers the same or hands the service on (amounts past 2^52 kopecks).
          const fast = fastServiceCost(institution, content);
          if (fast !== null) expect(fast).toEqual(reference);
        }),
        { numRuns: Math.round(numRuns / 3) },
      );
      // A third of the runs, each with the decimal.js reference too: 7.5 s under a loaded full `npm test`.
    }, 30_000);
  }

  it('rounds a staff line that is exactly half a kopeck up, for every working day', () => {
    // line = O × C × B × t / (1.26e10 × H10) kopecks (C, B: 100 % + c, b in hundredths). For a target of
    // (2n + 1) / 2 kopecks, O = (2n + 1) × 6.3e9 × H10 / (C × B × t) kopecks, an integer when the odd factor
    // (2n + 1) is a multiple of what C × B × t does not share with 6.3e9 × H10.
    const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
    fc.assert(
      fc.property(
        fc.constantFrom(...WORKING_DAY_HOURS),
        fc.constantFrom(0, 10, 12.5, 25, 33.33),
        fc.constantFrom(0, 15, 20, 7.5),
        fc.integer({ min: 1, max: 240 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (hours, condition, bonus, minutes, seed) => {
          const conditionFactor = BigInt(Math.round(condition * 100) + 10_000);
          const bonusFactor = BigInt(Math.round(bonus * 100) + 10_000);
          const perHalf = 6_300_000_000n * BigInt(Math.round(hours * 10));
          const divisor = conditionFactor * bonusFactor * BigInt(minutes);
          const step = divisor / gcd(divisor, perHalf);
          fc.pre(step % 2n === 1n);
          const odd = step * (2n * BigInt(seed) + 1n);
          const salaryKopecks = (odd * perHalf) / divisor;
          fc.pre(salaryKopecks <= BigInt(MAX_AMOUNT) * 100n);
          const content: CalculationContent = {
            bonus,
            profit: 0,
            stuff: [
              {
                quality: null,
                salary: Number(salaryKopecks) / 100,
                timeSpend: minutes,
                conditionPercent: condition,
                workingDay: hours,
              },
            ],
            pills: [],
          };
          const halfUp = (odd + 1n) / 2n; // (2m + 1) / 2 kopecks rounds up to m + 1
          const line = computeServiceCost(emptyCompanyInfo(), content).staffLines[0] ?? '';
          expect(kopecks(line)).toBe(halfUp);
          expect(line).toBe(referenceServiceCost(emptyCompanyInfo(), content).staffLines[0]);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('computeOrderCosts answers each service as computeServiceCost does, in order', () => {
    fc.assert(
      fc.property(
        realisticInfo,
        fc.array(contentArbitrary(REALISTIC_BOUNDS), { maxLength: 8 }),
        (companyInfo, contents) => {
          expect(computeOrderCosts(companyInfo, contents)).toEqual(
            contents.map((content) => pricedReference(companyInfo, content)),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers values outside the schemas exactly as the reference does (negative, three decimals, a price’s fifth)', () => {
    const odd: CalculationContent = {
      bonus: 12.345,
      profit: 10,
      stuff: [
        {
          quality: null,
          salary: -500,
          timeSpend: 10,
          conditionPercent: 0,
          workingDay: 8,
        },
        { quality: null, salary: 10_000.125, timeSpend: 7, conditionPercent: 0, workingDay: 7.75 },
      ],
      pills: [{ id: 1, name: 'x', price: 0.12345, spend: 3, measurement_type: 'шт' }],
    };
    const info: CompanyInfo = { ...emptyCompanyInfo(), actual_amount_for_leave_payment: 1.005 };
    expect(computeServiceCost(info, odd)).toEqual(pricedReference(info, odd));
    expect(computeServiceCost(emptyCompanyInfo(), odd)).toEqual(
      pricedReference(emptyCompanyInfo(), odd),
    );
  });
});

describe('the rows always add up', () => {
  const addsUp = (cost: ServiceCost) => {
    expect(kopecks(cost.labour)).toBe(total(cost.staffLines));
    expect(kopecks(cost.materials)).toBe(total(cost.materialLines));
    expect(kopecks(cost.depreciation)).toBe(total(cost.equipmentLines));
    expect(kopecks(cost.summary)).toBe(
      total([
        cost.labour,
        cost.additionalLabour,
        cost.esv,
        cost.materials,
        cost.depreciation,
        cost.overhead,
      ]),
    );
    expect(kopecks(cost.summaryWithProfit)).toBe(kopecks(cost.summary) + kopecks(cost.profit));
  };

  it('L = Σ staff lines, M = Σ material lines, D = Σ equipment lines, C = L + A + E + M + D + OH, tariff = C + P', () => {
    fc.assert(
      fc.property(realisticInfo, contentArbitrary(REALISTIC_BOUNDS), (info, content) => {
        addsUp(computeServiceCost(info, content));
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(schemaInfo, contentArbitrary(SCHEMA_BOUNDS), (info, content) => {
        addsUp(computeServiceCost(info, content));
      }),
      { numRuns: 500 },
    );
  });
});

describe('no NaN, Infinity or throw for anything the schemas accept', () => {
  const MONEY = /^\d+\.\d{2}$/;
  const RATE = /^\d+\.\d{4}$/;

  it('answers every row as a non-negative two-decimal amount, up to the schemas’ bounds', () => {
    fc.assert(
      fc.property(schemaInfo, contentArbitrary(SCHEMA_BOUNDS), (info, content) => {
        // The generated values are ones the API accepts.
        expect(companyInfoSchema.safeParse(info).success).toBe(true);
        expect(calculationContentSchema.safeParse(content).success).toBe(true);
        const cost = computeServiceCost(info, content);
        for (const money of [
          ...cost.staffLines,
          ...cost.materialLines,
          cost.labour,
          cost.additionalLabour,
          cost.esv,
          cost.materials,
          cost.overhead,
          cost.summary,
          cost.profit,
          cost.summaryWithProfit,
        ]) {
          expect(money).toMatch(MONEY);
        }
        expect(cost.rates.leavePercent).toMatch(RATE);
        expect(cost.rates.esvPercent).toMatch(RATE);
        expect(cost.rates.overheadPercent).toMatch(RATE);
        const bedDays = computeBedDayCosts(info);
        for (const money of [bedDays.stayPerYear, bedDays.foodPerYear])
          expect(money).toMatch(MONEY);
        for (const money of [bedDays.stayPerBedDay, bedDays.foodPerBedDay]) {
          if (money !== null) expect(money).toMatch(MONEY);
        }
        expect(Number.isSafeInteger(bedDays.bedDays)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

/*
 * Monotonicity. The cost C = L + A + E + M + OH is built from non-negative factors, and half-up rounding is
 * monotone, so C never falls when an input that only enlarges a factor grows:
 *   salary, minutes, conditions %, bonus % → the staff line → L, and A, E, OH grow with L;
 *   price, spend → M; leave pay → k_leave → A (and E, and OH on a payroll base);
 *   the ЄСВ rate → E, and the pool (general and administrative funds are taken with ЄСВ) → K;
 *   operational, depreciation, other general/administrative, advertising, other direct expenses → pool → K;
 *   medical rooms area → share_med = mA / (mA + bed-wards + kitchen) → K; a fixed overhead percent → OH.
 * Some inputs are denominators, so growing them never RAISES the cost (while the denominator was already
 * positive: a zero denominator makes its coefficient 0 by convention, and the first amount entered then raises it):
 *   the working-day length H (per-minute cost = salary / (21 × 60 × H));
 *   the medical staff fund (denominator of k_leave AND of K);
 *   the ward and food-service staff funds (only in k_leave's denominator);
 *   the bed-ward and kitchen areas (in share_med's denominator).
 * The general and administrative salary funds are neither: they raise the pool (K) and lower k_leave.
 */
describe('the cost never falls when an input grows (and never rises when a denominator grows)', () => {
  type Direction = 'up' | 'down';
  interface Growth {
    name: string;
    direction: Direction;
    grow: (
      info: CompanyInfo,
      content: CalculationContent,
      step: number,
    ) => [CompanyInfo, CalculationContent];
    /** Whether the growth keeps the rule (a denominator must already be positive). */
    applies?: (info: CompanyInfo, content: CalculationContent) => boolean;
  }

  const plus = (value: number | null | undefined, step: number) =>
    Math.round((value ?? 0) * 100 + step) / 100;
  /** `lines` with the first one changed (the growths below change a service's first staff or material line). */
  const firstChanged = <T>(lines: readonly T[], change: (line: T) => T): T[] =>
    lines.map((line, i) => (i === 0 ? change(line) : line));
  const infoField =
    (field: keyof CompanyInfo & (typeof INFO_AMOUNT_FIELDS)[number], direction: Direction) =>
    (): Growth => ({
      name: field,
      direction,
      grow: (info, content, step) => [{ ...info, [field]: plus(info[field], step) }, content],
    });
  /** A growth of the service's first staff line (`stuff`) or of its first material line (`pills`). */
  const lineField =
    <K extends 'stuff' | 'pills'>(lines: K) =>
    (
      name: string,
      change: (line: CalculationContent[K][number], step: number) => CalculationContent[K][number],
    ): Growth => ({
      name,
      direction: 'up',
      grow: (info, content, step) => [
        info,
        {
          ...content,
          [lines]: firstChanged<CalculationContent[K][number]>(content[lines], (l) =>
            change(l, step),
          ),
        },
      ],
    });
  const staffField = lineField('stuff');
  const pillField = lineField('pills');
  const fundsTotal = (info: CompanyInfo) =>
    (info.medical_staff_salary_fund ?? 0) +
    (info.supply_staff_salary_fund ?? 0) +
    (info.food_service_staff_salary_fund ?? 0) +
    (info.general_staff_salary_fund ?? 0) +
    (info.administrative_staff_salary_fund ?? 0);

  const growths: Growth[] = [
    staffField('salary', (l, step) => ({ ...l, salary: plus(l.salary, step) })),
    staffField('minutes', (l, step) => ({
      ...l,
      timeSpend: l.timeSpend + Math.ceil(step / 100),
    })),
    staffField('conditions %', (l, step) => ({
      ...l,
      conditionPercent: plus(l.conditionPercent, step),
    })),
    {
      name: 'bonus %',
      direction: 'up',
      grow: (info, content, step) => [info, { ...content, bonus: plus(content.bonus, step) }],
    },
    pillField('price', (l, step) => ({ ...l, price: plus(l.price, step) })),
    pillField('spend', (l, step) => ({ ...l, spend: l.spend + Math.ceil(step / 100) })),
    infoField('actual_amount_for_leave_payment', 'up')(),
    {
      name: 'ЄСВ rate',
      direction: 'up',
      grow: (info, content, step) => [
        {
          ...info,
          unified_social_security_contribution_rate: Math.min(
            100,
            plus(info.unified_social_security_contribution_rate, step),
          ),
        },
        content,
      ],
    },
    infoField('operational_expenses', 'up')(),
    infoField('general_depreciation', 'up')(),
    infoField('other_general_expenses', 'up')(),
    infoField('other_administrative_expenses', 'up')(),
    infoField('advertising_material_creation_and_placement_budget', 'up')(),
    infoField('other_direct_expenses', 'up')(),
    infoField('medical_service_rooms_area', 'up')(),
    {
      name: 'fixed overhead percent',
      direction: 'up',
      grow: (info, content, step) => [
        { ...info, overhead_percent: Math.min(100, plus(info.overhead_percent, step)) },
        content,
      ],
    },
    {
      name: 'working-day length',
      direction: 'down',
      grow: (info, content, step) => [
        info,
        {
          ...content,
          stuff: firstChanged(content.stuff, (l) => ({
            ...l,
            workingDay:
              WORKING_DAY_HOURS.find((h) => h > l.workingDay + (step % 3)) ??
              WORKING_DAY_HOURS[WORKING_DAY_HOURS.length - 1] ??
              l.workingDay,
          })),
        },
      ],
    },
    {
      ...infoField('medical_staff_salary_fund', 'down')(),
      applies: (info) => (info.medical_staff_salary_fund ?? 0) > 0,
    },
    { ...infoField('supply_staff_salary_fund', 'down')(), applies: (info) => fundsTotal(info) > 0 },
    {
      ...infoField('food_service_staff_salary_fund', 'down')(),
      applies: (info) => fundsTotal(info) > 0,
    },
    infoField('patient_bedwards_area', 'down')(),
    infoField('kitchen_and_canteen_area', 'down')(),
  ];

  /** Checks `check` on 300 realistic institutions and services, each with a step of 1 to `maxStep`. */
  const assertForEveryStep = (
    maxStep: number,
    check: (info: CompanyInfo, content: CalculationContent, step: number) => void,
  ) =>
    fc.assert(
      fc.property(
        realisticInfo,
        contentArbitrary(REALISTIC_BOUNDS),
        fc.integer({ min: 1, max: maxStep }),
        check,
      ),
      { numRuns: 300 },
    );

  for (const growth of growths) {
    it(`${growth.direction === 'up' ? 'grows' : 'falls'} or stays with the ${growth.name}`, () => {
      assertForEveryStep(10_000_000, (info, content, step) => {
        fc.pre(growth.applies?.(info, content) ?? true);
        const [grownInfo, grownContent] = growth.grow(info, content, step);
        const before = kopecks(computeServiceCost(info, content).summary);
        const after = kopecks(computeServiceCost(grownInfo, grownContent).summary);
        if (growth.direction === 'up') expect(after).toBeGreaterThanOrEqual(before);
        else expect(after).toBeLessThanOrEqual(before);
      });
    });
  }

  it('grows the tariff, never the cost, with the profitability %', () => {
    assertForEveryStep(10_000, (info, content, step) => {
      const before = computeServiceCost(info, content);
      const after = computeServiceCost(info, { ...content, profit: plus(content.profit, step) });
      expect(after.summary).toBe(before.summary);
      expect(kopecks(after.summaryWithProfit)).toBeGreaterThanOrEqual(
        kopecks(before.summaryWithProfit),
      );
    });
  });
});
