import { describe, expect, it } from 'vitest';
import { seededRandom } from '../common/seeded-random';
import {
  REPUBLISH_AFTER,
  groupPublicationSchema,
  nextPublication,
  pendingChanges,
  shownFigureOf,
  type GroupFigure,
  type GroupPublication,
} from './publication';
import { COMPARISON_ARTICLES, type ArticleShares } from './tariff-statistics';

const SINCE = '2024-11-22';

const shares = (profit: number): ArticleShares =>
  Object.fromEntries(
    COMPARISON_ARTICLES.map(({ key }) => [key, key === 'profit' ? profit : 20]),
  ) as ArticleShares;

const figure = (tariff: string, approvedOn = '2026-04-01'): GroupFigure => ({
  tariff,
  shares: shares(Number(tariff) / 10),
  approvedOn,
});

type Members = Map<number, GroupFigure>;

/**
 * A template's unfiltered group driven change by change, as the server does: each step one institution's figure
 * before and now.
 */
function groupOf() {
  let publication: GroupPublication | null = null;
  const members: Members = new Map();
  const step = (companyId: number, now: GroupFigure | null) => {
    const before = members.get(companyId) ?? null;
    if (now) members.set(companyId, now);
    else members.delete(companyId);
    const figures = [...members].map(([id, value]) => ({ companyId: id, ...value }));
    const pending = pendingChanges({
      previous: publication,
      members: figures,
      changed: [{ companyId, before }],
    });
    publication = nextPublication({
      previous: publication,
      members: figures,
      pending,
      accept: figures.length >= REPUBLISH_AFTER && pending.length >= REPUBLISH_AFTER,
      since: SINCE,
    });
    return publication;
  };
  return { step, members, current: () => publication };
}

// Five others 267.67, 279.84, 304.18, 316.34, 328.51 and ours 292.01 (the worked example's tariffs).
const SIX = ['292.01', '267.67', '279.84', '304.18', '316.34', '328.51'];

describe('a group shown over time', () => {
  it('is first shown once six institutions are in it', () => {
    const group = groupOf();
    SIX.slice(0, 5).forEach((tariff, index) => {
      const after = group.step(index + 1, figure(tariff));
      expect(after.shown).toBeNull();
      expect(after.pending).toHaveLength(index + 1);
    });
    const shown = group.step(6, figure('328.51'));
    expect(shown).toMatchObject({ pending: [], withdrawn: false });
    expect(shown.shown?.n).toBe(6);
  });

  it('keeps the set it showed while fewer than six institutions differ from it, and hides it once one of that set has gone', () => {
    const group = groupOf();
    SIX.forEach((tariff, index) => group.step(index + 1, figure(tariff)));
    const first = group.current()?.shown;
    // A seventh joins with 310.00: the median would move to (304.18 + 310) / 2 and tell it. The set shown stays.
    expect(group.step(7, figure('310.00'))).toEqual({
      shown: first,
      pending: [{ companyId: 7, shown: null }],
      withdrawn: false,
    });
    // It leaves again: nothing differs any more.
    expect(group.step(7, null)).toEqual({
      shown: first,
      pending: [],
      withdrawn: false,
    });
    // One of the shown set approves anew: its old figure is still shown (it still takes part).
    const renewed = group.step(2, figure('270.00', '2026-06-01'));
    // A new approval of the same figure is no change.
    expect(group.step(3, figure('279.84', '2026-06-01')).pending).toHaveLength(1);
    expect(renewed).toMatchObject({ shown: first, withdrawn: false });
    expect(shownFigureOf(renewed, 2, figure('270.00'))).toEqual(figure('267.67'));
    expect(shownFigureOf(renewed, 3, figure('279.84'))).toEqual(figure('279.84'));
    // One of the shown set leaves: its figure may not be shown, nor the set without it: withdrawn.
    expect(group.step(6, null)).toMatchObject({ shown: first, withdrawn: true });
    // It comes back with the same figure: the set shown is whole again.
    expect(group.step(6, figure('328.51'))).toMatchObject({ shown: first, withdrawn: false });
    // Six changes in all (2 to 5 renewed, 8 and 9 joined): the set is replaced by today's.
    for (const companyId of [3, 4, 5]) group.step(companyId, figure('300.00', '2026-07-01'));
    expect(group.step(8, figure('350.00'))).toMatchObject({ shown: first });
    const replaced = group.step(9, figure('360.00'));
    expect(replaced.shown).not.toBe(first);
    expect(replaced).toMatchObject({ pending: [], withdrawn: false, shown: { n: 8 } });
  });

  it('hides a shown figure once it falls out of the window', () => {
    const group = groupOf();
    SIX.forEach((tariff, index) =>
      group.step(index + 1, figure(tariff, index === 0 ? '2024-12-01' : '2026-04-01')),
    );
    const publication = group.current();
    if (!publication) throw new Error('setup');
    // The window moved past the first figure's date: the server names it as a change (before: the figure).
    const members = [...group.members]
      .filter(([companyId]) => companyId !== 1)
      .map(([companyId, value]) => ({ companyId, ...value }));
    const pending = pendingChanges({
      previous: publication,
      members,
      changed: [{ companyId: 1, before: figure('292.01', '2024-12-01') }],
    });
    const moved = nextPublication({
      previous: publication,
      members,
      pending,
      accept: false,
      since: '2024-12-02',
    });
    expect(moved).toMatchObject({ shown: publication.shown, withdrawn: true });
  });

  it('never replaces the shown set by one that differs from it by fewer than six institutions, on random changes', () => {
    const random = seededRandom(411);
    let replaced = 0;
    for (let run = 0; run < 40; run += 1) {
      const group = groupOf();
      let lastShown: Members = new Map();
      let shownStatistics: GroupPublication['shown'] = null;
      for (let change = 0; change < 120; change += 1) {
        const companyId = 1 + Math.floor(random() * 14);
        const now =
          random() < 0.3
            ? null
            : figure((250 + Math.floor(random() * 8) * 10).toFixed(2), '2026-04-01');
        const after = group.step(companyId, now);
        if (after.shown !== shownStatistics) {
          // Replaced: today's set differs from the last shown by at least six institutions.
          const ids = new Set([...lastShown.keys(), ...group.members.keys()]);
          const differing = [...ids].filter(
            (id) =>
              JSON.stringify(lastShown.get(id) ?? null) !==
              JSON.stringify(group.members.get(id) ?? null),
          );
          expect(differing.length).toBeGreaterThanOrEqual(REPUBLISH_AFTER);
          lastShown = new Map(group.members);
          shownStatistics = after.shown;
          replaced += 1;
        }
        // The shown set is always today's members with each pending institution's shown figure instead.
        const reconstructed: Members = new Map(group.members);
        for (const pending of after.pending)
          if (pending.shown) reconstructed.set(pending.companyId, pending.shown);
          else reconstructed.delete(pending.companyId);
        expect([...reconstructed].sort(([a], [b]) => a - b)).toEqual(
          [...lastShown].sort(([a], [b]) => a - b),
        );
        // Withdrawn exactly when an institution of the shown set is not in the group now.
        expect(after.withdrawn).toBe([...lastShown.keys()].some((id) => !group.members.has(id)));
        if (group.members.size >= REPUBLISH_AFTER)
          expect(after.pending.length).toBeLessThan(REPUBLISH_AFTER);
      }
    }
    expect(replaced).toBeGreaterThan(40);
  });
});

describe('a group whose new set is not accepted', () => {
  it('keeps the set it showed, and what differs from it', () => {
    const members = SIX.map((tariff, index) => ({ companyId: index + 1, ...figure(tariff) }));
    const first = nextPublication({
      previous: null,
      members,
      pending: pendingChanges({ previous: null, members, changed: [] }),
      accept: true,
      since: SINCE,
    });
    expect(first.shown?.n).toBe(6);
    const many = [
      ...members,
      ...[7, 8, 9, 10, 11, 12].map((companyId) => ({ companyId, ...figure('300.00') })),
    ];
    const pending = pendingChanges({
      previous: first,
      members: many,
      changed: [7, 8, 9, 10, 11, 12].map((companyId) => ({ companyId, before: null })),
    });
    expect(
      nextPublication({ previous: first, members: many, pending, accept: false, since: SINCE }),
    ).toEqual({
      shown: first.shown,
      pending,
      withdrawn: false,
    });
    expect(
      nextPublication({ previous: first, members: many, pending, accept: true, since: SINCE }),
    ).toMatchObject({ shown: { n: 12 }, pending: [], withdrawn: false });
  });
});

describe('a publication stored before the depreciation was compared (issue 38)', () => {
  it('reads its shown set and its pending figures without D as D = 0 %, and a figure unchanged since as no change', () => {
    const beforeD = (tariff: string): GroupFigure => {
      const made = figure(tariff);
      return { ...made, shares: { ...made.shares, depreciation: 0 } };
    };
    const group = groupOf();
    SIX.forEach((tariff, index) => group.step(index + 1, beforeD(tariff)));
    const publication = group.step(2, beforeD('270.00'));
    expect(publication.pending).toEqual([{ companyId: 2, shown: beforeD('267.67') }]);
    // As the jsonb column holds it, written before the key existed: no `depreciation` anywhere.
    const stored: unknown = JSON.parse(
      JSON.stringify(publication, (key, value: unknown) =>
        key === 'depreciation' ? undefined : value,
      ),
    );
    expect(JSON.stringify(stored)).not.toContain('depreciation');
    const read = groupPublicationSchema.parse(stored);
    expect(read).toEqual(publication);
    // Its figures as the institutions hold them now (D 0 %): nothing more differs from the set it shows.
    const members = [...group.members].map(([companyId, value]) => ({ companyId, ...value }));
    expect(pendingChanges({ previous: read, members, changed: [] })).toEqual(publication.pending);
  });
});
