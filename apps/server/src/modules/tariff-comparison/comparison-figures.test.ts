import {
  BED_BANDS,
  COMPARISON_ARTICLES,
  bedBandOf,
  groupPublicationSchema,
  type BedBand,
  type Oblast,
  OBLASTS,
  WORKED_EXAMPLE_COST,
  WORKED_EXAMPLE_EQUIPMENT_COST,
  seededRandom,
  type ArticleShares,
  type BenchmarkQuery,
} from '@medcalc/domain';
import { describe, expect, it } from 'vitest';
import {
  comparisonOf,
  figuresFrom,
  regroupedFrom,
  storedComparisonOf,
  windowStart,
} from './comparison-figures';
import type { GroupRow, StoredFigure } from './tariff-comparison.repository';

const SINCE = '2024-11-22';

/** Groups as the database gives them back: each publication through JSON and the domain's schema. */
const stored = (groups: readonly GroupRow[]): GroupRow[] =>
  groups.map((group) => ({
    ...group,
    publication: groupPublicationSchema.parse(JSON.parse(JSON.stringify(group.publication))),
  }));

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
      'depreciation',
      'overhead',
      'profit',
    ]);
  });

  it("shares a service's equipment depreciation, and a калькуляція stored before equipment existed as D = 0 %", () => {
    const { depreciation: _depreciation, equipmentLines: _lines, ...old } = WORKED_EXAMPLE_COST;
    const [withEquipment, before] = figuresFrom([
      { ...service(1, '2026-03-01', 1, '328.28'), cost: WORKED_EXAMPLE_EQUIPMENT_COST },
      // As a frozen paper of before issue 38 holds it (typed as today's cost, read from JSON).
      { ...service(2, '2026-03-01', 1, '279.84'), cost: old as typeof WORKED_EXAMPLE_COST },
    ]);
    // D = 42.12 of C = 285.46; labour, ЄСВ, materials, D and overhead make the whole собівартість.
    expect(withEquipment?.shares.depreciation).toBe(14.7551);
    const { profit: _profit, ...costArticles } = withEquipment?.shares ?? {};
    expect(Object.values(costArticles).reduce((sum, share) => sum + share, 0)).toBeCloseTo(100, 3);
    expect(before?.shares.depreciation).toBe(0);
    expect(before?.tariff).toBe('279.84');
  });
});

describe('storedComparisonOf', () => {
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
      // Made from scratch (a group first kept): each shows its figures once it holds six.
      const groups = regroupedFrom({ figures, previous: [], since: SINCE });
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
        const counted =
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
        const expected = counted;
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

describe('regroupedFrom', () => {
  const shares = Object.fromEntries(
    COMPARISON_ARTICLES.map(({ key }) => [key, 20]),
  ) as ArticleShares;
  const figureOf = (
    companyId: number,
    tariff: string,
    approvedOn = '2026-03-01',
  ): StoredFigure => ({
    companyId,
    oblast: 'Львівська',
    beds: 40,
    templateId: 1,
    tariff,
    shares,
    approvedOn,
  });
  const ours = figureOf(1, '292.01');
  const SIX = [
    ours,
    figureOf(2, '267.67', '2024-12-01'),
    figureOf(3, '279.84'),
    figureOf(4, '304.18'),
    figureOf(5, '316.34'),
    figureOf(6, '328.51'),
  ];
  const read = (
    groups: ReturnType<typeof regroupedFrom>,
    since: string,
    query: BenchmarkQuery = {},
  ) =>
    storedComparisonOf({
      templateId: 1,
      name: 'Послуга',
      ours,
      since,
      query,
      groupOf: (key) =>
        groups.find((group) => group.oblast === key.oblast && group.size === key.size),
    });

  it('keeps what a reader sees when a third institution joins or leaves between two reads', () => {
    const first = regroupedFrom({ figures: SIX, previous: [], since: SINCE });
    const before = read(first, SINCE);
    expect(before.statistics?.median).toBe(304);
    // A seventh at 310.00 would make the median (304.18 + 310) / 2 = 307 and tell its tariff: nothing moves.
    const seventh = figureOf(7, '310.00');
    const joined = regroupedFrom({
      figures: [...SIX, seventh],
      previous: first,
      changing: { companyId: 7, before: [] },
      since: SINCE,
    });
    expect(read(joined, SINCE)).toEqual(before);
    // One of the five others leaves instead: its figure may not be shown, nor the four without it.
    const left = regroupedFrom({
      figures: SIX.filter((row) => row.companyId !== 6),
      previous: first,
      changing: { companyId: 6, before: [figureOf(6, '328.51')] },
      since: SINCE,
    });
    expect(read(left, SINCE)).toMatchObject({ statistics: null, hidden: 'changing' });
  });

  it('hides a shown figure once time takes it out of the window, and reads the group again only then', () => {
    const first = regroupedFrom({ figures: SIX, previous: [], since: SINCE });
    expect(first.find((group) => group.oblast === '' && group.size === '')?.oldest).toBe(
      '2024-12-01',
    );
    const later = '2024-12-02';
    const moved = regroupedFrom({ figures: SIX, previous: first, since: later });
    expect(read(moved, later)).toMatchObject({ statistics: null, hidden: 'changing' });
    // Withdrawn: nothing of it can leave the window any more but today's members.
    expect(moved.find((group) => group.oblast === '' && group.size === '')?.oldest).toBe(
      '2026-03-01',
    );
  });

  it('keeps a filtered set changed by fewer than six while the unfiltered one is replaced', () => {
    let groups = regroupedFrom({ figures: SIX, previous: [], since: SINCE });
    let figures = [...SIX];
    // A Kyiv institution and five more in Lviv join one by one.
    const joining = [
      { ...figureOf(7, '340.68'), oblast: 'Київська' },
      ...[8, 9, 10, 11, 12].map((companyId) => figureOf(companyId, '300.00')),
    ];
    for (const row of joining) {
      figures = [...figures, row];
      groups = regroupedFrom({
        figures,
        previous: groups,
        changing: { companyId: row.companyId, before: [] },
        since: SINCE,
      });
    }
    // Six changed the unfiltered group: its new set of twelve is shown. Lviv changed by five: it keeps its six
    // (six apart from the new unfiltered set).
    expect(read(groups, SINCE).statistics?.n).toBe(11);
    const lviv = groups.find((group) => group.oblast === 'Львівська' && group.size === '');
    expect(lviv?.publication).toMatchObject({ withdrawn: false, shown: { n: 6 } });
    expect(lviv?.publication.pending).toHaveLength(5);
    expect(read(groups, SINCE, { oblast: 'Львівська' }).statistics?.n).toBe(5);
    expect(read(groups, SINCE, { oblast: 'Київська' })).toMatchObject({ hidden: 'too-few' });
  });

  it("keeps the last set when a new one would differ from another group's last shown set by fewer than six", () => {
    // Lviv: ours and five others; Kyiv: six more. Both shown, the unfiltered set of twelve too (six apart).
    const kyiv = [21, 22, 23, 24, 25, 26].map((companyId) => ({
      ...figureOf(companyId, '310.00'),
      oblast: 'Київська',
    }));
    const lvivSix = SIX.map((row) => ({ ...row, approvedOn: '2026-03-01' }));
    let figures = [...lvivSix, ...kyiv];
    let groups = stored(regroupedFrom({ figures, previous: [], since: SINCE }));
    expect(read(groups, SINCE, { oblast: 'Львівська' }).statistics?.n).toBe(5);
    expect(read(groups, SINCE).statistics?.n).toBe(11);
    // One joins Lviv and five of Kyiv leave: six changes of the unfiltered set, whose new set would be Lviv's last
    // shown one, the joiner and one of Kyiv — read beside it, two apart. It is not shown; the last one cannot be
    // either (five of it have left).
    const changes = [
      { companyId: 30, before: [] as StoredFigure[], after: [figureOf(30, '340.68')] },
      ...kyiv
        .slice(0, 5)
        .map((row) => ({ companyId: row.companyId, before: [row], after: [] as StoredFigure[] })),
    ];
    for (const change of changes) {
      figures = [...figures.filter((row) => row.companyId !== change.companyId), ...change.after];
      groups = stored(
        regroupedFrom({
          figures,
          previous: groups,
          changing: { companyId: change.companyId, before: change.before },
          since: SINCE,
        }),
      );
    }
    const unfiltered = groups.find((group) => group.oblast === '' && group.size === '');
    expect(unfiltered?.publication).toMatchObject({ withdrawn: true, shown: { n: 12 } });
    expect(read(groups, SINCE)).toMatchObject({ statistics: null, hidden: 'changing' });
  });

  it('shows no two sets together that differ by 1 to 5, the largest first', () => {
    // Lviv six and one Kyiv: the unfiltered seven is shown, Lviv (one short of it) is not.
    const figures = [...SIX, { ...figureOf(7, '310.00'), oblast: 'Київська' }];
    const groups = stored(regroupedFrom({ figures, previous: [], since: SINCE }));
    expect(read(groups, SINCE).statistics?.n).toBe(6);
    expect(read(groups, SINCE, { oblast: 'Львівська' })).toMatchObject({
      statistics: null,
      hidden: 'differencing',
    });
  });

  it('on random joins, leaves, approvals and moves, shows no two sets within 1 to 4 others of a reader, now or against the last shown', () => {
    const random = seededRandom(4141);
    const oblasts = ['Львівська', 'Київська'];
    const tariffs = ['280.00', '300.00', '320.00'];
    type Shown = Map<number, string>;
    const keyOf = (id: string) => {
      const [oblast = '', size = ''] = id.split('|');
      return { oblast, size };
    };
    /** Every group's shown set (institution → tariff), rebuilt from today's figures and its pending changes. */
    const shownSets = (groups: readonly GroupRow[], figures: readonly StoredFigure[]) =>
      new Map(
        groups
          .filter((group) => group.publication.shown !== null)
          .map((group) => {
            const set: Shown = new Map(
              figures
                .filter(
                  (row) =>
                    (group.oblast === '' || row.oblast === group.oblast) &&
                    (group.size === '' || bedBandOf(row.beds) === group.size),
                )
                .map((row) => [row.companyId, row.tariff]),
            );
            for (const { companyId, shown } of group.publication.pending)
              if (shown) set.set(companyId, shown.tariff);
              else set.delete(companyId);
            const visible = !group.publication.withdrawn;
            return [`${group.oblast}|${group.size}`, { set, visible }] as const;
          }),
      );
    const differ = (a: Shown, b: Shown, reader?: number) =>
      [...new Set([...a.keys(), ...b.keys()])].filter(
        (id) => id !== reader && a.get(id) !== b.get(id),
      ).length;
    let published = 0;
    let readsShown = 0;
    for (let run = 0; run < 60; run += 1) {
      let figures: StoredFigure[] = [];
      let groups: GroupRow[] = [];
      let before = shownSets(groups, figures);
      for (let step = 0; step < 150; step += 1) {
        const companyId = 1 + Math.floor(random() * 24);
        const was = figures.filter((row) => row.companyId === companyId);
        // Leaves, or joins / approves anew / moves to another oblast or size band.
        const after =
          random() < 0.25
            ? []
            : [
                {
                  ...figureOf(companyId, tariffs[Math.floor(random() * 3)] ?? '300.00'),
                  oblast: oblasts[Math.floor(random() * 2)] ?? 'Львівська',
                  beds: random() < 0.3 ? 150 : 40,
                },
              ];
        figures = [...figures.filter((row) => row.companyId !== companyId), ...after];
        groups = stored(
          regroupedFrom({
            figures,
            previous: groups,
            changing: { companyId, before: was },
            since: SINCE,
          }),
        );
        const now = shownSets(groups, figures);
        for (const [key, { set, visible }] of now) {
          const old = before.get(key);
          // Shown as it was, or again after a withdrawal: the pairs it makes with last shown sets were there before.
          if (!visible || (old && differ(old.set, set) === 0)) continue;
          // It differs from every group's last shown set by none or by six or more.
          published += 1;
          for (const [otherKey, other] of before) {
            const difference = differ(other.set, set);
            expect(
              difference === 0 || difference >= 6,
              `run ${run}, step ${step}, ${key} vs ${otherKey}: ${difference}`,
            ).toBe(true);
          }
        }
        // What readers see now: two figures shown to one reader are of the same others or ≥ 5 apart.
        if (step % 5 === 0)
          for (const reader of [1, 2, 3, 4].map(() => 1 + Math.floor(random() * 24))) {
            const ours = figures.find((row) => row.companyId === reader) ?? null;
            const seen = [...now].filter(([key]) => {
              const answer = storedComparisonOf({
                templateId: 1,
                name: 'Послуга',
                ours,
                since: SINCE,
                query: {
                  ...(keyOf(key).oblast ? { oblast: keyOf(key).oblast as Oblast } : {}),
                  ...(keyOf(key).size ? { size: keyOf(key).size as BedBand } : {}),
                },
                groupOf: (wanted) =>
                  groups.find(
                    (group) => group.oblast === wanted.oblast && group.size === wanted.size,
                  ),
              });
              return answer.statistics !== null;
            });
            readsShown += seen.length;
            for (const [a, first] of seen)
              for (const [b, second] of seen) {
                if (a >= b) continue;
                const difference = differ(first.set, second.set, reader);
                expect(
                  difference === 0 || difference >= 5,
                  `run ${run}, step ${step}, reader ${reader}: ${a} vs ${b}`,
                ).toBe(true);
              }
          }
        before = now;
      }
    }
    expect(published).toBeGreaterThan(20);
    expect(readsShown).toBeGreaterThan(50);
  });
});
