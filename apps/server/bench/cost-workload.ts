import {
  WORKING_DAY_HOURS,
  type CalculationContent,
  type NewOrderCalculation,
  type TemplateListEntry,
  type WizardCalculations,
} from '@medcalc/domain';

/**
 * Deterministic workloads of the cost benchmarks (`npm run bench`): the same services every run, so figures of
 * two runs compare. A linear congruential generator stands in for Math.random.
 */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return {
    /** A whole number min…max. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    /** An amount with kopecks min…max UAH. */
    money: (min: number, max: number) => (min * 100 + Math.floor(next() * (max - min) * 100)) / 100,
  };
}

/** The institution of the worked example in docs/methodology.md (K = 33.6897 %, k_leave = 8 %). */
export { WORKED_EXAMPLE_COMPANY_INFO as WORKED_EXAMPLE_INFO } from '@medcalc/domain';

/**
 * `count` services of `staffLines` staff and `materialLines` material lines with realistic values: salaries
 * 8,000–60,000 UAH with kopecks, conditions 0–30 % and bonus 0–50 % in 0.01 steps, every working-day length,
 * 1–120 minutes, prices 0.01–2,000 UAH, spends 1–50; and `equipmentLines` equipment lines (issue 38; none unless
 * asked, so the older figures stay comparable): first costs 5,000–3,000,000 UAH, residual values below them, lives
 * 3–15 years, 500–4,000.5 hours a year, 1–90 minutes.
 */
export function benchServices(
  count: number,
  staffLines: number,
  materialLines: number,
  seed = 42,
  equipmentLines = 0,
): CalculationContent[] {
  const random = generator(seed);
  const equipmentLine = (index: number) => {
    const firstCost = random.money(5_000, 3_000_000);
    return {
      id: index + 1,
      name: `Апарат ${index + 1}`,
      firstCost,
      residualValue: random.money(0, firstCost / 10),
      usefulLifeYears: random.int(3, 15),
      hoursPerYear: random.int(5_000, 40_005) / 10,
      minutes: random.int(1, 90),
    };
  };
  return Array.from({ length: count }, () => ({
    bonus: random.money(0, 50),
    profit: random.money(0, 30),
    stuff: Array.from({ length: staffLines }, (_, index) => ({
      quality: { id: index + 1, name: `Лікар-спеціаліст ${index + 1}` },
      salary: random.money(8_000, 60_000),
      timeSpend: random.int(1, 120),
      conditionPercent: random.money(0, 30),
      workingDay: WORKING_DAY_HOURS[random.int(0, WORKING_DAY_HOURS.length - 1)] ?? 8,
    })),
    pills: Array.from({ length: materialLines }, (_, index) => ({
      id: index + 1,
      name: `Матеріал ${index + 1}`,
      price: random.money(0.01, 2_000),
      spend: random.int(1, 50),
      measurement_type: 'шт',
    })),
    ...(equipmentLines > 0
      ? { equipment: Array.from({ length: equipmentLines }, (_, index) => equipmentLine(index)) }
      : {}),
  }));
}

/** The services as the wizard holds them: ten categories keyed by name, ids 1…n (calculate-online's body). */
export function asWizardCalculations(contents: readonly CalculationContent[]): WizardCalculations {
  const calculations: WizardCalculations = {};
  contents.forEach((calculation, index) => {
    const category = `Категорія ${(index % 10) + 1}`;
    (calculations[category] ??= []).push({
      id: index + 1,
      name: `Послуга ${index + 1}`,
      calculation,
    });
  });
  return calculations;
}

/**
 * Every template of `GET /api/get-templates-list` as an entry of a new order (`POST …/orders/add`), in the list's
 * order: how the benches place orders of real templates.
 */
export const templateOrderEntries = (list: readonly TemplateListEntry[]): NewOrderCalculation[] =>
  list.flatMap((entry) =>
    entry.templates.map((template) => ({
      categoryId: entry.categoryId,
      source: 'template' as const,
      sourceId: template.templateId,
      templateId: template.templateId,
      templateName: template.templateName,
    })),
  );
