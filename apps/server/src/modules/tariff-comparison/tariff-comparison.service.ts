import {
  TARIFF_COMPARISON_MESSAGES,
  compareUkrainian,
  participationInputSchema,
  type BenchmarkQuery,
  type Participation,
  type ParticipationInput,
  type TariffBenchmark,
} from '@medcalc/domain';
import { AppError } from '../../lib/app-error';
import { changeOf, type ActivityLog, type ActivityRecord } from '../activity/activity-log';
import type { CompanyScope } from '../../lib/company-scope';
import type { Executor } from '../../db/client';
import type { RunInTransaction } from '../../lib/transaction';
import type { ComparisonSources } from './comparison-sources';
import {
  blocksWanted,
  figuresFrom,
  groupKeyOf,
  groupKeysOf,
  groupsFrom,
  storedComparisonOf,
  windowStart,
} from './comparison-figures';
import type {
  GroupKey,
  GroupRow,
  ParticipantRow,
  TariffComparisonRepository,
} from './tariff-comparison.repository';

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
   * The stored groups of `templateIds` made again from the figures inside today's window, in `tx` (the transaction
   * of the change), once no other transaction is making them.
   */
  async function regroup(templateIds: readonly number[], tx: Executor): Promise<void> {
    const ids = [...new Set(templateIds)];
    if (ids.length === 0) return;
    await repo.lockGroups(ids, tx);
    const figures = await repo.figures({ since: windowStart(now()), templateIds: ids }, tx);
    const { groups, blocks } = groupsFrom(figures);
    await repo.replaceGroups(ids, groups, blocks, tx);
  }

  /** The participant's figures made again from its approved services (nothing for a company not taking part). */
  async function refreshFigures(companyId: number): Promise<void> {
    if (!(await repo.findParticipant(companyId))) return;
    const [figures, beds] = await Promise.all([
      sources.approvedTemplateServicesOf(companyId).then(figuresFrom),
      sources.bedsOf(companyId),
    ]);
    await runInTransaction(async (tx) => {
      // Left meanwhile: nothing is written back.
      const participant = await repo.findParticipant(companyId, tx);
      if (!participant) return;
      const before = await repo.templatesOf(companyId, tx);
      await repo.saveParticipant({ ...participant, beds }, tx);
      await repo.replaceFigures(companyId, figures, tx);
      await regroup([...before, ...figures.map((figure) => figure.templateId)], tx);
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

  /** The comparison of the templates' stored groups, our own figure of each placed among the others. */
  async function compareTemplates(
    companyId: number | null,
    query: BenchmarkQuery,
  ): Promise<TariffBenchmark> {
    const since = windowStart(now());
    const ours = companyId === null ? [] : await repo.figuresOf(companyId);
    const groups = await currentGroups({
      ...(companyId === null ? {} : { templateIds: ours.map((row) => row.templateId) }),
      keys: groupKeysOf(query),
      since,
    });
    const idOf = (templateId: number, key: GroupKey) => `${templateId}|${key.oblast}|${key.size}`;
    const byKey = new Map(groups.map((group) => [idOf(group.templateId, group), group]));
    const queryKey = groupKeyOf(query);
    const wanted = ours.flatMap((row) =>
      blocksWanted(row, byKey.get(idOf(row.templateId, queryKey))).map((block) => ({
        templateId: row.templateId,
        block,
      })),
    );
    const blocks = new Map(
      (await repo.blocks(queryKey, wanted)).map((row) => [
        `${row.templateId}|${row.block}`,
        row.cents,
      ]),
    );
    const templateIds =
      companyId === null
        ? groups
            .filter((group) => group.oblast === '' && group.size === '')
            .map((group) => group.templateId)
        : ours.map((row) => row.templateId);
    const names = await sources.templateNames(templateIds);
    const services = templateIds
      .filter((templateId) => names.has(templateId))
      .map((templateId) =>
        storedComparisonOf({
          templateId,
          name: names.get(templateId) ?? '',
          ours: ours.find((row) => row.templateId === templateId) ?? null,
          since,
          query,
          groupOf: (key) => byKey.get(idOf(templateId, key)),
          blockOf: (block) => blocks.get(`${templateId}|${block}`) ?? [],
        }),
      )
      .sort((a, b) => compareUkrainian(a.name, b.name) || a.templateId - b.templateId);
    return {
      filters: { oblast: query.oblast ?? null, size: query.size ?? null },
      services,
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
        const touched = await repo.templatesOf(companyId, tx);
        if (joining === null) await repo.deleteParticipant(companyId, tx);
        else {
          await repo.saveParticipant({ companyId, oblast: joining, beds }, tx);
          await repo.replaceFigures(companyId, figures, tx);
          touched.push(...figures.map((figure) => figure.templateId));
        }
        await regroup(touched, tx);
        await activityLog.record(tx, scope, participationActivity(before, joining));
      });
      return {
        message:
          joining === null ? TARIFF_COMPARISON_MESSAGES.left : TARIFF_COMPARISON_MESSAGES.joined,
        data: await getParticipation(companyId),
      };
    },

    /** `GET …/tariff-comparison`: the institution's template services among the others; give to get (403). */
    async compare(companyId: number, query: BenchmarkQuery): Promise<TariffBenchmark> {
      if (!(await repo.findParticipant(companyId)))
        throw new AppError('FORBIDDEN', TARIFF_COMPARISON_MESSAGES.notParticipating);
      return compareTemplates(companyId, query);
    },

    /** `GET /api/administrator/tariff-comparison`: every template service across all participants, same k rule. */
    async compareForProvider(query: BenchmarkQuery): Promise<TariffBenchmark> {
      return compareTemplates(null, query);
    },
  };
}

export type TariffComparisonService = ReturnType<typeof createTariffComparisonService>;
