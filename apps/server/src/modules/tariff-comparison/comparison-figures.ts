import {
  articleSharesOf,
  bedBandOf,
  compareFigures,
  comparedTariffOf,
  kyivParts,
  type BenchmarkQuery,
  type BenchmarkService,
  type TariffFigure,
} from '@medcalc/domain';
import type { ApprovedTemplateService } from './comparison-sources';
import type { NewFigure, StoredFigure } from './tariff-comparison.repository';

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
 * One template service of the comparison: the others' figures (the caller's own left out) under the filters and the
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
