import { Decimal } from 'decimal.js';
import { ZERO, toDecimal, type DecimalInput } from '../common/money';
import type { ServiceCost } from '../calculations/cost-model';
import { servicePriceOf } from '../calculations/pricing';
import { COST_PARTS_IN_ORDER } from '../calculations/cost-structure';

/*
 * Issue 41: the pure statistics of the anonymous tariff comparison and its k-anonymity rule. The server stores one
 * figure per (institution, template service) — the approved tariff, its cost articles as shares of the собівартість,
 * the minutes — and answers only what `compareFigures` lets out.
 */

/** A figure is shown only when at least this many OTHER institutions contribute to it (own never counted). */
export const K_ANONYMITY = 5;

/**
 * The cost articles compared, as shares of the собівартість (C), in the калькуляція's order: the explanatory note's
 * parts, with the equipment's depreciation D (issue 38) after the materials for every service (0 % without
 * equipment), so labour, ЄСВ, materials, depreciation and overhead add up to 100 % of C.
 */
export const COMPARISON_ARTICLES = COST_PARTS_IN_ORDER.map(({ key, shortLabel }) => ({
  key,
  label: shortLabel,
}));
export type ComparisonArticle = (typeof COMPARISON_ARTICLES)[number]['key'];
export type ArticleShares = Record<ComparisonArticle, number>;

/**
 * Shares as stored before an article was compared: a figure or a group's figure stored before issue 38's D was one
 * of the articles has no `depreciation`.
 */
export type StoredArticleShares = Omit<ArticleShares, 'depreciation'> &
  Partial<Pick<ArticleShares, 'depreciation'>>;

/**
 * Stored shares as compared: a missing `depreciation` (stored before it was compared) is 0 %, the share it was
 * stored without. The one place an old stored figure is read so (the repository's figures and the group
 * publication's schema both call it).
 */
export const storedArticleShares = (shares: StoredArticleShares): ArticleShares =>
  shares.depreciation === undefined ? { ...shares, depreciation: 0 } : (shares as ArticleShares);

/** One institution's approved figure for one template service, as stored (never leaves the server as is). */
export interface TariffFigure {
  /** The institution's company id: only to leave the caller's own figure out and to count institutions. */
  companyId: number;
  /** The approved final tariff, UAH, two decimals. */
  tariff: string;
  /** Each article as a percent of the собівартість, unrounded (profit as a share of C is the profitability). */
  shares: ArticleShares;
}

/**
 * The shares of a stored калькуляція: labour (L + A), ЄСВ, materials, the equipment's depreciation D, overhead and
 * profit, each as a percent of the собівартість C; all 0 when C is 0. Kept to four decimals, so a stored figure
 * carries no more than it needs. A калькуляція stored before equipment existed has no D: it had none (0 %).
 */
export function articleSharesOf(
  cost: Pick<
    ServiceCost,
    'labour' | 'additionalLabour' | 'esv' | 'materials' | 'overhead' | 'profit' | 'summary'
  > &
    Partial<Pick<ServiceCost, 'depreciation'>>,
): ArticleShares {
  const base = toDecimal(cost.summary);
  const share = (...values: string[]) =>
    base.isZero()
      ? 0
      : values
          .reduce((sum, value) => sum.plus(value), toDecimal(0))
          .times(100)
          .dividedBy(base)
          .toDecimalPlaces(4, Decimal.ROUND_HALF_UP)
          .toNumber();
  return {
    labour: share(cost.labour, cost.additionalLabour),
    esv: share(cost.esv),
    materials: share(cost.materials),
    depreciation: share(cost.depreciation ?? '0.00'),
    overhead: share(cost.overhead),
    profit: share(cost.profit),
  };
}

/** The approved tariff a figure compares: the калькуляція's final price (with ПДВ and rounding where applied). */
export const comparedTariffOf = (cost: ServiceCost): string => servicePriceOf(cost).tariff;

/**
 * The p-th quantile (0 ≤ p ≤ 1) of `values` by linear interpolation between the closest ranks (Hyndman–Fan
 * type 7, as Excel's PERCENTILE.INC and numpy's default): h = (n − 1)·p, x⌊h⌋ + (h − ⌊h⌋)(x⌊h⌋+1 − x⌊h⌋) over the
 * sorted values. Exact decimals; throws on an empty list.
 */
export function quantile(values: readonly DecimalInput[], p: number): Decimal {
  if (values.length === 0) throw new RangeError('quantile of no values');
  const sorted = values.map((value) => toDecimal(value)).sort((a, b) => a.comparedTo(b));
  const h = toDecimal(sorted.length - 1).times(p);
  const low = h.floor().toNumber();
  const lower = sorted[low] ?? ZERO;
  const upper = sorted[Math.min(low + 1, sorted.length - 1)] ?? lower;
  return lower.plus(upper.minus(lower).times(h.minus(low)));
}

/** A whole number, half-up (hryvnias, percent): every figure the comparison shows is rounded so. */
export const wholeOf = (value: DecimalInput): number =>
  toDecimal(value).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();

/** Where our tariff stands against the shown quartiles: below P25, between P25 and P75, or above P75. */
export const TARIFF_POSITIONS = ['below', 'within', 'above'] as const;
export type TariffPosition = (typeof TARIFF_POSITIONS)[number];

/** Our tariff's standing: its position, and within the quartiles a whole percentile 25..75 (null outside them). */
export interface TariffStanding {
  position: TariffPosition;
  percentile: number | null;
}

/**
 * Where `ours` stands, derived ONLY from the shown (rounded) P25, median and P75 — never from the others' values,
 * so re-placing any tariff (step 5 re-calculates with any profitability) teaches nothing the quartiles do not say.
 * Below P25 or above P75: the position alone. Between two shown quantiles: linear interpolation, 25 + 25·(x − P25)
 * / (P50 − P25) or 50 + 25·(x − P50) / (P75 − P50), rounded down, clamped to 25..75; on the median itself 50, so
 * equal quantiles never divide by zero.
 */
export function standingOf(
  ours: DecimalInput,
  shown: { p25: number; median: number; p75: number },
): TariffStanding {
  const value = toDecimal(ours);
  if (value.lessThan(shown.p25)) return { position: 'below', percentile: null };
  if (value.greaterThan(shown.p75)) return { position: 'above', percentile: null };
  const between = (from: number, to: number, base: number) =>
    toDecimal(base).plus(
      value
        .minus(from)
        .times(25)
        .dividedBy(to - from),
    );
  const exact = value.lessThan(shown.median)
    ? between(shown.p25, shown.median, 25)
    : value.greaterThan(shown.median)
      ? between(shown.median, shown.p75, 50)
      : toDecimal(50);
  return { position: 'within', percentile: Math.min(75, Math.max(25, exact.floor().toNumber())) };
}

/** `ourPosition` and `ourPercentile` of shown statistics: `ours` (null for none) against the shown quartiles. */
export function ourStanding(
  ours: DecimalInput | null,
  shown: { p25: number; median: number; p75: number },
): Pick<ShownStatistics, 'ourPosition' | 'ourPercentile'> {
  if (ours === null) return { ourPosition: null, ourPercentile: null };
  const { position, percentile } = standingOf(ours, shown);
  return { ourPosition: position, ourPercentile: percentile };
}

/** One article's median share among the others beside ours (whole percent; ours null without our figure). */
export interface ArticleComparison {
  key: ComparisonArticle;
  median: number;
  ours: number | null;
}

/** What may be shown of one template service: never a minimum, a maximum or any single institution's figure. */
export interface ShownStatistics {
  n: number;
  median: number;
  p25: number;
  p75: number;
  /** Where our tariff stands against P25, the median and P75; null for the administrator or without our figure. */
  ourPosition: TariffPosition | null;
  /** Our tariff's percentile from the shown quartiles (25..75), only when it is within them (`standingOf`). */
  ourPercentile: number | null;
  articles: ArticleComparison[];
}

/**
 * Why a figure is not shown: fewer than k others; it would differ from another shown set by too few (never shown
 * yet); or an institution of the set it showed is gone (`publication.ts`).
 */
export const HIDDEN_REASONS = ['too-few', 'differencing', 'changing'] as const;
export type HiddenReason = (typeof HIDDEN_REASONS)[number];

/** Each reason in words, as the page and the XLSX say it. */
export const HIDDEN_REASON_TEXTS: Record<HiddenReason, string> = {
  'too-few': 'Замало закладів для порівняння (потрібно щонайменше 5 інших).',
  differencing:
    'Приховано: цей відбір відрізняється від іншого показаного відбору менш ніж на 6 закладів, і їхні тарифи можна було б вирахувати.',
  changing:
    'Приховано: один із закладів, чиї цифри тут показано, вийшов із порівняння або його затвердження більше не діє, а без нього цифри видали б його тариф. Цифри оновляться, щойно зміниться щонайменше 6 закладів.',
};

export type ComparisonOutcome =
  { shown: true; statistics: ShownStatistics } | { shown: false; reason: HiddenReason };

/**
 * The k-anonymity rule (issue 41). `group` is the set of other institutions a filtered figure would be made of;
 * `seen` are the other sets the same caller can get at the same moment — every other filter set of the template
 * service (a coarser one, a finer one, or one across, as an oblast beside a size band). The figure is shown only when
 * 1. the group has at least k institutions, and
 * 2. against every other set it differs by none or by at least k institutions (counted both ways).
 * Rule 2 is what stops differencing: were a filtered set one institution smaller than another set the caller can
 * read (the unfiltered one, or a size band that holds one oblast and one more), the two answers side by side (their n
 * and how the median and quartiles move) would tell that institution's tariff. With it, any two figures one caller
 * can see at one moment are of the same institutions or differ by at least k of them. Own figures are never in
 * `group` or `seen`, so joining, leaving or re-joining changes nothing the caller sees of others; and the answer is a
 * function of the stored figures only (no noise), so repeating a filter teaches nothing new.
 */
export function kAnonymityOutcome(
  group: ReadonlySet<number>,
  seen: ReadonlyArray<ReadonlySet<number>>,
  k: number = K_ANONYMITY,
): { shown: true } | { shown: false; reason: HiddenReason } {
  return kRuleOf(
    group.size,
    seen.map((other) => setDifference(group, other)),
    k,
  );
}

/** How many institutions are in one of two sets but not the other. */
export function setDifference(a: ReadonlySet<number>, b: ReadonlySet<number>): number {
  let difference = 0;
  for (const member of a) if (!b.has(member)) difference += 1;
  for (const member of b) if (!a.has(member)) difference += 1;
  return difference;
}

/**
 * The k rule on counts: a group of `size` others, and by how many institutions each other set of others the caller
 * can see differs from it (`kAnonymityOutcome` on sets).
 */
export function kRuleOf(
  size: number,
  differences: readonly number[],
  k: number = K_ANONYMITY,
): { shown: true } | { shown: false; reason: HiddenReason } {
  if (size < k) return { shown: false, reason: 'too-few' };
  if (differences.some((difference) => difference > 0 && difference < k))
    return { shown: false, reason: 'differencing' };
  return { shown: true };
}

/**
 * The comparison of one template service: the statistics of `others` (already without the caller's own figure)
 * under the k rule against the other sets the caller can see (`seen`), with `ours` placed against the shown quartiles
 * (`standingOf`). Tariffs as whole hryvnias, shares and the percentile as whole percent.
 */
export function compareFigures(input: {
  ours: TariffFigure | null;
  others: readonly TariffFigure[];
  seen?: ReadonlyArray<readonly TariffFigure[]>;
  k?: number;
}): ComparisonOutcome {
  const { ours, others } = input;
  const idsOf = (figures: readonly TariffFigure[]) =>
    new Set(
      figures
        .map((figure) => figure.companyId)
        .filter((companyId) => companyId !== ours?.companyId),
    );
  const group = idsOf(others);
  const rule = kAnonymityOutcome(group, (input.seen ?? []).map(idsOf), input.k);
  if (!rule.shown) return rule;
  const counted = others.filter((figure) => figure.companyId !== ours?.companyId);
  const tariffs = counted.map((figure) => figure.tariff);
  const quartiles = {
    median: wholeOf(quantile(tariffs, 0.5)),
    p25: wholeOf(quantile(tariffs, 0.25)),
    p75: wholeOf(quantile(tariffs, 0.75)),
  };
  return {
    shown: true,
    statistics: {
      n: group.size,
      ...quartiles,
      ...ourStanding(ours && ours.tariff, quartiles),
      articles: COMPARISON_ARTICLES.map(({ key }) => ({
        key,
        median: wholeOf(
          quantile(
            counted.map((figure) => figure.shares[key]),
            0.5,
          ),
        ),
        ours: ours ? wholeOf(ours.shares[key]) : null,
      })),
    },
  };
}
