import { z } from '../common/zod';
import { storedGroupOf, storedGroupSchema, type PricedShares } from './stored-statistics';
import {
  COMPARISON_ARTICLES,
  K_ANONYMITY,
  storedArticleShares,
  type ComparisonArticle,
} from './tariff-statistics';

/*
 * Issue 41: which set of figures a stored group shows over time. A third institution joining, leaving or approving
 * anew between two reads would change a shown set by that one institution, and the two answers side by side would tell
 * its tariff (five others 267.67, 279.84, 304.18, 316.34, 328.51 give the median 304; a sixth x between 304.18 and
 * 316.34 makes it (304.18 + x) / 2, so x to within about ±1.5 грн). So a group keeps showing the set it last showed
 * and replaces it only by one of at least `REPUBLISH_AFTER` figures that differs from it, from every other group's
 * last shown set and from every set shown with it by none or by at least `REPUBLISH_AFTER` institutions (the server's
 * `regroupedFrom` decides, with `differenceFromShown` and `sharedKey`): so any two last shown sets differ so, and a
 * reader, whose own figure may be one of the difference, sees any two figures at least five others apart. A group
 * shows nothing while an institution of its set is no longer in it (it left, its approval was withdrawn or fell out
 * of the window, it moved to another oblast or size band): its figure may not be shown, and the set without it is the
 * one-institution difference this exists to stop. What a group keeps for that is small: the statistics of its shown
 * set and, for each institution whose figure now differs from it, the figure the shown set holds of it.
 */

/**
 * Institutions whose figures must differ from the shown set before it is replaced: k, and one more, so that a
 * reader whose own figure is one of the changes still sees at least k others change. A new group is first shown
 * once it holds this many.
 */
export const REPUBLISH_AFTER = K_ANONYMITY + 1;

/** A figure as a group holds it: a tariff, its shares, and the date its decision took effect. */
export interface GroupFigure extends PricedShares {
  approvedOn: string;
}

/** A figure a group holds; one stored before the equipment's depreciation was compared has no D (read as 0 %). */
const groupFigureSchema = z.strictObject({
  tariff: z.string(),
  shares: z
    .strictObject({
      ...(Object.fromEntries(COMPARISON_ARTICLES.map(({ key }) => [key, z.number()])) as Record<
        ComparisonArticle,
        z.ZodNumber
      >),
      depreciation: z.number().optional(),
    })
    .transform(storedArticleShares),
  approvedOn: z.string(),
});

/** An institution whose figure in the group now differs from the shown set's: the shown set's figure (null: none). */
export const pendingChangeSchema = z.strictObject({
  companyId: z.number().int(),
  shown: groupFigureSchema.nullable(),
});
export type PendingChange = z.infer<typeof pendingChangeSchema>;

/** A group's key as one string: its oblast and its size band (`''` for any). */
export const groupKeyId = (key: { oblast: string; size: string }) => `${key.oblast}|${key.size}`;

/** What a stored group shows: the shown set's statistics (null: nothing shown yet), what differs from it, and whether it may be shown. */
export const groupPublicationSchema = z.strictObject({
  shown: storedGroupSchema.nullable(),
  pending: z.array(pendingChangeSchema),
  /** An institution of the shown set is no longer in the group: it shows nothing until a new set is shown. */
  withdrawn: z.boolean(),
});
export type GroupPublication = z.infer<typeof groupPublicationSchema>;
/** A publication as its jsonb column holds it: one stored before issue 38's D was compared lacks its keys. */
export type StoredGroupPublication = z.input<typeof groupPublicationSchema>;

/** A figure now, one per institution. */
type Member = GroupFigure & { companyId: number };

/** Whether two figures of one institution are the same tariff and shares (the date aside). */
const sameFigure = (a: GroupFigure | null, b: GroupFigure | null): boolean =>
  a === null || b === null
    ? a === b
    : a.tariff === b.tariff &&
      COMPARISON_ARTICLES.every(({ key }) => a.shares[key] === b.shares[key]);

/**
 * The institutions whose figure in a group differs from the set it shows, after a change, with the shown set's
 * figure of each (null: none). A new approval of the same tariff and shares is no change: it tells nothing new.
 * - `previous`: what the group showed before (null: a group not kept until now, whose every member is a change).
 * - `members`: its figures now (inside the window), one per institution.
 * - `changed`: the institutions whose figure in the group may have changed since, each with the figure the group
 *   held of it before (null: none). An institution already pending keeps the shown set's figure.
 */
export function pendingChanges(input: {
  previous: GroupPublication | null;
  members: readonly Member[];
  changed: ReadonlyArray<{ companyId: number; before: GroupFigure | null }>;
}): PendingChange[] {
  const { previous, members } = input;
  const changed =
    previous === null
      ? members.map((member) => ({ companyId: member.companyId, before: null }))
      : input.changed;
  const pending = new Map<number, GroupFigure | null>(
    (previous?.pending ?? []).map((change) => [change.companyId, change.shown]),
  );
  for (const { companyId, before } of changed)
    if (!pending.has(companyId)) pending.set(companyId, before);
  const now = new Map(members.map((member) => [member.companyId, member]));
  return [...pending]
    .filter(([companyId, shown]) => !sameFigure(shown, figureOf(now.get(companyId))))
    .map(([companyId, shown]) => ({ companyId, shown }));
}

const figureOf = (member: Member | undefined): GroupFigure | null =>
  member ? { tariff: member.tariff, shares: member.shares, approvedOn: member.approvedOn } : null;

/**
 * By how many institutions a group's figures now differ from the set another group of the template last showed
 * (`other`: its figures now and its pending changes, which tell that set): the two sets now differ by
 * n₁ + n₂ − 2·`shared` (`shared`: the figures now in both, the set both filters make), and each pending institution
 * of the other counts by its shown figure instead of its figure now.
 */
export function differenceFromShown(input: {
  now: ReadonlyMap<number, GroupFigure>;
  other: { now: ReadonlyMap<number, GroupFigure>; pending: readonly PendingChange[] };
  shared: number;
}): number {
  const { now, other } = input;
  const differs = (a: GroupFigure | null, b: GroupFigure | null) => (sameFigure(a, b) ? 0 : 1);
  let difference = now.size + other.now.size - 2 * input.shared;
  for (const { companyId, shown } of other.pending) {
    const ours = now.get(companyId) ?? null;
    difference += differs(ours, shown) - differs(ours, other.now.get(companyId) ?? null);
  }
  return difference;
}

/**
 * A group's publication after a change: `pending` from `pendingChanges`; `accept` whether today's set replaces the
 * shown one (the server's `regroupedFrom` decides: at least `REPUBLISH_AFTER` figures, and as many changed, and apart
 * from every other group's last shown set and every set shown with it). Otherwise it keeps its set, shown unless an
 * institution of it is no longer in the group or its figure is older than `since`, the window's first day.
 */
export function nextPublication(input: {
  previous: GroupPublication | null;
  members: readonly Member[];
  pending: readonly PendingChange[];
  accept: boolean;
  since: string;
}): GroupPublication {
  const { previous, members, pending, since } = input;
  if (input.accept)
    return {
      shown: members.length === 0 ? null : storedGroupOf(members),
      pending: [],
      withdrawn: false,
    };
  const now = new Set(members.map((member) => member.companyId));
  return {
    shown: previous?.shown ?? null,
    pending: [...pending],
    withdrawn: pending.some(
      ({ companyId, shown }) => shown !== null && (!now.has(companyId) || shown.approvedOn < since),
    ),
  };
}

/** An oblast or a size band two filters share: either, when one is any (`''`); null when they differ. */
const meet = (a: string, b: string): string | null =>
  a === '' ? b : b === '' || a === b ? a : null;

/** The group two filter sets both hold (one oblast or any × one band or any), or null when they share none. */
export function sharedKey(
  a: { oblast: string; size: string },
  b: { oblast: string; size: string },
): { oblast: string; size: string } | null {
  const oblast = meet(a.oblast, b.oblast);
  const size = meet(a.size, b.size);
  return oblast === null || size === null ? null : { oblast, size };
}

/**
 * The figure a group's shown set holds of one institution: the pending change's when its figure differs, else its
 * figure now (`current`: null when it is not in the group).
 */
export function shownFigureOf(
  publication: GroupPublication,
  companyId: number,
  current: PricedShares | null,
): PricedShares | null {
  const change = publication.pending.find((entry) => entry.companyId === companyId);
  return change ? change.shown : current;
}
