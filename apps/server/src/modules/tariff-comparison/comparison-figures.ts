import {
  articleSharesOf,
  bedBandOf,
  compareFigures,
  comparedTariffOf,
  kRuleOf,
  kyivParts,
  statisticsOfGroup,
  storedGroupOf,
  type BenchmarkQuery,
  type BenchmarkService,
  type Oblast,
  type PricedShares,
  type TariffFigure,
} from '@medcalc/domain';
import type { ApprovedTemplateService } from './comparison-sources';
import type {
  BlockRow,
  GroupKey,
  GroupRow,
  NewFigure,
  StoredFigure,
} from './tariff-comparison.repository';

/** How far back an approval still counts: its figure drops out of the comparison 24 months after it took effect. */
export const WINDOW_MONTHS = 24;

/** The first Kyiv day inside the window ending at `now`, `YYYY-MM-DD` (29 February falls back to the 28th). */
export function windowStart(now: Date): string {
  const part = kyivParts(now);
  const months = Number(part.year) * 12 + Number(part.month) - 1 - WINDOW_MONTHS;
  const year = Math.floor(months / 12);
  const month = String((months % 12) + 1).padStart(2, '0');
  const day = month === '02' && part.day === '29' ? '28' : part.day;
  return `${year}-${month}-${day}`;
}

/**
 * A participant's figures from its approved services: per template, the latest approval (by the date it took
 * effect, then the revision); of two services of one revision made from the same template, the first.
 */
export function figuresFrom(services: readonly ApprovedTemplateService[]): NewFigure[] {
  const latest = new Map<number, ApprovedTemplateService>();
  for (const service of services) {
    const kept = latest.get(service.templateId);
    const later =
      !kept ||
      service.effectiveDate > kept.effectiveDate ||
      (service.effectiveDate === kept.effectiveDate && service.revision > kept.revision);
    if (later) latest.set(service.templateId, service);
  }
  return [...latest.values()].map((service) => ({
    templateId: service.templateId,
    tariff: comparedTariffOf(service.cost),
    shares: articleSharesOf(service.cost),
    minutes: service.minutes,
    approvedOn: service.effectiveDate,
  }));
}

const asFigure = (row: StoredFigure): TariffFigure => ({
  companyId: row.companyId,
  tariff: row.tariff,
  shares: row.shares,
});

/** Whether a participant's figure is in the set the filters name. */
const matches = (row: StoredFigure, filter: BenchmarkQuery) =>
  (filter.oblast === undefined || row.oblast === filter.oblast) &&
  (filter.size === undefined || bedBandOf(row.beds) === filter.size);

/** The filters one can get from `query` by dropping one of its filters or all of them (the coarser sets). */
function coarserFilters(query: BenchmarkQuery): BenchmarkQuery[] {
  const { oblast, size } = query;
  if (oblast !== undefined && size !== undefined) return [{ oblast }, { size }, {}];
  if (oblast !== undefined || size !== undefined) return [{}];
  return [];
}

/**
 * One template service of the comparison, per request from every figure: the others' figures (the caller's own left out) under the filters and the
 * k rule against every coarser set of the same filters; `ours` placed among them (null for the administrator).
 */
export function comparisonOf(input: {
  templateId: number;
  name: string;
  ours: StoredFigure | null;
  figures: readonly StoredFigure[];
  query: BenchmarkQuery;
}): BenchmarkService {
  const { ours, query } = input;
  const others = input.figures.filter(
    (row) => row.templateId === input.templateId && row.companyId !== ours?.companyId,
  );
  const setOf = (filter: BenchmarkQuery) =>
    others.filter((row) => matches(row, filter)).map(asFigure);
  const outcome = compareFigures({
    ours: ours ? asFigure(ours) : null,
    others: setOf(query),
    coarser: coarserFilters(query).map(setOf),
  });
  return {
    templateId: input.templateId,
    name: input.name,
    ourTariff: ours?.tariff ?? null,
    statistics: outcome.shown ? outcome.statistics : null,
    hidden: outcome.shown ? null : outcome.reason,
  };
}

/** The stored group's key of a filter set (`''` for a filter not set). */
export const groupKeyOf = (filter: BenchmarkQuery): GroupKey => ({
  oblast: filter.oblast ?? '',
  size: filter.size ?? '',
});

/** The keys a comparison under `query` reads: its own set's and every coarser set's. */
export const groupKeysOf = (query: BenchmarkQuery): GroupKey[] =>
  [query, ...coarserFilters(query)].map(groupKeyOf);

/**
 * The stored groups of the figures (those inside the window, of the templates being made again): per template,
 * every filter set a figure is in — any, its oblast, its size band, both — with its statistics and blocks.
 */
export function groupsFrom(figures: readonly StoredFigure[]): {
  groups: GroupRow[];
  blocks: BlockRow[];
} {
  const members = new Map<
    string,
    { key: GroupKey & { templateId: number }; rows: StoredFigure[] }
  >();
  for (const row of figures) {
    const band = bedBandOf(row.beds);
    const filters: BenchmarkQuery[] = [{}, { oblast: row.oblast as Oblast }];
    if (band) filters.push({ size: band }, { oblast: row.oblast as Oblast, size: band });
    for (const filter of filters) {
      const key = { templateId: row.templateId, ...groupKeyOf(filter) };
      const id = `${key.templateId}|${key.oblast}|${key.size}`;
      const kept = members.get(id) ?? { key, rows: [] };
      kept.rows.push(row);
      members.set(id, kept);
    }
  }
  const groups: GroupRow[] = [];
  const blocks: BlockRow[] = [];
  for (const { key, rows } of members.values()) {
    const stored = storedGroupOf(rows);
    const oldest = rows.reduce(
      (first, row) => (row.approvedOn < first ? row.approvedOn : first),
      rows[0]?.approvedOn ?? '',
    );
    groups.push({ ...key, oldest, statistics: stored.group });
    stored.blocks.forEach((cents, block) => blocks.push({ ...key, block, cents }));
  }
  return { groups, blocks };
}

/** Whether our own figure is one of a stored group's (inside the window and in the filter set). */
const ownIn = (ours: StoredFigure | null, since: string, filter: BenchmarkQuery) =>
  ours !== null && ours.approvedOn >= since && matches(ours, filter);

/**
 * One template service of the comparison from its stored groups (`comparisonOf`'s answer, without reading every
 * figure): the group under the query and each coarser one, our own figure taken out of each it is in, and `placed`
 * — our own figure's tariff, or the order's on screen (step 5), or none — placed against the quartiles shown (never
 * among the others' values: re-placing any tariff must not tell them).
 */
export function storedComparisonOf(input: {
  templateId: number;
  name: string;
  ours: StoredFigure | null;
  /** The tariff placed against the shown quartiles and shown as ours; `ours` when absent. */
  placed?: PricedShares | null;
  since: string;
  query: BenchmarkQuery;
  groupOf: (key: GroupKey) => GroupRow | undefined;
}): BenchmarkService {
  const { ours, since, query } = input;
  const placed = input.placed === undefined ? ours : input.placed;
  const othersIn = (filter: BenchmarkQuery) =>
    (input.groupOf(groupKeyOf(filter))?.statistics.n ?? 0) - (ownIn(ours, since, filter) ? 1 : 0);
  const size = othersIn(query);
  const rule = kRuleOf(
    size,
    coarserFilters(query).map((filter) => othersIn(filter) - size),
  );
  const group = input.groupOf(groupKeyOf(query));
  const shown = rule.shown && group !== undefined;
  return {
    templateId: input.templateId,
    name: input.name,
    ourTariff: placed?.tariff ?? null,
    statistics: shown
      ? statisticsOfGroup(group.statistics, {
          removed: ours && ownIn(ours, since, query) ? ours : null,
          placed: placed && { tariff: placed.tariff, shares: placed.shares },
        })
      : null,
    hidden: rule.shown ? null : rule.reason,
  };
}
