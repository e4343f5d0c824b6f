import {
  TARIFF_COMPARISON_MESSAGES,
  compareUkrainian,
  participationInputSchema,
  type BenchmarkQuery,
  type BenchmarkService,
  type OrderBenchmark,
  type Participation,
  type ParticipationInput,
  type PricedShares,
  type TariffBenchmark,
} from '@medcalc/domain';
import { AppError } from '../../lib/app-error';
import { changeOf, type ActivityLog, type ActivityRecord } from '../activity/activity-log';
import type { CompanyScope } from '../../lib/company-scope';
import type { Executor } from '../../db/client';
import type { RunInTransaction } from '../../lib/transaction';
import type { ComparisonSources } from './comparison-sources';
import {
  figuresFrom,
  groupIdOf,
  groupKeysOf,
  regroupedFrom,
  storedComparisonOf,
  windowStart,
} from './comparison-figures';
import type {
  GroupKey,
  GroupRow,
  ParticipantRow,
  StoredFigure,
  TariffComparisonRepository,
} from './tariff-comparison.repository';

/** One line of a comparison: a template service, our own figure of it, and the tariff placed among the others. */
interface ComparisonLine {
  templateId: number;
  ours: StoredFigure | null;
  placed: PricedShares | null;
}

/** The switch («Брати участь у порівнянні тарифів») on or off, as the activity log says it. */
const switchText = (participates: boolean) => (participates ? 'Так' : 'Ні');

/** The activity row of joining, leaving or changing the oblast (none when nothing changed). */
const participationActivity = (
  before: ParticipantRow | undefined,
  oblast: string | null,
): ActivityRecord => ({
  kind: 'tariff-comparison',
  subject: 'Порівняння тарифів',
  changes: [
    ...changeOf(
      'Брати участь у порівнянні тарифів',
      switchText(before !== undefined),
      switchText(oblast !== null),
    ),
    ...changeOf('Область', before?.oblast, oblast),
  ],
});

/**
 * Issue 41: the anonymous tariff comparison. The owner's switch on /company; a participant's figures are written
 * when it joins and whenever one of its approvals is recorded or withdrawn (`refreshFigures`), and gone the moment
 * it leaves; each of these makes the stored statistics of the templates it touches again in its own transaction
 * (`regroup`), and a comparison reads those, never the figures one by one nor anyone's orders.
 */
export function createTariffComparisonService(deps: {
  repository: TariffComparisonRepository;
  sources: ComparisonSources;
  runInTransaction: RunInTransaction;
  activityLog: ActivityLog;
  now?: () => Date;
}) {
  const { repository: repo, sources, runInTransaction, activityLog } = deps;
  const now = deps.now ?? (() => new Date());

  async function getParticipation(companyId: number): Promise<Participation> {
    const row = await repo.findParticipant(companyId);
    if (row)
      return { participates: true, oblast: row.oblast as Participation['oblast'], beds: row.beds };
    return { participates: false, oblast: null, beds: await sources.bedsOf(companyId) };
  }

  /**
   * The stored groups of `templateIds` made again from their figures, in `tx` (the transaction of the change), once
   * no other transaction is making them: `changing` is the institution whose figures the change wrote, with its
   * figures before it (`regroupedFrom`; none when only time moved).
   */
  async function regroup(
    templateIds: readonly number[],
    tx: Executor,
    changing?: { companyId: number; before: readonly StoredFigure[] },
  ): Promise<void> {
    const ids = [...new Set(templateIds)];
    if (ids.length === 0) return;
    await repo.lockGroups(ids, tx);
    const figures = await repo.figures(ids, tx);
    const previous = await repo.groupsOfTemplates(ids, tx);
    const groups = regroupedFrom({ figures, previous, changing, since: windowStart(now()) });
    await repo.replaceGroups(ids, groups, tx);
  }

  /**
   * The institution's figures as they are before a change, to tell its groups what the change took away: read once
   * no other transaction is changing the same institution (held until `tx` ends), so two changes of one
   * institution never both start from the same figures.
   */
  async function changingFrom(companyId: number, tx: Executor) {
    await repo.lockCompany(companyId, tx);
    return { companyId, before: await repo.figuresOf(companyId, tx) };
  }

  /** The participant's figures made again from its approved services (nothing for a company not taking part). */
  async function refreshFigures(companyId: number): Promise<void> {
    if (!(await repo.findParticipant(companyId))) return;
    const [figures, beds] = await Promise.all([
      sources.approvedTemplateServicesOf(companyId).then(figuresFrom),
      sources.bedsOf(companyId),
    ]);
    await runInTransaction(async (tx) => {
      const changing = await changingFrom(companyId, tx);
      // Left meanwhile: nothing is written back.
      const participant = await repo.findParticipant(companyId, tx);
      if (!participant) return;
      await repo.saveParticipant({ ...participant, beds }, tx);
      await repo.replaceFigures(companyId, figures, tx);
      await regroup(
        [...changing.before, ...figures].map((figure) => figure.templateId),
        tx,
        changing,
      );
    });
  }

  /** The stored groups under `keys` (of every template without `templateIds`), none older than the window. */
  async function currentGroups(filter: {
    templateIds?: readonly number[];
    keys: readonly GroupKey[];
    since: string;
  }): Promise<GroupRow[]> {
    const groups = await repo.groups(filter);
    // A group whose oldest decision has left the window is made again first (time, not a change, moved it).
    const stale = groups.filter((group) => group.oldest < filter.since);
    if (stale.length === 0) return groups;
    await runInTransaction((tx) =>
      regroup(
        stale.map((group) => group.templateId),
        tx,
      ),
    );
    return repo.groups(filter);
  }

  /**
   * The lines of a comparison from the templates' stored groups: each line's template service with our own figure
   * of it taken out (`ours`, null for none) and `placed` placed against the quartiles (our figure's tariff, an order's,
   * or none). `linesOf` names the lines once the groups under the query are read (of every template without
   * `templateIds`); a line of a template without a name is left out.
   */
  async function compareLines<Line extends ComparisonLine>(
    query: BenchmarkQuery,
    templateIds: readonly number[] | undefined,
    linesOf: (groups: readonly GroupRow[]) => Line[],
  ): Promise<Array<{ line: Line; service: BenchmarkService }>> {
    const since = windowStart(now());
    const groups = await currentGroups({
      ...(templateIds ? { templateIds } : {}),
      keys: groupKeysOf(query, templateIds === undefined),
      since,
    });
    const byKey = new Map(groups.map((group) => [groupIdOf(group.templateId, group), group]));
    const lines = linesOf(groups);
    const names = await sources.templateNames([...new Set(lines.map((line) => line.templateId))]);
    return lines.flatMap((line) => {
      const name = names.get(line.templateId);
      if (name === undefined) return [];
      const service = storedComparisonOf({
        templateId: line.templateId,
        name,
        ours: line.ours,
        placed: line.placed,
        since,
        query,
        groupOf: (key) => byKey.get(groupIdOf(line.templateId, key)),
      });
      return [{ line, service }];
    });
  }

  /** The comparison of the templates' stored groups, our own figure of each placed among the others. */
  async function compareTemplates(
    companyId: number | null,
    query: BenchmarkQuery,
  ): Promise<TariffBenchmark> {
    const ours = companyId === null ? [] : await repo.figuresOf(companyId);
    const compared = await compareLines<ComparisonLine>(
      query,
      companyId === null ? undefined : ours.map((row) => row.templateId),
      (groups) =>
        companyId === null
          ? groups
              .filter((group) => group.oblast === '' && group.size === '')
              .map((group) => ({ templateId: group.templateId, ours: null, placed: null }))
          : ours.map((row) => ({ templateId: row.templateId, ours: row, placed: row })),
    );
    return {
      filters: { oblast: query.oblast ?? null, size: query.size ?? null },
      services: compared
        .map(({ service }) => service)
        .sort((a, b) => compareUkrainian(a.name, b.name) || a.templateId - b.templateId),
    };
  }

  return {
    getParticipation,
    refreshFigures,

    /**
     * At the start: the stored statistics of every template that has figures but none kept (figures written before
     * migration 0023), so no comparison reads an empty group for a template with participants.
     */
    async regroupMissing(): Promise<void> {
      // One template per transaction: each is independent, and so only one template's figures are in memory.
      for (const templateId of await repo.templatesWithoutGroups(windowStart(now())))
        await runInTransaction((tx) => regroup([templateId], tx));
    },

    /**
     * The figures of an order's company made again: after the administrator changes an order's status, which may
     * withdraw its recorded approvals (an order set back before its calculation prints no approved documents, see
     * `approvedSourcesOf`) or restore them.
     */
    async refreshFiguresOfOrder(identifier: string): Promise<void> {
      await refreshFigures(await sources.companyOfOrder(identifier));
    },

    /**
     * `PUT …/tariff-comparison/participation` (owner): join with the oblast (the figures made in the same
     * transaction), or leave (every figure gone at once); joining, leaving and a changed oblast are written to the
     * activity log.
     */
    async updateParticipation(scope: CompanyScope, input: ParticipationInput) {
      const { companyId } = scope;
      const { participates, oblast } = participationInputSchema.parse(input);
      const joining = participates ? oblast : null;
      const [figures, beds] =
        joining === null
          ? [[], null]
          : await Promise.all([
              sources.approvedTemplateServicesOf(companyId).then(figuresFrom),
              sources.bedsOf(companyId),
            ]);
      await runInTransaction(async (tx) => {
        const before = await repo.findParticipant(companyId, tx);
        const changing = await changingFrom(companyId, tx);
        const touched = changing.before.map((figure) => figure.templateId);
        if (joining === null) await repo.deleteParticipant(companyId, tx);
        else {
          await repo.saveParticipant({ companyId, oblast: joining, beds }, tx);
          await repo.replaceFigures(companyId, figures, tx);
          touched.push(...figures.map((figure) => figure.templateId));
        }
        await regroup(touched, tx, changing);
        await activityLog.record(tx, scope, participationActivity(before, joining));
      });
      return {
        message:
          joining === null ? TARIFF_COMPARISON_MESSAGES.left : TARIFF_COMPARISON_MESSAGES.joined,
        data: await getParticipation(companyId),
      };
    },

    /**
     * A company about to be deleted (the members module, when its only member joins another institution): its
     * participation and figures go and the templates they were in are regrouped, in the deletion's transaction
     * `tx`, so no stored group still counts it. Nothing happens for a company not taking part.
     */
    async removeCompany(companyId: number, tx: Executor): Promise<void> {
      const changing = await changingFrom(companyId, tx);
      await repo.deleteParticipant(companyId, tx);
      await regroup(
        changing.before.map((figure) => figure.templateId),
        tx,
        changing,
      );
    },

    /** `GET …/tariff-comparison`: the institution's template services among the others; give to get (403). */
    async compare(companyId: number, query: BenchmarkQuery): Promise<TariffBenchmark> {
      if (!(await repo.findParticipant(companyId)))
        throw new AppError('FORBIDDEN', TARIFF_COMPARISON_MESSAGES.notParticipating);
      return compareTemplates(companyId, query);
    },

    /**
     * The wizard's step 5 (issue 41): each of an order's services made from a template, its own computed tariff
     * (null while the order is not calculated) placed in the template's unfiltered stored group among the OTHER
     * institutions (our approved figure of the template taken out, as on the page); no services for a company not
     * taking part.
     */
    async compareOrder(
      companyId: number,
      services: ReadonlyArray<{
        calculationId: number;
        templateId: number;
        placed: PricedShares | null;
      }>,
    ): Promise<OrderBenchmark> {
      if (!(await repo.findParticipant(companyId))) return { services: [] };
      const ours = new Map((await repo.figuresOf(companyId)).map((row) => [row.templateId, row]));
      const compared = await compareLines(
        {},
        [...new Set(services.map((service) => service.templateId))],
        () =>
          services.map((service) => ({ ...service, ours: ours.get(service.templateId) ?? null })),
      );
      return {
        services: compared.map(({ line, service }) => ({
          ...service,
          calculationId: line.calculationId,
        })),
      };
    },

    /** `GET /api/administrator/tariff-comparison`: every template service across all participants, same k rule. */
    async compareForProvider(query: BenchmarkQuery): Promise<TariffBenchmark> {
      return compareTemplates(null, query);
    },
  };
}

export type TariffComparisonService = ReturnType<typeof createTariffComparisonService>;
