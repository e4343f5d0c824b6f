import { z } from '../common/zod';
import { toDecimal, type DecimalInput } from '../common/money';
import {
  COMPARISON_ARTICLES,
  ourStanding,
  wholeOf,
  type ArticleShares,
  type ComparisonArticle,
  type ShownStatistics,
} from './tariff-statistics';

/*
 * Issue 41: the statistics of a group of figures (one template service × one filter set) kept between requests, so
 * a comparison reads a few stored values instead of every participant's figure. What is kept lets a reader take one
 * value (its own) out cheaply: around each quantile's position the few sorted values it can fall on with or without
 * one value removed. Where a tariff stands is derived from the shown quartiles only (`standingOf`). `quantile` and
 * `compareFigures` (tariff-statistics.ts) stay the reference these must equal. Which set of figures a group shows
 * over time is `publication.ts`.
 */

/** The tariff quantiles shown (P25, the median, P75). */
const TARIFF_QUANTILES = { p25: 0.25, median: 0.5, p75: 0.75 } as const;
type TariffQuantile = keyof typeof TARIFF_QUANTILES;

/** The sorted values from index `from` on that a quantile reads, of the whole group or with one value taken out. */
const quantileWindowSchema = z.strictObject({
  from: z.number().int().nonnegative(),
  values: z.array(z.string()),
});
export type QuantileWindow = z.infer<typeof quantileWindowSchema>;

/**
 * A stored group: its size, its oldest decision, and the windows of the tariff quantiles and of each article's median.
 * A group stored before the equipment's depreciation was compared (issue 38) has no `depreciation` window: its
 * figures had none, so it is read as the window of n zero shares (`zeroWindowOf`), the one it would have stored.
 */
export const storedGroupSchema = z
  .strictObject({
    n: z.number().int().positive(),
    /** The date the oldest of its decisions took effect, `YYYY-MM-DD`: the group holds while it is inside the window. */
    oldest: z.string(),
    tariffs: z.strictObject({
      p25: quantileWindowSchema,
      median: quantileWindowSchema,
      p75: quantileWindowSchema,
    }),
    shares: z.strictObject({
      ...(Object.fromEntries(
        COMPARISON_ARTICLES.map(({ key }) => [key, quantileWindowSchema]),
      ) as Record<ComparisonArticle, typeof quantileWindowSchema>),
      depreciation: quantileWindowSchema.optional(),
    }),
  })
  .transform(({ shares: { depreciation, ...shares }, ...group }): StoredGroup => ({
    ...group,
    shares: { ...shares, depreciation: depreciation ?? zeroWindowOf(group.n, 0.5) },
  }));

/** A stored group as read: every article's window. */
export interface StoredGroup {
  n: number;
  oldest: string;
  tariffs: Record<TariffQuantile, QuantileWindow>;
  shares: Record<ComparisonArticle, QuantileWindow>;
}

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

/** The window `windowOf` keeps of n values that are all 0 (without making the n values). */
export function zeroWindowOf(n: number, p: number): QuantileWindow {
  const from = lowIndex(n - 1, p);
  return { from, values: Array<string>(Math.max(0, Math.min(3, n - from))).fill('0') };
}

/** What a group of figures keeps: its size, its oldest decision and its statistics' windows. */
export function storedGroupOf(
  figures: ReadonlyArray<{ tariff: string; shares: ArticleShares; approvedOn: string }>,
): StoredGroup {
  const [first] = figures;
  if (first === undefined) throw new RangeError('a stored group of no figures');
  // Sorted as integers (kopecks) and as numbers (shares): the same order as their decimals, without a Decimal each.
  const tariffs = figures
    .map((figure) => ({ tariff: figure.tariff, cents: centsOf(figure.tariff) }))
    .sort((a, b) => a.cents - b.cents)
    .map((entry) => entry.tariff);
  return {
    n: figures.length,
    oldest: figures.reduce(
      (oldest, figure) => (figure.approvedOn < oldest ? figure.approvedOn : oldest),
      first.approvedOn,
    ),
    tariffs: Object.fromEntries(
      Object.entries(TARIFF_QUANTILES).map(([name, p]) => [name, windowOf(tariffs, p)]),
    ) as Record<TariffQuantile, QuantileWindow>,
    shares: Object.fromEntries(
      COMPARISON_ARTICLES.map(({ key }) => [
        key,
        windowOf(
          figures.map((figure) => figure.shares[key]).sort((a, b) => a - b),
          0.5,
        ),
      ]),
    ) as Record<ComparisonArticle, QuantileWindow>,
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
   * The tariff placed against the shown quartiles and the shares shown beside theirs — our approved figure's, or the
   * order's on screen (issue 41's step 5); null when nothing is placed (not calculated).
   */
  placed: PricedShares | null;
}

/**
 * The statistics `compareFigures` shows, from a stored group instead of the figures: our own figure taken out when
 * it is one of the group's, and the placed tariff's standing against the quartiles shown. Called only once the k
 * rule lets the group be shown.
 */
export function statisticsOfGroup(group: StoredGroup, ours: OwnPlace | null): ShownStatistics {
  const removed = ours?.removed ?? null;
  const placed = ours?.placed ?? null;
  const n = removed ? group.n - 1 : group.n;
  const tariff = (name: TariffQuantile) =>
    wholeOf(
      quantileOfWindow(group.tariffs[name], group.n, TARIFF_QUANTILES[name], removed?.tariff),
    );
  const quartiles = { median: tariff('median'), p25: tariff('p25'), p75: tariff('p75') };
  return {
    n,
    ...quartiles,
    ...ourStanding(placed && placed.tariff, quartiles),
    articles: COMPARISON_ARTICLES.map(({ key }) => ({
      key,
      median: wholeOf(
        quantileOfWindow(group.shares[key], group.n, 0.5, removed ? removed.shares[key] : null),
      ),
      ours: placed ? wholeOf(placed.shares[key]) : null,
    })),
  };
}
