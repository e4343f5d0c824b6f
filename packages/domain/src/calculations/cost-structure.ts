import { toDecimal } from '../common/money';
import type { ServiceCost } from './cost-model';

/**
 * The parts of a tariff без ПДВ, in the калькуляція's order: `label` as the explanatory note shows them (issue 35),
 * `shortLabel` as the tariff comparison's articles (issue 41, `COMPARISON_ARTICLES`) name them.
 */
export const COST_STRUCTURE_PARTS = [
  {
    key: 'labour',
    label: 'Оплата праці (основна і додаткова заробітна плата)',
    shortLabel: 'Оплата праці',
  },
  { key: 'esv', label: 'Єдиний соціальний внесок', shortLabel: 'ЄСВ' },
  { key: 'materials', label: 'Матеріали', shortLabel: 'Матеріали' },
  { key: 'overhead', label: 'Накладні витрати', shortLabel: 'Накладні витрати' },
  { key: 'profit', label: 'Прибуток (рентабельність)', shortLabel: 'Прибуток' },
] as const;
export type CostStructurePart = (typeof COST_STRUCTURE_PARTS)[number]['key'];

/**
 * «Амортизація обладнання» D (issue 38): a part of the note's structure, after the materials, only where a service
 * has equipment. Not one of {@link COST_STRUCTURE_PARTS}; {@link COST_PARTS_IN_ORDER} places it after the materials,
 * for the tariff comparison's articles (every service, 0 % without equipment) and the note alike.
 */
export const DEPRECIATION_PART = {
  key: 'depreciation',
  label: 'Амортизація обладнання',
  shortLabel: 'Амортизація',
} as const;

type CostPart = (typeof COST_STRUCTURE_PARTS)[number] | typeof DEPRECIATION_PART;

/**
 * Every part in the калькуляція's order, D after the materials: the tariff comparison's articles (all of them) and
 * the explanatory note's structure (D only where some service has it).
 */
export const COST_PARTS_IN_ORDER: readonly CostPart[] = COST_STRUCTURE_PARTS.flatMap(
  (part): CostPart[] => (part.key === 'materials' ? [part, DEPRECIATION_PART] : [part]),
);

/** One part of the structure: its sum over the services, UAH, and its share of the tariffs' sum, percent. */
export interface CostStructureLine {
  key: CostStructurePart | typeof DEPRECIATION_PART.key;
  label: string;
  /** Two-decimal string, the exact sum of the stored rows. */
  amount: string;
  /** Percent of `total` with two decimals, half-up; '0.00' when the total is 0. */
  share: string;
}

/**
 * The cost structure of all services together (the approval package's explanatory note, issue 35): labour
 * (L + A), ЄСВ (E), materials (M), the equipment's depreciation (D, only when some service has it), overhead (OH)
 * and profit (P) summed over the stored калькуляції and each as a share of their tariffs без ПДВ (C + P). The parts add up to the total exactly, since each stored tariff is the
 * sum of its stored rows (docs/methodology.md "Formulas").
 */
export function costStructure(
  costs: ReadonlyArray<
    Pick<
      ServiceCost,
      | 'labour'
      | 'additionalLabour'
      | 'esv'
      | 'materials'
      | 'depreciation'
      | 'overhead'
      | 'profit'
      | 'summaryWithProfit'
    >
  >,
): { lines: CostStructureLine[]; total: string } {
  const sum = (pick: (cost: (typeof costs)[number]) => string[]) =>
    costs.reduce(
      (total, cost) => pick(cost).reduce((acc, value) => acc.plus(value), total),
      toDecimal(0),
    );
  const amounts: Record<CostStructureLine['key'], ReturnType<typeof toDecimal>> = {
    labour: sum((cost) => [cost.labour, cost.additionalLabour]),
    esv: sum((cost) => [cost.esv]),
    materials: sum((cost) => [cost.materials]),
    // A калькуляція stored before equipment existed may lack D: it had none.
    depreciation: sum((cost) => [cost.depreciation ?? '0.00']),
    overhead: sum((cost) => [cost.overhead]),
    profit: sum((cost) => [cost.profit]),
  };
  const total = sum((cost) => [cost.summaryWithProfit]);
  const line = (
    key: CostStructureLine['key'],
    label: string,
    amount: ReturnType<typeof toDecimal>,
  ): CostStructureLine => ({
    key,
    label,
    amount: amount.toFixed(2),
    share: total.isZero() ? '0.00' : amount.times(100).dividedBy(total).toFixed(2),
  });
  return {
    total: total.toFixed(2),
    lines: COST_PARTS_IN_ORDER.filter(
      ({ key }) => key !== DEPRECIATION_PART.key || !amounts.depreciation.isZero(),
    ).map(({ key, label }) => line(key, label, amounts[key])),
  };
}
