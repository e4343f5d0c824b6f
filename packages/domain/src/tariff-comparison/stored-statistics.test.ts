import { describe, expect, it } from 'vitest';
import { seededRandom as randomOf } from '../common/seeded-random';
import {
  quantileOfWindow,
  statisticsOfGroup,
  storedGroupOf,
  storedGroupSchema,
  zeroWindowOf,
} from './stored-statistics';
import {
  COMPARISON_ARTICLES,
  compareFigures,
  quantile,
  type ArticleShares,
  type TariffFigure,
} from './tariff-statistics';

/** Random figures with many ties (tariffs from a few hundred kopeck values, shares to four decimals). */
function figuresOf(
  random: () => number,
  count: number,
): Array<TariffFigure & { approvedOn: string }> {
  const tariff = () => ((20_000 + Math.floor(random() * 300) * 7) / 100).toFixed(2);
  const share = () => Math.round(random() * 400_000) / 10_000;
  return Array.from({ length: count }, (_, index) => ({
    companyId: index + 1,
    tariff: tariff(),
    shares: Object.fromEntries(
      COMPARISON_ARTICLES.map(({ key }) => [key, share()]),
    ) as ArticleShares,
    approvedOn: `2026-0${1 + Math.floor(random() * 9)}-15`,
  }));
}

/** One random figure. */
const oneFigure = (random: () => number): TariffFigure => figuresOf(random, 1)[0] as TariffFigure;

/** A random element of a nonempty list. */
const pick = <T>(random: () => number, values: readonly T[]): T =>
  values[Math.floor(random() * values.length)] as T;

describe('the stored statistics', () => {
  it('answer exactly what compareFigures answers from the figures, with and without our own among them', () => {
    const random = randomOf(41);
    const placings = { own: 0, order: 0, none: 0 };
    for (let run = 0; run < 150; run += 1) {
      const size = 1 + Math.floor(random() * (run < 120 ? 40 : 260));
      const figures = figuresOf(random, size);
      const group = storedGroupOf(figures);
      expect(storedGroupSchema.parse(JSON.parse(JSON.stringify(group)))).toEqual(group);
      expect(group.n).toBe(size);
      expect(group.oldest).toBe(figures.map((figure) => figure.approvedOn).sort()[0]);
      // Ours: one of the group (taken out), or a figure outside it (a filter leaves it out, or none at all).
      const inside = random() < 0.6;
      const own = inside ? pick(random, figures) : { ...oneFigure(random), companyId: 0 };
      const ours = random() < 0.1 ? null : own;
      // What is placed: our own figure, an order's other tariff (step 5), or nothing (an order not calculated).
      const placing = ours ? pick(random, ['own', 'order', 'none'] as const) : 'none';
      placings[placing] += 1;
      const placed = placing === 'order' ? { ...oneFigure(random), companyId: own.companyId } : own;
      const others = figures.filter((figure) => figure.companyId !== ours?.companyId);
      if (others.length === 0) continue;
      const reference = compareFigures({ ours: ours && placed, others, k: 1 });
      if (!reference.shown) throw new Error('k = 1 shows every nonempty group');
      const stored = statisticsOfGroup(
        group,
        ours && { removed: inside ? ours : null, placed: placing === 'none' ? null : placed },
      );
      const expected =
        placing === 'none'
          ? {
              ...reference.statistics,
              ourPosition: null,
              ourPercentile: null,
              articles: reference.statistics.articles.map((article) => ({
                ...article,
                ours: null,
              })),
            }
          : reference.statistics;
      expect(stored, `run ${run}, ${size} figures, ${placing}`).toEqual(expected);
    }
    expect(Math.min(...Object.values(placings))).toBeGreaterThan(20);
  });

  it('reads each quantile from its window exactly as quantile does, one value taken out or not', () => {
    const random = randomOf(7);
    for (let run = 0; run < 200; run += 1) {
      const values = figuresOf(random, 1 + Math.floor(random() * 30)).map(
        (figure) => figure.tariff,
      );
      const group = storedGroupOf(
        values.map((tariff) => ({
          tariff,
          shares: oneFigure(random).shares,
          approvedOn: '2026-01-01',
        })),
      );
      for (const [name, p] of [
        ['p25', 0.25],
        ['median', 0.5],
        ['p75', 0.75],
      ] as const) {
        const window = group.tariffs[name];
        expect(quantileOfWindow(window, values.length, p).toString()).toBe(
          quantile(values, p).toString(),
        );
        if (values.length < 2) continue;
        const removed = pick(random, values);
        const rest = [...values];
        rest.splice(rest.indexOf(removed), 1);
        expect(quantileOfWindow(window, values.length, p, removed).toString()).toBe(
          quantile(rest, p).toString(),
        );
      }
    }
  });

  it('read a group stored before the depreciation was compared (no D window) as the group of its figures with D = 0 %', () => {
    const random = randomOf(38);
    for (let size = 1; size <= 40; size += 1) {
      const figures = figuresOf(random, size).map((figure) => ({
        ...figure,
        shares: { ...figure.shares, depreciation: 0 },
      }));
      const group = storedGroupOf(figures);
      expect(zeroWindowOf(size, 0.5)).toEqual(group.shares.depreciation);
      // As the jsonb column holds it, written before the key existed.
      const { depreciation: _depreciation, ...before } = group.shares;
      const read = storedGroupSchema.parse(
        JSON.parse(JSON.stringify({ ...group, shares: before })),
      );
      expect(read, `${size} figures`).toEqual(group);
      // Our own figure taken out, and a new калькуляція's D placed beside the others' 0 %.
      const own = pick(random, figures);
      const placed = { ...own, shares: { ...own.shares, depreciation: 12.4 } };
      const articles = statisticsOfGroup(read, { removed: size > 1 ? own : null, placed }).articles;
      expect(articles.find((article) => article.key === 'depreciation')).toEqual({
        key: 'depreciation',
        median: 0,
        ours: 12,
      });
    }
  });
});
