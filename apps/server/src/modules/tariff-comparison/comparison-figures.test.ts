import {
  BED_BANDS,
  COMPARISON_ARTICLES,
  OBLASTS,
  WORKED_EXAMPLE_COST,
  seededRandom,
  type ArticleShares,
  type BenchmarkQuery,
} from '@medcalc/domain';
import { describe, expect, it } from 'vitest';
import {
  comparisonOf,
  figuresFrom,
  groupsFrom,
  storedComparisonOf,
  windowStart,
} from './comparison-figures';
import type { StoredFigure } from './tariff-comparison.repository';

describe('windowStart', () => {
  it('is the Kyiv day 24 months back', () => {
    expect(windowStart(new Date('2026-11-22T10:00:00Z'))).toBe('2024-11-22');
    // 23:30 UTC on 31 December is already 1 January in Kyiv.
    expect(windowStart(new Date('2026-12-31T23:30:00Z'))).toBe('2025-01-01');
    // 29 February has no day 24 months back: the 28th.
    expect(windowStart(new Date('2028-02-29T12:00:00Z'))).toBe('2026-02-28');
  });
});

describe('figuresFrom', () => {
  const service = (
    templateId: number,
    effectiveDate: string,
    revision: number,
    summary: string,
  ) => ({
    templateId,
    cost: { ...WORKED_EXAMPLE_COST, summaryWithProfit: summary, price: undefined },
    minutes: 35,
    effectiveDate,
    revision,
  });

  it('keeps, per template, the latest approval by its date, then by revision', () => {
    const figures = figuresFrom([
      service(1, '2026-03-01', 1, '100.00'),
      service(1, '2026-05-01', 1, '200.00'),
      service(1, '2026-05-01', 2, '300.00'),
      service(1, '2026-04-01', 3, '400.00'),
      service(2, '2025-01-01', 1, '500.00'),
    ]);
    expect(figures.map((figure) => [figure.templateId, figure.tariff, figure.approvedOn])).toEqual([
      [1, '300.00', '2026-05-01'],
      [2, '500.00', '2025-01-01'],
    ]);
    expect(figures[0]?.minutes).toBe(35);
    expect(Object.keys(figures[0]?.shares ?? {})).toEqual([
      'labour',
      'esv',
      'materials',
      'overhead',
      'profit',
    ]);
  });
});

describe('storedComparisonOf', () => {
  const SINCE = '2024-11-22';

  it('answers exactly what the per-request comparison answers from every figure', () => {
    const random = seededRandom(41);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
    const oblasts = OBLASTS.slice(0, 3);
    let shown = 0;
    for (let run = 0; run < 150; run += 1) {
      // Participants in three oblasts, of any size (or none), with figures of two templates, some out of the window.
      const count = 1 + Math.floor(random() * (run < 130 ? 30 : 240));
      const figures: StoredFigure[] = [];
      for (let companyId = 1; companyId <= count; companyId += 1) {
        const participant = {
          companyId,
          oblast: pick(oblasts),
          beds: random() < 0.1 ? null : pick([20, 150, 500]),
        };
        for (const templateId of [1, 2]) {
          if (random() < 0.2) continue;
          figures.push({
            ...participant,
            templateId,
            tariff: (200 + Math.floor(random() * 60) * 1.5).toFixed(2),
            shares: Object.fromEntries(
              COMPARISON_ARTICLES.map(({ key }) => [key, Math.round(random() * 40_000) / 1_000]),
            ) as ArticleShares,
            approvedOn: random() < 0.15 ? '2024-01-01' : '2026-03-01',
          });
        }
      }
      const inWindow = figures.filter((row) => row.approvedOn >= SINCE);
      const { groups } = groupsFrom(inWindow);
      const query: BenchmarkQuery = {
        ...(random() < 0.5 ? { oblast: pick(oblasts) } : {}),
        ...(random() < 0.5 ? { size: pick(BED_BANDS).value } : {}),
      };
      const viewer = random() < 0.15 ? null : 1 + Math.floor(random() * count);
      for (const templateId of [1, 2]) {
        const ours =
          viewer === null
            ? null
            : (figures.find((row) => row.companyId === viewer && row.templateId === templateId) ??
              null);
        // Step 5 places the order's own tariff instead of ours (an order calculated anew): the reference is the
        // per-request comparison with that tariff as ours; an order not calculated places nothing.
        const placing = viewer === null ? 'own' : pick(['own', 'order', 'none'] as const);
        const placed =
          placing === 'order'
            ? {
                tariff: (190 + Math.floor(random() * 80) * 1.5).toFixed(2),
                shares: Object.fromEntries(
                  COMPARISON_ARTICLES.map(({ key }) => [
                    key,
                    Math.round(random() * 40_000) / 1_000,
                  ]),
                ) as ArticleShares,
              }
            : placing === 'none'
              ? null
              : undefined;
        // A viewer without a figure of the template still places an order's tariff.
        const viewed: StoredFigure | null =
          ours ??
          (viewer !== null && placed
            ? { companyId: viewer, oblast: '', beds: null, templateId, approvedOn: '', ...placed }
            : null);
        const reference = comparisonOf({
          templateId,
          name: 'Послуга',
          ours: placed && viewed ? { ...viewed, ...placed } : viewed,
          figures: inWindow,
          query,
        });
        const expected =
          placing === 'none'
            ? {
                ...reference,
                ourTariff: null,
                statistics: reference.statistics && {
                  ...reference.statistics,
                  ourPosition: null,
                  ourPercentile: null,
                  articles: reference.statistics.articles.map((row) => ({ ...row, ours: null })),
                },
              }
            : reference;
        const groupOf = (key: { oblast: string; size: string }) =>
          groups.find(
            (group) =>
              group.templateId === templateId &&
              group.oblast === key.oblast &&
              group.size === key.size,
          );
        const stored = storedComparisonOf({
          templateId,
          name: 'Послуга',
          ours,
          ...(placed === undefined ? {} : { placed }),
          since: SINCE,
          query,
          groupOf,
        });
        expect(stored, `run ${run}, template ${templateId}, ${placing}`).toEqual(expected);
        if (stored.statistics) shown += 1;
      }
    }
    // The runs reach both outcomes of the k rule.
    expect(shown).toBeGreaterThan(20);
  });
});
