import { describe, expect, it } from 'vitest';
import { DEPRECIATION_PART } from '../calculations/cost-structure';
import { WORKED_EXAMPLE_COST, WORKED_EXAMPLE_EQUIPMENT_COST } from '../calculations/worked-example';
import {
  COMPARISON_ARTICLES,
  articleSharesOf,
  storedArticleShares,
  compareFigures,
  kAnonymityOutcome,
  standingOf,
  quantile,
  wholeOf,
  type TariffFigure,
} from './tariff-statistics';

const shares = { labour: 45, esv: 11, materials: 20, depreciation: 5, overhead: 19, profit: 15 };
const figure = (companyId: number, tariff: string): TariffFigure => ({
  companyId,
  tariff,
  shares,
});
const ids = (...values: number[]) => new Set(values);

describe('quantile (type 7, linear between closest ranks)', () => {
  it('interpolates as PERCENTILE.INC does', () => {
    const values = ['100', '200', '300', '400'];
    expect(quantile(values, 0.5).toString()).toBe('250');
    expect(quantile(values, 0.25).toString()).toBe('175');
    expect(quantile(values, 0.75).toString()).toBe('325');
    expect(quantile(['5'], 0.25).toString()).toBe('5');
  });

  it('sorts before it reads the ranks', () => {
    expect(quantile(['300', '100', '200'], 0.5).toString()).toBe('200');
  });
});

describe('standingOf (from the shown quartiles only)', () => {
  const shown = { p25: 250, median: 300, p75: 350 };

  it('interpolates between two shown quantiles, rounded down', () => {
    expect(standingOf('279.84', shown)).toEqual({ position: 'within', percentile: 39 }); // 25 + 25·29.84/50
    expect(standingOf('325', shown)).toEqual({ position: 'within', percentile: 62 }); // 50 + 25·25/50 = 62.5
    expect(standingOf('349.99', shown)).toEqual({ position: 'within', percentile: 74 });
  });

  it('gives 25, 50 and 75 on the shown quantiles themselves', () => {
    expect(standingOf('250', shown)).toEqual({ position: 'within', percentile: 25 });
    expect(standingOf('300.00', shown)).toEqual({ position: 'within', percentile: 50 });
    expect(standingOf('350', shown)).toEqual({ position: 'within', percentile: 75 });
  });

  it('says only below or above outside the quartiles, however far', () => {
    for (const tariff of ['249.99', '100', '0'])
      expect(standingOf(tariff, shown)).toEqual({ position: 'below', percentile: null });
    for (const tariff of ['350.01', '1000'])
      expect(standingOf(tariff, shown)).toEqual({ position: 'above', percentile: null });
  });

  it('never divides by zero when shown quantiles are equal', () => {
    expect(standingOf('300', { p25: 300, median: 300, p75: 350 })).toEqual({
      position: 'within',
      percentile: 50,
    });
    expect(standingOf('340', { p25: 300, median: 300, p75: 350 })).toEqual({
      position: 'within',
      percentile: 70,
    });
    expect(standingOf('280', { p25: 250, median: 300, p75: 300 })).toEqual({
      position: 'within',
      percentile: 40,
    });
    const flat = { p25: 300, median: 300, p75: 300 };
    expect(standingOf('300', flat)).toEqual({ position: 'within', percentile: 50 });
    expect(standingOf('299.99', flat)).toEqual({ position: 'below', percentile: null });
    expect(standingOf('300.01', flat)).toEqual({ position: 'above', percentile: null });
  });
});

describe('articleSharesOf', () => {
  it('gives each article as a percent of the собівартість', () => {
    const shares = articleSharesOf({
      labour: '60.00',
      additionalLabour: '10.00',
      esv: '10.00',
      materials: '15.00',
      overhead: '5.00',
      profit: '20.00',
      summary: '100.00',
    });
    expect(shares).toEqual({
      labour: 70,
      esv: 10,
      materials: 15,
      depreciation: 0,
      overhead: 5,
      profit: 20,
    });
  });

  it('gives the equipment depreciation D its share, so the cost articles add up to 100 % of C again', () => {
    // 285.46 = 142.26 + 31.30 + 25.40 + 42.12 + 44.38 (docs/methodology.md "Equipment depreciation").
    const withEquipment = articleSharesOf(WORKED_EXAMPLE_EQUIPMENT_COST);
    expect(withEquipment).toEqual({
      labour: 49.8354,
      esv: 10.9648,
      materials: 8.8979,
      depreciation: 14.7551,
      overhead: 15.5468,
      profit: 15.0004,
    });
    const { profit: _profit, ...costArticles } = withEquipment;
    const sum = Object.values(costArticles).reduce((total, share) => total + share, 0);
    // Each share is rounded to four decimals: five of them are within 5 × 0.00005 of 100.
    expect(Math.abs(sum - 100)).toBeLessThanOrEqual(0.00025);
  });

  it('reads a калькуляція stored before equipment existed (no D) as D = 0 %', () => {
    const { depreciation: _depreciation, equipmentLines: _lines, ...old } = WORKED_EXAMPLE_COST;
    expect(articleSharesOf(old)).toEqual(articleSharesOf(WORKED_EXAMPLE_COST));
    expect(articleSharesOf(old).depreciation).toBe(0);
  });

  it('reads the worked example and gives 0 for a zero cost', () => {
    const worked = articleSharesOf(WORKED_EXAMPLE_COST);
    const sum =
      worked.labour + worked.esv + worked.materials + worked.depreciation + worked.overhead;
    expect(worked.depreciation).toBe(0);
    expect(sum).toBeCloseTo(100, 2);
    expect(
      articleSharesOf({
        labour: '0.00',
        additionalLabour: '0.00',
        esv: '0.00',
        materials: '0.00',
        overhead: '0.00',
        profit: '0.00',
        summary: '0.00',
      }).labour,
    ).toBe(0);
  });
});

describe('COMPARISON_ARTICLES', () => {
  it("compares the depreciation after the materials, as the калькуляція's rows go, under its short label", () => {
    expect(COMPARISON_ARTICLES).toEqual([
      { key: 'labour', label: 'Оплата праці' },
      { key: 'esv', label: 'ЄСВ' },
      { key: 'materials', label: 'Матеріали' },
      { key: 'depreciation', label: DEPRECIATION_PART.shortLabel },
      { key: 'overhead', label: 'Накладні витрати' },
      { key: 'profit', label: 'Прибуток' },
    ]);
  });

  it('reads stored shares without D (stored before it was compared) as D = 0 %, and others as stored', () => {
    const { depreciation: _depreciation, ...old } = shares;
    expect(storedArticleShares(old)).toEqual({ ...shares, depreciation: 0 });
    expect(storedArticleShares(shares)).toBe(shares);
  });
});

describe('kAnonymityOutcome', () => {
  it('needs k members', () => {
    expect(kAnonymityOutcome(ids(1, 2, 3, 4), [])).toEqual({ shown: false, reason: 'too-few' });
    expect(kAnonymityOutcome(ids(1, 2, 3, 4, 5), [])).toEqual({ shown: true });
  });

  it('hides a filtered set that differs from a coarser one by 1 to k − 1 institutions', () => {
    const filtered = ids(1, 2, 3, 4, 5, 6);
    expect(kAnonymityOutcome(filtered, [ids(1, 2, 3, 4, 5, 6, 7)])).toEqual({
      shown: false,
      reason: 'differencing',
    });
    expect(kAnonymityOutcome(filtered, [ids(1, 2, 3, 4, 5, 6, 7, 8, 9, 10)])).toEqual({
      shown: false,
      reason: 'differencing',
    });
    // The same institutions, or at least k more: nothing to subtract.
    expect(kAnonymityOutcome(filtered, [ids(1, 2, 3, 4, 5, 6)])).toEqual({ shown: true });
    expect(kAnonymityOutcome(filtered, [ids(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)])).toEqual({
      shown: true,
    });
  });

  it('counts a difference both ways: a set across the filters (a size band beside an oblast) is checked too', () => {
    const oblast = ids(1, 2, 3, 4, 5, 6);
    // A size band that holds the oblast's six and one more: side by side they would tell the seventh.
    expect(kAnonymityOutcome(oblast, [ids(1, 2, 3, 4, 5, 6, 7)])).toEqual({
      shown: false,
      reason: 'differencing',
    });
    // One that shares three of them and has three more: six differ.
    expect(kAnonymityOutcome(oblast, [ids(1, 2, 3, 7, 8, 9)])).toEqual({ shown: true });
    // A smaller set inside ours, short by one.
    expect(kAnonymityOutcome(oblast, [ids(1, 2, 3, 4, 5)])).toEqual({
      shown: false,
      reason: 'differencing',
    });
  });

  it('checks every coarser set (each filter dropped, and both)', () => {
    const both = ids(1, 2, 3, 4, 5);
    const oblastOnly = ids(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
    const sizeOnly = ids(1, 2, 3, 4, 5, 11);
    const all = ids(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    expect(kAnonymityOutcome(both, [oblastOnly, all])).toEqual({ shown: true });
    expect(kAnonymityOutcome(both, [oblastOnly, sizeOnly, all])).toEqual({
      shown: false,
      reason: 'differencing',
    });
  });
});

describe('compareFigures', () => {
  const others = ['200', '250', '300', '350', '400'].map((tariff, index) =>
    figure(index + 10, tariff),
  );

  it('shows n, median, quartiles and our percentile in whole numbers, never a minimum or maximum', () => {
    const outcome = compareFigures({ ours: figure(1, '279.84'), others });
    expect(outcome).toEqual({
      shown: true,
      statistics: {
        n: 5,
        median: 300,
        p25: 250,
        p75: 350,
        ourPosition: 'within',
        ourPercentile: 39,
        articles: [
          { key: 'labour', median: 45, ours: 45 },
          { key: 'esv', median: 11, ours: 11 },
          { key: 'materials', median: 20, ours: 20 },
          { key: 'depreciation', median: 5, ours: 5 },
          { key: 'overhead', median: 19, ours: 19 },
          { key: 'profit', median: 15, ours: 15 },
        ],
      },
    });
    const shown = JSON.stringify(outcome);
    expect(shown).not.toContain('"200"');
    expect(shown).not.toMatch(/\b(200|400)\b/);
  });

  it('rounds the median to whole hryvnias, half-up', () => {
    const six = [...others, figure(20, '450.99')];
    const outcome = compareFigures({ ours: null, others: six });
    expect(outcome.shown && outcome.statistics.median).toBe(325);
    expect(outcome.shown && outcome.statistics.ourPercentile).toBeNull();
    expect(outcome.shown && outcome.statistics.ourPosition).toBeNull();
    expect(wholeOf('324.5')).toBe(325);
  });

  it('never counts our own figure, so 4 others and us is hidden', () => {
    const four = others.slice(0, 4);
    expect(compareFigures({ ours: figure(1, '300'), others: [...four, figure(1, '300')] })).toEqual(
      { shown: false, reason: 'too-few' },
    );
    // Our figure among the others changes nothing: the same answer as without it.
    expect(
      compareFigures({ ours: figure(1, '300'), others: [...others, figure(1, '300')] }),
    ).toEqual(compareFigures({ ours: figure(1, '300'), others }));
  });

  it('hides a filter whose result differs from the unfiltered one by a single institution', () => {
    const all = [...others, figure(99, '900')];
    const unfiltered = compareFigures({ ours: figure(1, '300'), others: all });
    const filtered = compareFigures({ ours: figure(1, '300'), others, seen: [all] });
    expect(unfiltered.shown).toBe(true);
    expect(filtered).toEqual({ shown: false, reason: 'differencing' });
  });

  it('answers a repeated filter the same way (nothing to average out)', () => {
    const first = compareFigures({ ours: figure(1, '300'), others });
    const again = compareFigures({ ours: figure(1, '300'), others: [...others].reverse() });
    expect(again).toEqual(first);
  });

  it('takes the caller out of the coarser sets too: our leaving or joining is no difference', () => {
    const withUs = [...others, figure(1, '300')];
    expect(compareFigures({ ours: figure(1, '300'), others, seen: [withUs] }).shown).toBe(true);
  });
});
