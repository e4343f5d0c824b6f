import {
  articleSharesOf,
  bedBandOf,
  compareFigures,
  comparedTariffOf,
  kyivParts,
  REPUBLISH_AFTER,
  groupKeyId,
  differenceFromShown,
  kRuleOf,
  setDifference,
  sharedKey,
  nextPublication,
  pendingChanges,
  shownFigureOf,
  statisticsOfGroup,
  type GroupFigure,
  type HiddenReason,
  type PendingChange,
  type BenchmarkQuery,
  type BenchmarkService,
  type Oblast,
  type PricedShares,
  type TariffFigure,
} from '@medcalc/domain';
import type { ApprovedTemplateService } from './comparison-sources';
import type { GroupKey, GroupRow, NewFigure, StoredFigure } from './tariff-comparison.repository';

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

/**
 * One template service of the comparison, per request from every figure, as a publication made from scratch shows
 * it: the filter sets of six figures or more, the largest first, each shown when it differs from every set shown
 * before it by none or by six or more; under the query, the others' figures (the caller's own left out) when its set
 * is shown and at least k others remain; `ours` placed among them (null for the administrator).
 */
export function comparisonOf(input: {
  templateId: number;
  name: string;
  ours: StoredFigure | null;
  figures: readonly StoredFigure[];
  query: BenchmarkQuery;
}): BenchmarkService {
  const { ours, query } = input;
  const template = input.figures.filter((row) => row.templateId === input.templateId);
  const idsOf = (filter: BenchmarkQuery) =>
    new Set(template.filter((row) => matches(row, filter)).map((row) => row.companyId));
  const sets = [
    ...new Map(
      template.flatMap(filtersOf).map((filter) => [groupKeyId(groupKeyOf(filter)), filter]),
    ),
  ]
    .map(([id, filter]) => ({ id, ids: idsOf(filter) }))
    .filter(({ ids }) => ids.size >= REPUBLISH_AFTER)
    .sort((a, b) => b.ids.size - a.ids.size || a.id.localeCompare(b.id));
  const shown: Array<ReadonlySet<number>> = [];
  const shownIds = new Set<string>();
  for (const { id, ids } of sets) {
    const apart = shown.every((other) => {
      const difference = setDifference(ids, other);
      return difference === 0 || difference >= REPUBLISH_AFTER;
    });
    if (!apart) continue;
    shown.push(ids);
    shownIds.add(id);
  }
  const base = { templateId: input.templateId, name: input.name, ourTariff: ours?.tariff ?? null };
  if (!shownIds.has(groupKeyId(groupKeyOf(query))))
    return {
      ...base,
      statistics: null,
      hidden: idsOf(query).size >= REPUBLISH_AFTER ? 'differencing' : 'too-few',
    };
  const outcome = compareFigures({
    ours: ours ? asFigure(ours) : null,
    others: template
      .filter((row) => row.companyId !== ours?.companyId && matches(row, query))
      .map(asFigure),
  });
  return {
    ...base,
    statistics: outcome.shown ? outcome.statistics : null,
    hidden: outcome.shown ? null : outcome.reason,
  };
}

/** The stored group's key of a filter set (`''` for a filter not set). */
export const groupKeyOf = (filter: BenchmarkQuery): GroupKey => ({
  oblast: filter.oblast ?? '',
  size: filter.size ?? '',
});

/**
 * The keys a comparison under `query` reads: its own set's, and for the administrator's view (`everyTemplate`) the
 * unfiltered set's too, as it lists every template that has one.
 */
export const groupKeysOf = (query: BenchmarkQuery, everyTemplate = false): GroupKey[] =>
  everyTemplate && (query.oblast !== undefined || query.size !== undefined)
    ? [groupKeyOf(query), groupKeyOf({})]
    : [groupKeyOf(query)];

/** The filter sets a figure is in: any, its oblast, its size band, both (the last two only with beds). */
function filtersOf(row: StoredFigure): BenchmarkQuery[] {
  const band = bedBandOf(row.beds);
  const filters: BenchmarkQuery[] = [{}, { oblast: row.oblast as Oblast }];
  if (band) filters.push({ size: band }, { oblast: row.oblast as Oblast, size: band });
  return filters;
}

/** The `oldest` of a group with no figure that can leave the window. */
const NEVER = '9999-12-31';

/** A stored group's id: its template and its filter set (`groupKeyId`). */
export const groupIdOf = (templateId: number, key: GroupKey) => `${templateId}|${groupKeyId(key)}`;

/** A stored figure as a group holds it. */
const groupFigureOf = (row: StoredFigure): GroupFigure => ({
  tariff: row.tariff,
  shares: row.shares,
  approvedOn: row.approvedOn,
});

/**
 * The stored groups of templates made again after a change (`nextPublication` for each): `figures` are every figure
 * of those templates now, of any date; `previous` their groups as stored; `changing` the institution whose figures
 * the change wrote, with its figures before it (none for a change of time only). Besides it, an institution whose
 * figure has left the window since a group was made is a change of that group. A group that shows nothing and has
 * nothing pending is not kept.
 */
export function regroupedFrom(input: {
  figures: readonly StoredFigure[];
  previous: readonly GroupRow[];
  changing?: { companyId: number; before: readonly StoredFigure[] } | undefined;
  since: string;
}): GroupRow[] {
  const { since, changing } = input;
  const groups = new Map<
    string,
    {
      key: GroupKey & { templateId: number };
      members: StoredFigure[];
      all: StoredFigure[];
      before: StoredFigure | null;
    }
  >();
  const entryOf = (row: StoredFigure, filter: BenchmarkQuery) => {
    const key = { templateId: row.templateId, ...groupKeyOf(filter) };
    const id = groupIdOf(key.templateId, key);
    const entry = groups.get(id) ?? { key, members: [], all: [], before: null };
    groups.set(id, entry);
    return entry;
  };
  for (const row of input.figures)
    for (const filter of filtersOf(row)) {
      const entry = entryOf(row, filter);
      entry.all.push(row);
      if (row.approvedOn >= since) entry.members.push(row);
    }
  const previous = new Map(input.previous.map((row) => [groupIdOf(row.templateId, row), row]));
  for (const row of previous.values()) {
    const id = groupIdOf(row.templateId, row);
    if (!groups.has(id))
      groups.set(id, {
        key: { templateId: row.templateId, oblast: row.oblast, size: row.size },
        members: [],
        all: [],
        before: null,
      });
  }
  for (const row of changing?.before ?? [])
    for (const filter of filtersOf(row)) entryOf(row, filter).before = row;

  const changes = [...groups].map(([id, { key, members, all, before }]) => {
    const kept = previous.get(id);
    const madeSince = kept?.since ?? since;
    const changed = [
      // The changing institution's figure before, as the group held it (inside the window it was made with).
      ...(changing
        ? [
            {
              companyId: changing.companyId,
              before: before && before.approvedOn >= madeSince ? groupFigureOf(before) : null,
            },
          ]
        : []),
      // Figures that were inside the window the group was made with and are not inside today's.
      ...all
        .filter(
          (row) =>
            row.companyId !== changing?.companyId &&
            row.approvedOn >= madeSince &&
            row.approvedOn < since,
        )
        .map((row) => ({ companyId: row.companyId, before: groupFigureOf(row) })),
    ];
    const figures = members.map((row) => ({ companyId: row.companyId, ...groupFigureOf(row) }));
    const previousPublication = kept?.publication ?? null;
    return {
      key,
      kept: previousPublication,
      members: figures,
      pending: pendingChanges({ previous: previousPublication, members: figures, changed }),
    };
  });
  // Each group's figures now, by template and key, to compare a new set with every other group's last shown one.
  const byTemplate = new Map<
    number,
    Map<
      string,
      { key: GroupKey; now: Map<number, GroupFigure>; pending: PendingChange[]; shown: boolean }
    >
  >();
  for (const { key, kept, members, pending } of changes) {
    const groupsOfTemplate = byTemplate.get(key.templateId) ?? new Map();
    byTemplate.set(key.templateId, groupsOfTemplate);
    groupsOfTemplate.set(groupKeyId(key), {
      key,
      now: new Map(members.map(({ companyId, ...figure }) => [companyId, figure])),
      pending,
      shown: Boolean(kept?.shown),
    });
  }
  /** How many figures a group of the template holds now (0 for none). */
  const sizeNow = (templateId: number, key: GroupKey) =>
    byTemplate.get(templateId)?.get(groupKeyId(key))?.now.size ?? 0;
  /** How many figures two groups of the template both hold now (the group both filters make). */
  const sharedNow = (templateId: number, a: GroupKey, b: GroupKey) => {
    const both = sharedKey(a, b);
    return both ? sizeNow(templateId, both) : 0;
  };
  /** Whether a group's set now differs from another group's last shown set by 1 to 5 institutions. */
  const tooCloseToShown = (templateId: number, key: GroupKey) => {
    const groupsOfTemplate = byTemplate.get(templateId);
    const group = groupsOfTemplate?.get(groupKeyId(key));
    if (!groupsOfTemplate || !group) return false;
    return [...groupsOfTemplate.values()].some((other) => {
      if (other === group || !other.shown) return false;
      const shared = sharedNow(templateId, key, other.key);
      const difference = differenceFromShown({ now: group.now, other, shared });
      return difference > 0 && difference < REPUBLISH_AFTER;
    });
  };
  // A group keeps showing its last shown set until a new one replaces it: of at least six figures, six or more of
  // them changed, and none or at least six apart from every other group's last shown set and from every new set
  // shown with it (the largest first). So any two last shown sets differ so, and a reader, whose own figure may be one
  // of the difference, sees any two figures at least five others apart.
  const candidates = changes
    .filter(
      ({ members, pending }) =>
        members.length >= REPUBLISH_AFTER && pending.length >= REPUBLISH_AFTER,
    )
    .sort(
      (a, b) =>
        a.key.templateId - b.key.templateId ||
        b.members.length - a.members.length ||
        groupKeyId(a.key).localeCompare(groupKeyId(b.key)),
    );
  const accepted = new Set<string>();
  const shownNew = new Map<number, GroupKey[]>();
  for (const { key } of candidates) {
    const { templateId } = key;
    const others = shownNew.get(templateId) ?? [];
    const apart = others.every((other) => {
      const difference =
        sizeNow(templateId, key) +
        sizeNow(templateId, other) -
        2 * sharedNow(templateId, key, other);
      return difference === 0 || difference >= REPUBLISH_AFTER;
    });
    if (!apart || tooCloseToShown(templateId, key)) continue;
    shownNew.set(templateId, [...others, key]);
    accepted.add(groupIdOf(templateId, key));
  }
  const publications = changes.map(({ key, kept, members, pending }) => ({
    key,
    members,
    publication: nextPublication({
      previous: kept,
      members,
      pending,
      accept: accepted.has(groupIdOf(key.templateId, key)),
      since,
    }),
  }));

  const rows: GroupRow[] = [];
  for (const { key, members, publication } of publications) {
    if (publication.shown === null && publication.pending.length === 0) continue;
    // What can still leave the window: a member's figure, or a shown figure pending (once withdrawn, nothing more).
    const dates = [
      ...members.map((row) => row.approvedOn),
      ...(publication.withdrawn
        ? []
        : publication.pending.flatMap((change) => (change.shown ? [change.shown.approvedOn] : []))),
    ];
    rows.push({
      ...key,
      since,
      oldest: dates.reduce((oldest, date) => (date < oldest ? date : oldest), NEVER),
      publication,
    });
  }
  return rows;
}

/** Whether our own figure is one of a stored group's now (inside the window and in the filter set). */
const ownIn = (ours: StoredFigure | null, since: string, filter: BenchmarkQuery) =>
  ours !== null && ours.approvedOn >= since && matches(ours, filter);

/**
 * One template service of the comparison from its stored groups (`comparisonOf`'s answer, without reading every
 * figure): the set the group under the query shows (`GroupPublication`) with our own figure in it taken out — shown
 * when at least k others remain (every set shown beside it differs from it by none or by six or more, see
 * `regroupedFrom`) — and `placed`: our own figure's tariff, or the order's on screen (step 5), or none, placed
 * against the quartiles shown (never among the others' values: re-placing any tariff must not tell them). A group
 * withdrawn shows nothing, as `changing`; one never shown, as `differencing` when it has six figures or more (kept
 * from being shown beside another set it would differ from by too few), else `too-few`.
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
  const publication = input.groupOf(groupKeyOf(query))?.publication ?? null;
  const own =
    publication && ours
      ? shownFigureOf(publication, ours.companyId, ownIn(ours, since, query) ? ours : null)
      : null;
  const shownSet = publication?.shown ?? null;
  const rule = kRuleOf((shownSet?.n ?? 0) - (own ? 1 : 0), []);
  const hidden = (): HiddenReason | null => {
    if (!publication || !shownSet)
      return publication && publication.pending.length >= REPUBLISH_AFTER
        ? 'differencing'
        : 'too-few';
    if (publication.withdrawn) return 'changing';
    return rule.shown ? null : rule.reason;
  };
  const reason = hidden();
  return {
    templateId: input.templateId,
    name: input.name,
    ourTariff: placed?.tariff ?? null,
    statistics:
      reason === null && shownSet
        ? statisticsOfGroup(shownSet, {
            removed: own && { tariff: own.tariff, shares: own.shares },
            placed: placed && { tariff: placed.tariff, shares: placed.shares },
          })
        : null,
    hidden: reason,
  };
}
