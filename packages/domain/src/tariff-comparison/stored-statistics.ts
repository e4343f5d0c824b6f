import { z } from 'zod';
import { toDecimal, type DecimalInput } from '../common/money';
import {
  COMPARISON_ARTICLES,
  percentileFromRanks,
  wholeOf,
  type ArticleShares,
  type ComparisonArticle,
  type ShownStatistics,
} from './tariff-statistics';

/*
 * Issue 41: the statistics of a group of figures (one template service × one filter set) kept between requests, so
 * a comparison reads a few stored values instead of every participant's figure. What is kept lets a reader take one
 * value (its own) out cheaply: around each quantile's position the few sorted values it can fall on with or without
 * one value removed, and every tariff in cents, sorted, cut into blocks of BLOCK_SIZE with the first of each (the
 * fences) kept beside the statistics, so where one tariff stands needs the fences and at most two blocks.
 * `quantile`, `percentileOf` and `compareFigures` (tariff-statistics.ts) stay the reference these must equal.
 */

/** How many sorted tariffs (in cents) one stored block holds. */
export const BLOCK_SIZE = 100;

/** The tariff quantiles shown (P25, the median, P75). */
const TARIFF_QUANTILES = { p25: 0.25, median: 0.5, p75: 0.75 } as const;
type TariffQuantile = keyof typeof TARIFF_QUANTILES;

/** The sorted values from index `from` on that a quantile reads, of the whole group or with one value taken out. */
const quantileWindowSchema = z.strictObject({
  from: z.number().int().nonnegative(),
  values: z.array(z.string()),
});
export type QuantileWindow = z.infer<typeof quantileWindowSchema>;

/** A stored group: its size, the windows of the tariff quantiles and of each article's median, and the fences. */
export const storedGroupSchema = z.strictObject({
  n: z.number().int().positive(),
  tariffs: z.strictObject({
    p25: quantileWindowSchema,
    median: quantileWindowSchema,
    p75: quantileWindowSchema,
  }),
  shares: z.strictObject(
    Object.fromEntries(COMPARISON_ARTICLES.map(({ key }) => [key, quantileWindowSchema])) as Record<
      ComparisonArticle,
      typeof quantileWindowSchema
    >,
  ),
  /** The first tariff of each block, in cents. */
  fences: z.array(z.number().int()),
});
export type StoredGroup = z.infer<typeof storedGroupSchema>;

/** One block of a group's sorted tariffs, in cents (as stored). */
export const tariffBlockSchema = z.array(z.number().int());

/** A tariff (UAH, two decimals) in whole kopecks, so tariffs compare exactly as integers. */
export const centsOf = (tariff: DecimalInput): number => toDecimal(tariff).times(100).toNumber();

/** ⌊(count − 1)·p⌋: the index of a quantile's lower value among `count` sorted values (0 for one value). */
const lowIndex = (count: number, p: number) =>
  Math.max(
    0,
    toDecimal(count - 1)
      .times(p)
      .floor()
      .toNumber(),
  );

/** The window of `sorted` (ascending) a quantile at p reads among all n values or n − 1 (one taken out). */
function windowOf(sorted: readonly DecimalInput[], p: number): QuantileWindow {
  const from = lowIndex(sorted.length - 1, p);
  return { from, values: sorted.slice(from, from + 3).map((value) => toDecimal(value).toString()) };
}

/** What a group of figures keeps: its statistics' windows and fences, and its sorted tariffs in blocks (cents). */
export function storedGroupOf(figures: ReadonlyArray<{ tariff: string; shares: ArticleShares }>): {
  group: StoredGroup;
  blocks: number[][];
} {
  if (figures.length === 0) throw new RangeError('a stored group of no figures');
  // Sorted as integers (kopecks) and as numbers (shares): the same order as their decimals, without a Decimal each.
  const tariffs = figures
    .map((figure) => ({ tariff: figure.tariff, cents: centsOf(figure.tariff) }))
    .sort((a, b) => a.cents - b.cents);
  const cents = tariffs.map((entry) => entry.cents);
  const blocks: number[][] = [];
  for (let start = 0; start < cents.length; start += BLOCK_SIZE)
    blocks.push(cents.slice(start, start + BLOCK_SIZE));
  const tariffWindows = Object.fromEntries(
    Object.entries(TARIFF_QUANTILES).map(([name, p]) => [
      name,
      windowOf(
        tariffs.map((entry) => entry.tariff),
        p,
      ),
    ]),
  ) as Record<TariffQuantile, QuantileWindow>;
  const shares = Object.fromEntries(
    COMPARISON_ARTICLES.map(({ key }) => [
      key,
      windowOf(
        figures.map((figure) => figure.shares[key]).sort((a, b) => a - b),
        0.5,
      ),
    ]),
  ) as Record<ComparisonArticle, QuantileWindow>;
  return {
    group: {
      n: figures.length,
      tariffs: tariffWindows,
      shares,
      fences: blocks.map((block) => block[0] ?? 0),
    },
    blocks,
  };
}

/**
 * The quantile at p of a stored group's values, or of them without one value equal to `removed`: the same
 * interpolation as `quantile` over the values the window keeps. The k-th value of the shortened list is the k-th
 * of the whole while it is below the removed value, else the (k + 1)-th.
 */
export function quantileOfWindow(
  window: QuantileWindow,
  n: number,
  p: number,
  removed: DecimalInput | null = null,
) {
  const count = removed === null ? n : n - 1;
  if (count <= 0) throw new RangeError('quantile of no values');
  const stored = (index: number) => {
    const value = window.values[index - window.from];
    if (value === undefined) throw new RangeError(`index ${index} is outside the stored window`);
    return toDecimal(value);
  };
  const without = removed === null ? null : toDecimal(removed);
  const at = (index: number) => {
    const value = stored(index);
    return without === null || value.lessThan(without) ? value : stored(index + 1);
  };
  const h = toDecimal(count - 1).times(p);
  const low = h.floor().toNumber();
  const lower = at(low);
  const upper = at(Math.min(low + 1, count - 1));
  return lower.plus(upper.minus(lower).times(h.minus(low)));
}

/** How many of the sorted `fences` are below `cents` (or not above it, `inclusive`): a binary search. */
function fencesBefore(fences: readonly number[], cents: number, inclusive: boolean): number {
  let low = 0;
  let high = fences.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const fence = fences[middle] ?? 0;
    if (fence < cents || (inclusive && fence === cents)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The blocks to read to place `cents` in a group: the one where the tariffs below it end and the one where those
 * not above it end (every block before holds only smaller tariffs, every block after only larger ones).
 */
export function blocksToPlace(fences: readonly number[], cents: number): number[] {
  const blocks = [fencesBefore(fences, cents, false) - 1, fencesBefore(fences, cents, true) - 1];
  return [...new Set(blocks.filter((block) => block >= 0))];
}

/** How many of a group's tariffs are below `cents` and how many equal it, from its fences and the blocks read. */
export function placeAmong(
  fences: readonly number[],
  blockOf: (index: number) => readonly number[],
  cents: number,
): { below: number; equal: number } {
  const countTo = (inclusive: boolean) => {
    const block = fencesBefore(fences, cents, inclusive) - 1;
    if (block < 0) return 0;
    const inBlock = blockOf(block).filter(
      (value) => value < cents || (inclusive && value === cents),
    );
    return block * BLOCK_SIZE + inBlock.length;
  };
  const below = countTo(false);
  return { below, equal: countTo(true) - below };
}

/** A tariff with its cost articles as shares: a participant's figure, or an order's калькуляція. */
export interface PricedShares {
  tariff: string;
  shares: ArticleShares;
}

/** What a reader brings to a stored group: its own figure to take out, and the tariff to place among the others. */
export interface OwnPlace {
  /** Our own figure when it is one of the group's (taken out of every statistic); null when it is not. */
  removed: PricedShares | null;
  /**
   * The tariff placed among the others and the shares shown beside theirs — our approved figure's, or the order's on
   * screen (issue 41's step 5) — with how many of the group's tariffs are below it and equal to it (`placeAmong`,
   * the removed figure counted when it is in the group); null when nothing is placed (not calculated).
   */
  placed: (PricedShares & { below: number; equal: number }) | null;
}

/**
 * The statistics `compareFigures` shows, from a stored group instead of the figures: our own figure taken out when
 * it is one of the group's, and the placed tariff's percentile among the rest. Called only once the k rule lets the
 * group be shown.
 */
export function statisticsOfGroup(group: StoredGroup, ours: OwnPlace | null): ShownStatistics {
  const removed = ours?.removed ?? null;
  const placed = ours?.placed ?? null;
  const n = removed ? group.n - 1 : group.n;
  const tariff = (name: TariffQuantile) =>
    wholeOf(
      quantileOfWindow(group.tariffs[name], group.n, TARIFF_QUANTILES[name], removed?.tariff),
    );
  /** The placed tariff's ranks among the others: the removed figure no longer below it or equal to it. */
  const ranksOf = (place: NonNullable<OwnPlace['placed']>) => {
    const side = removed ? Math.sign(centsOf(removed.tariff) - centsOf(place.tariff)) : 1;
    return {
      below: place.below - (side < 0 ? 1 : 0),
      equal: place.equal - (side === 0 ? 1 : 0),
    };
  };
  const ranks = placed && ranksOf(placed);
  return {
    n,
    median: tariff('median'),
    p25: tariff('p25'),
    p75: tariff('p75'),
    ourPercentile: ranks ? percentileFromRanks(ranks.below, ranks.equal, n) : null,
    articles: COMPARISON_ARTICLES.map(({ key }) => ({
      key,
      median: wholeOf(
        quantileOfWindow(group.shares[key], group.n, 0.5, removed ? removed.shares[key] : null),
      ),
      ours: placed ? wholeOf(placed.shares[key]) : null,
    })),
  };
}
