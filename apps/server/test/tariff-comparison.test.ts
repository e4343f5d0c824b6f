import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  COMPARISON_ARTICLES,
  HIDDEN_REASON_TEXTS,
  TARIFF_COMPARISON_MESSAGES,
  type ActivityPage,
  groupPublicationSchema,
  orderBenchmarkSchema,
  participationSchema,
  tariffBenchmarkSchema,
  type BenchmarkService,
  type Oblast,
  type StoredGroupPublication,
} from '@medcalc/domain';
import {
  companies,
  orders,
  tariffComparisonFigures,
  tariffComparisonGroups,
} from '../src/db/schema';
import {
  createAgent,
  downloadWorkbook,
  invitationTokenFor,
  joinAsMember,
  registerUser,
  type Agent,
} from './helper';
import { keysOf } from './json-keys';
import {
  WORKED_INFO,
  firstService,
  saveBody,
  useTwoCompanies,
  withCalculation,
  workedCalculations,
} from './worked-orders';

/*
 * Issue 41: the anonymous tariff comparison over HTTP. Institutions made by the test, each with an approved order of
 * the worked example's template at its own profitability (so its own tariff): opt-in and out (owner only), give to
 * get (403), 4 others → hidden, 5 → shown, leaving hides at once, what changes between two reads (nothing until six
 * institutions have changed), the filters, the 24-month window, the administrator's view, and no private field in
 * any answer. PGlite, and PostgreSQL in its run.
 */

const s = useTwoCompanies();

interface Institution {
  agent: Agent;
  company: string;
  /** The owner's e-mail (the actor of its activity rows) and password. */
  email: string;
  password: string;
  profit: number;
}

/** The test clock's day is 2026-11-22: inside the window, and one more than 24 months before it. */
const RECENT = { decisionNumber: '7', decisionDate: '2026-03-01', effectiveDate: '2026-04-01' };
const STALE = { decisionNumber: '3', decisionDate: '2024-09-01', effectiveDate: '2024-10-01' };

const participationUrl = (company: string) =>
  `/api/company/${company}/tariff-comparison/participation`;
const comparisonUrl = (company: string, query = '') =>
  `/api/company/${company}/tariff-comparison${query}`;

/** A new institution with `beds` beds and an approved order of the worked service at `profit` %. */
async function institution(
  profit: number,
  options: { beds?: number; decision?: typeof RECENT; approve?: boolean } = {},
): Promise<Institution> {
  const { agent, user, payload } = await registerUser(s.ctx.app);
  const company = user.companyIdentifier;
  const info = await agent.put(`/api/company-info/${company}`, {
    ...WORKED_INFO,
    name: `Лікарня ${profit}`,
    total_number_of_beds: options.beds ?? 40,
  });
  expect(info.statusCode, info.body).toBe(200);
  const made = { agent, company, email: payload.email, password: payload.password, profit };
  if (options.approve !== false) await approvedOrder(made, options.decision ?? RECENT);
  return made;
}

/**
 * Places, calculates at the institution's profitability, sends, agrees and records the decision of an order;
 * answers the order's identifier.
 */
async function approvedOrder(
  { agent, company, profit }: Institution,
  decision: typeof RECENT,
): Promise<string> {
  const detail = await s.kit.paidOrder(agent, company);
  const [category, service] = firstService(workedCalculations(detail));
  const calculated = await agent.post(
    '/api/calculations/calculate',
    saveBody(detail, withCalculation(category, service, { profit })),
  );
  expect(calculated.statusCode, calculated.body).toBe(200);
  const sent = await agent.post('/api/calculations/approve-from-user', {
    identifier: detail.identifier,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  await s.kit.setStatus(detail.identifier, 'agreed');
  const recorded = await agent.put(`/api/orders/${detail.identifier}/approval`, {
    revision: 1,
    ...decision,
  });
  expect(recorded.statusCode, recorded.body).toBe(200);
  return detail.identifier;
}

async function join(member: Institution, oblast: Oblast = 'Львівська') {
  const response = await member.agent.put(participationUrl(member.company), {
    participates: true,
    oblast,
  });
  expect(response.statusCode, response.body).toBe(200);
  return participationSchema.parse(response.json().data);
}

async function leave(member: Institution) {
  const response = await member.agent.put(participationUrl(member.company), {
    participates: false,
    oblast: null,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The worked service's line of the comparison `member` reads (strictly parsed: the whitelist). */
async function compared(member: Institution, query = ''): Promise<BenchmarkService> {
  const response = await member.agent.get(comparisonUrl(member.company, query));
  expect(response.statusCode, response.body).toBe(200);
  const answer = tariffBenchmarkSchema.parse(response.json());
  const [service, ...rest] = answer.services;
  expect(rest).toEqual([]);
  if (!service) throw new Error('the worked service is not compared');
  return service;
}

// Tariffs of the worked example's cost 243.34 at each profitability: 10 % → 267.67, 15 % → 279.84, 20 % → 292.01,
// 25 % → 304.18, 30 % → 316.34, 35 % → 328.51, 40 % → 340.68.
let ours: Institution;
let others: Institution[];
/**
 * What ours sees once the eleven others are shown: 267.67, 272.54, 279.84, 287.14, 296.87, 304.18, 311.48, 316.34,
 * 323.64, 328.51, 340.68 — P25 283.49, the median 304.18, P75 319.99; ours 292.01: 25 + 25·(292.01 − 283) /
 * (304 − 283) = 35.7 → 35.
 */
const ELEVEN_OTHERS = {
  n: 11,
  p25: 283,
  median: 304,
  p75: 320,
  ourPosition: 'within',
  ourPercentile: 35,
} as const;

/** The Kyiv institution's approved order (its approval withdrawn and restored below). */
let lateOrder: string;

beforeAll(async () => {
  ours = await institution(20);
  others = [];
  for (const profit of [10, 15, 25, 30]) others.push(await institution(profit));
});

describe('taking part', () => {
  it('is off by default, changed by the owner only, and needs an oblast', async () => {
    const before = await ours.agent.get(participationUrl(ours.company));
    expect(before.statusCode, before.body).toBe(200);
    expect(participationSchema.parse(before.json())).toEqual({
      participates: false,
      oblast: null,
      beds: 40,
    });
    const economist = (await joinAsMember(s.ctx, ours.agent, 'economist')).agent;
    const refused = await economist.put(participationUrl(ours.company), {
      participates: true,
      oblast: 'Львівська',
    });
    expect(refused.statusCode).toBe(403);
    const noOblast = await ours.agent.put(participationUrl(ours.company), {
      participates: true,
      oblast: null,
    });
    expect(noOblast.statusCode).toBe(422);
    expect(noOblast.json().errors.oblast).toEqual([TARIFF_COMPARISON_MESSAGES.oblastRequired]);
    // Another company's identifier: 403 before anything is read.
    expect((await ours.agent.get(participationUrl(s.bob.company))).statusCode).toBe(403);
  });

  it('gives to get: a company not taking part is refused the comparison', async () => {
    const refused = await ours.agent.get(comparisonUrl(ours.company));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(TARIFF_COMPARISON_MESSAGES.notParticipating);
  });
});

describe('the k rule', () => {
  it('shows nothing with 4 other institutions, and the statistics with 5', async () => {
    expect(await join(ours)).toEqual({ participates: true, oblast: 'Львівська', beds: 40 });
    for (const other of others) await join(other);
    const four = await compared(ours);
    expect(four).toMatchObject({ ourTariff: '292.01', statistics: null, hidden: 'too-few' });

    const fifth = await institution(35);
    others.push(fifth);
    await join(fifth);
    const five = await compared(ours);
    // Others: 267.67, 279.84, 304.18, 316.34, 328.51 (type 7 quartiles, whole hryvnias); ours 292.01 is placed
    // from the shown quartiles only: 25 + 25·(292.01 − 280) / (304 − 280) = 37.5 → 37.
    expect(five.hidden).toBeNull();
    expect(five.statistics).toEqual({
      n: 5,
      median: 304,
      p25: 280,
      p75: 316,
      ourPosition: 'within',
      ourPercentile: 37,
      articles: [
        { key: 'labour', median: expect.any(Number), ours: expect.any(Number) },
        { key: 'esv', median: expect.any(Number), ours: expect.any(Number) },
        { key: 'materials', median: expect.any(Number), ours: expect.any(Number) },
        // The worked service has no equipment: its depreciation is 0 % of the собівартість.
        { key: 'depreciation', median: 0, ours: 0 },
        { key: 'overhead', median: expect.any(Number), ours: expect.any(Number) },
        { key: 'profit', median: 25, ours: 20 },
      ],
    });
    // The same service and cost everywhere: each article's share of the собівартість is the same.
    for (const article of five.statistics?.articles.slice(0, 5) ?? [])
      expect(article.median).toBe(article.ours);
  });

  it('reads figures and stored groups written before the depreciation was compared as D = 0 %, not a 500', async () => {
    const before = await compared(ours);
    const provider = async () => {
      const response = await s.admin.get('/api/administrator/tariff-comparison');
      expect(response.statusCode, response.body).toBe(200);
      return tariffBenchmarkSchema.parse(response.json());
    };
    const providerBefore = await provider();
    // What the rows held before issue 38's D was an article: no `depreciation` in any figure's shares, nor in any
    // stored group's shown windows or pending figures.
    const { db } = s.ctx.database;
    const figures = await db
      .update(tariffComparisonFigures)
      .set({ shares: sql`${tariffComparisonFigures.shares} - 'depreciation'` })
      .returning({ shares: tariffComparisonFigures.shares });
    expect(figures.length).toBeGreaterThanOrEqual(6);
    for (const figure of figures) expect(figure.shares).not.toHaveProperty('depreciation');
    const groups = await db.select().from(tariffComparisonGroups);
    expect(JSON.stringify(groups.map((group) => group.publication))).toContain('depreciation');
    for (const group of groups)
      await db
        .update(tariffComparisonGroups)
        .set({
          publication: JSON.parse(
            JSON.stringify(group.publication, (key, value: unknown) =>
              key === 'depreciation' ? undefined : value,
            ),
          ) as StoredGroupPublication,
        })
        .where(
          and(
            eq(tariffComparisonGroups.templateId, group.templateId),
            eq(tariffComparisonGroups.oblast, group.oblast),
            eq(tariffComparisonGroups.size, group.size),
          ),
        );
    const stripped = await db.select().from(tariffComparisonGroups);
    expect(stripped.length).toBe(groups.length);
    expect(JSON.stringify(stripped.map((group) => group.publication))).not.toContain(
      'depreciation',
    );

    expect(await compared(ours)).toEqual(before);
    expect(await provider()).toEqual(providerBefore);
    const exported = await ours.agent.get(`${comparisonUrl(ours.company)}/export`);
    expect(exported.statusCode, exported.body).toBe(200);

    // An old figure reads as D = 0 %, so one of the shown set joining again with the same figure (now written
    // with its D) is no change of the groups it is in.
    const pending = async () =>
      (await db.select().from(tariffComparisonGroups)).flatMap(
        (group) => groupPublicationSchema.parse(group.publication).pending,
      );
    expect(await pending()).toEqual([]);
    const member = others[0];
    if (!member) throw new Error('setup');
    await join(member);
    const [figure] = await db
      .select({ shares: tariffComparisonFigures.shares })
      .from(tariffComparisonFigures)
      .innerJoin(companies, eq(companies.id, tariffComparisonFigures.companyId))
      .where(eq(companies.identifier, member.company));
    expect(figure?.shares).toHaveProperty('depreciation', 0);
    expect(await pending()).toEqual([]);
    expect(await compared(ours)).toEqual(before);
  });

  it('never answers a minimum, a maximum or any private field', async () => {
    const response = await ours.agent.get(comparisonUrl(ours.company));
    const keys = new Set(keysOf(response.json()));
    expect([...keys].sort()).toEqual(
      [
        '.filters',
        '.filters.oblast',
        '.filters.size',
        '.services',
        '.services[].templateId',
        '.services[].name',
        '.services[].ourTariff',
        '.services[].statistics',
        '.services[].statistics.n',
        '.services[].statistics.median',
        '.services[].statistics.p25',
        '.services[].statistics.p75',
        '.services[].statistics.ourPosition',
        '.services[].statistics.ourPercentile',
        '.services[].statistics.articles',
        '.services[].statistics.articles[].key',
        '.services[].statistics.articles[].median',
        '.services[].statistics.articles[].ours',
        '.services[].hidden',
      ].sort(),
    );
    // The lowest and highest tariffs, and the others' names, are nowhere in the answer.
    expect(response.body).not.toMatch(/267|328|Лікарня/);
  });

  it('removes a leaving institution from every comparison at once, and refuses it the comparison', async () => {
    const before = await compared(ours);
    const leaving = others[others.length - 1];
    if (!leaving) throw new Error('setup');
    await leave(leaving);
    // Its figure may not be shown, nor the four without it (the one-institution difference): nothing is.
    expect(await compared(ours)).toMatchObject({ statistics: null, hidden: 'changing' });
    expect((await leaving.agent.get(comparisonUrl(leaving.company))).statusCode).toBe(403);
    await join(leaving);
    expect(await compared(ours)).toEqual(before);
  });
});

describe('between two reads', () => {
  it('shows nothing new while fewer than six institutions have changed, and all of them once six have', async () => {
    const before = await compared(ours);
    expect(before.statistics).toMatchObject({ n: 5, median: 304 });
    // A Kyiv institution joins, then its approval is recorded: the set shown stays the same — with 340.68 among
    // the others the median would be (304.18 + 316.34) / 2 = 310, and 2 · 310 − 304 would tell its tariff.
    const late = await institution(40, { approve: false });
    await join(late, 'Київська');
    expect(await compared(ours)).toEqual(before);
    lateOrder = await approvedOrder(late, RECENT);
    expect(await compared(ours)).toEqual(before);
    // An approval older than 24 months is no figure: nothing changes; its own comparison sees ours and five others.
    const stale = await institution(12, { decision: STALE });
    await join(stale, 'Київська');
    expect(await compared(ours)).toEqual(before);
    expect((await compared(stale)).statistics?.n).toBe(6);

    // Five more in Lviv: the fifth makes six changes, and every one of them is shown at once.
    others.push(late);
    for (const [index, profit] of [12, 18, 22, 28, 33].entries()) {
      const member = await institution(profit);
      await join(member);
      others.push(member);
      if (index < 4) expect(await compared(ours)).toEqual(before);
    }
    expect((await compared(ours)).statistics).toMatchObject(ELEVEN_OTHERS);
  });

  it('hides the set a withdrawn approval is in at once, and shows it again when the approval is restored', async () => {
    const page = await compared(ours);
    // The administrator sets the order back to paid: its approved revision prints no documents, so no figure.
    await s.kit.setStatus(lateOrder, 'paid');
    expect(await compared(ours)).toMatchObject({ statistics: null, hidden: 'changing' });
    await s.kit.setStatus(lateOrder, 'agreed');
    expect(await compared(ours)).toEqual(page);
  });
});

describe('differencing', () => {
  it('keeps a filtered figure while fewer than six of its institutions have changed', async () => {
    // Others of ours: ten in Львівська and one in Київська (the stale one is out of the window). The Lviv set
    // changed by five joiners only: it keeps the five others it showed (six apart from the unfiltered eleven).
    const all = await compared(ours);
    expect(all.statistics?.n).toBe(11);
    const lviv = await compared(ours, '?oblast=Львівська');
    expect(lviv.statistics).toMatchObject({ n: 5, p25: 280, median: 304, p75: 316 });
    const kyiv = await compared(ours, `?oblast=${encodeURIComponent('Київська')}`);
    expect(kyiv).toMatchObject({ statistics: null, hidden: 'too-few' });
    // The size filter takes every institution (all small): the same set, so the same figure.
    const small = await compared(ours, '?size=small');
    expect(small.statistics).toEqual(all.statistics);
    // Both filters: the same set as Lviv's.
    const both = await compared(ours, '?oblast=Львівська&size=small');
    expect(both.statistics).toEqual(lviv.statistics);
  });

  it('answers a repeated filter the same, and our own leaving and joining changes nothing we see', async () => {
    const first = await compared(ours, '?size=small');
    expect(await compared(ours, '?size=small')).toEqual(first);
    await leave(ours);
    await join(ours);
    expect(await compared(ours, '?size=small')).toEqual(first);
  });
});

describe('the export', () => {
  it('writes what the page shows as an .xlsx, and refuses a company not taking part', async () => {
    const { sheet } = await downloadWorkbook(
      ours.agent,
      `${comparisonUrl(ours.company)}/export?oblast=${encodeURIComponent('Київська')}`,
    );
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]?.slice(1)).toEqual(['Область: Київська; розмір: будь-який']);
    expect(rows[1]?.slice(1, 8)).toEqual([
      'Послуга',
      'Ваш тариф, грн',
      'Закладів',
      '25-й процентиль, грн',
      'Медіана, грн',
      '75-й процентиль, грн',
      'Ваш процентиль',
    ]);
    // Hidden under the filter (too few): no figure in the row, only why.
    expect(rows[2]?.[2]).toBe(292.01);
    expect(rows[2]?.slice(3, 8).filter((value) => value !== undefined && value !== null)).toEqual(
      [],
    );
    expect(String(rows[2]?.at(-1))).toBe(HIDDEN_REASON_TEXTS['too-few']);

    const unfiltered = await downloadWorkbook(ours.agent, `${comparisonUrl(ours.company)}/export`);
    const shown = unfiltered.sheet.getRow(3).values as unknown[];
    const page = await compared(ours);
    expect(shown.slice(3, 8)).toEqual([
      page.statistics?.n,
      page.statistics?.p25,
      page.statistics?.median,
      page.statistics?.p75,
      `${page.statistics?.ourPercentile}-й процентиль`,
    ]);
    // Each article's median beside ours, in the калькуляція's order: the depreciation after the materials.
    const headers = unfiltered.sheet.getRow(2).values as unknown[];
    const articleColumns = [8, 8 + COMPARISON_ARTICLES.length * 2] as const;
    expect(headers.slice(...articleColumns)).toEqual(
      COMPARISON_ARTICLES.flatMap(({ label }) => [
        `${label}: медіана, %`,
        `${label}: ваш заклад, %`,
      ]),
    );
    expect(headers.slice(12, 16)).toEqual([
      'Матеріали: медіана, %',
      'Матеріали: ваш заклад, %',
      'Амортизація: медіана, %',
      'Амортизація: ваш заклад, %',
    ]);
    expect(shown.slice(...articleColumns)).toEqual(
      page.statistics?.articles.flatMap((article) => [article.median, article.ours]),
    );
    expect(shown.slice(14, 16)).toEqual([0, 0]);

    expect((await s.bob.agent.get(`${comparisonUrl(s.bob.company)}/export`)).statusCode).toBe(403);
  });
});

describe("the provider's view", () => {
  it('gives the administrator every participant per template service under the same rule', async () => {
    const response = await s.admin.get('/api/administrator/tariff-comparison');
    expect(response.statusCode, response.body).toBe(200);
    const answer = tariffBenchmarkSchema.parse(response.json());
    expect(answer.services).toHaveLength(1);
    // Ours and eleven others in the window (the stale one is out); no own tariff, no percentile.
    expect(answer.services[0]).toMatchObject({ ourTariff: null, hidden: null });
    expect(answer.services[0]?.statistics).toMatchObject({
      n: 12,
      ourPosition: null,
      ourPercentile: null,
    });
    const lviv = await s.admin.get('/api/administrator/tariff-comparison?oblast=Львівська');
    // Lviv keeps its last set (ours and five others), as every participant sees it.
    expect(tariffBenchmarkSchema.parse(lviv.json()).services[0]).toMatchObject({
      statistics: { n: 6 },
      hidden: null,
    });
    expect((await ours.agent.get('/api/administrator/tariff-comparison')).statusCode).toBe(403);
  });
});

describe("the wizard's line (an order's services)", () => {
  const orderUrl = (company: string, identifier: string) =>
    `${comparisonUrl(company)}/orders/${identifier}`;

  it('places the tariff of the order on screen, not the approved one, once the order is calculated', async () => {
    // A new order of the same template service: its calculation is not the approved one, its template is.
    const detail = await s.kit.paidOrder(ours.agent, ours.company);
    const [category, service] = firstService(workedCalculations(detail));
    const read = async () => {
      const response = await ours.agent.get(orderUrl(ours.company, detail.identifier));
      expect(response.statusCode, response.body).toBe(200);
      return orderBenchmarkSchema.parse(response.json()).services;
    };
    const page = await compared(ours);
    // Our approved 292.01 is placed from the eleven others' shown quartiles alone.
    expect(page).toMatchObject({ ourTariff: '292.01', statistics: ELEVEN_OTHERS });
    const others = page.statistics && {
      ...page.statistics,
      ourPosition: null,
      ourPercentile: null,
    };

    // Not calculated yet: the same statistics of the others (our approved figure still out of n), nothing placed.
    expect(await read()).toEqual([
      {
        ...page,
        ourTariff: null,
        statistics: others && {
          ...others,
          articles: others.articles.map((article) => ({ ...article, ours: null })),
        },
        calculationId: service.id,
      },
    ]);

    /** The order calculated at `profit` %, and its one line. */
    const calculatedAt = async (profit: number) => {
      const calculated = await ours.agent.post(
        '/api/calculations/calculate',
        saveBody(detail, withCalculation(category, service, { profit })),
      );
      expect(calculated.statusCode, calculated.body).toBe(200);
      const [line, ...rest] = await read();
      expect(rest).toEqual([]);
      expect(line).toMatchObject({ calculationId: service.id, hidden: null });
      return line;
    };
    /** The others' statistics with the order's tariff placed: every article's share as the approved one's but profit. */
    const placedAs = (profit: number, standing: object) => ({
      ...others,
      ...standing,
      articles: others?.articles.map((article) =>
        article.key === 'profit' ? { ...article, ours: profit } : article,
      ),
    });
    /** 25 + 25·(x − P25) / (P50 − P25), rounded down: the percentile between the shown P25 and median. */
    const interpolated = (tariff: string) =>
      others &&
      Math.floor(25 + (25 * (Number(tariff) - others.p25)) / (others.median - others.p25));

    // Calculated at 25 %: just above the shown median, placed between it and P75 — 304.18 equals another
    // institution's tariff, yet nothing tells it: 50 + 25·0.18/16 = 50.3 → 50. At 22 %: between P25 and the median.
    const at25 = await calculatedAt(25);
    expect(at25?.ourTariff).toBe('304.18');
    expect(at25?.statistics).toEqual(placedAs(25, { ourPosition: 'within', ourPercentile: 50 }));
    const at22 = await calculatedAt(22);
    expect(Number(at22?.ourTariff)).toBeGreaterThan(others?.p25 ?? Infinity);
    expect(Number(at22?.ourTariff)).toBeLessThan(Number(at25?.ourTariff));
    expect(at22?.statistics).toEqual(
      placedAs(22, { ourPosition: 'within', ourPercentile: interpolated(at22?.ourTariff ?? '') }),
    );
    expect(at22?.statistics?.ourPercentile).toBe(41);

    // Below the shown P25 every tariff answers the same — at 10 % it equals the lowest other's 267.67, at 5 % it is
    // below every other: the two answers differ only in the tariff and profit shown as ours.
    const at10 = await calculatedAt(10);
    const at5 = await calculatedAt(5);
    expect(at10?.ourTariff).toBe('267.67');
    expect(Number(at5?.ourTariff)).toBeLessThan(267.67);
    expect(at10?.statistics).toEqual(placedAs(10, { ourPosition: 'below', ourPercentile: null }));
    expect(at5?.statistics).toEqual(placedAs(5, { ourPosition: 'below', ourPercentile: null }));
    // The page still places the approved tariff.
    expect(await compared(ours)).toEqual(page);
  });

  it('answers a company not taking part no services, and another company’s order 404', async () => {
    const bobs = await s.kit.paidOrder(s.bob.agent, s.bob.company);
    const response = await s.bob.agent.get(orderUrl(s.bob.company, bobs.identifier));
    expect(response.statusCode, response.body).toBe(200);
    expect(orderBenchmarkSchema.parse(response.json())).toEqual({ services: [] });
    expect((await ours.agent.get(orderUrl(ours.company, bobs.identifier))).statusCode).toBe(404);
    expect((await ours.agent.get(orderUrl(s.bob.company, bobs.identifier))).statusCode).toBe(403);
  });
});

describe('the activity log', () => {
  /** The institution's rows of the tariff comparison, oldest first. */
  const participationLog = async (member: Institution) => {
    const response = await member.agent.get('/api/activity?kind=tariff-comparison');
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as ActivityPage).data
      .map(({ kind, subject, changes, actor }) => ({ kind, subject, changes, actor: actor.email }))
      .reverse();
  };

  it('records joining, leaving and a changed oblast with the owner as the actor, and nothing else', async () => {
    const rows = await participationLog(ours);
    // Joined, left and joined again above; the economist's refused switch left no row.
    const joined = [
      { field: 'Брати участь у порівнянні тарифів', from: 'Ні', to: 'Так' },
      { field: 'Область', from: null, to: 'Львівська' },
    ];
    expect(rows).toEqual(
      [
        joined,
        [
          { field: 'Брати участь у порівнянні тарифів', from: 'Так', to: 'Ні' },
          { field: 'Область', from: 'Львівська', to: null },
        ],
        joined,
      ].map((changes) => ({
        kind: 'tariff-comparison',
        subject: 'Порівняння тарифів',
        changes,
        actor: ours.email,
      })),
    );

    await join(ours); // unchanged: no row
    await join(ours, 'Київська');
    await join(ours);
    expect((await participationLog(ours)).slice(rows.length).map((row) => row.changes)).toEqual([
      [{ field: 'Область', from: 'Львівська', to: 'Київська' }],
      [{ field: 'Область', from: 'Київська', to: 'Львівська' }],
    ]);
    // Another institution's log has its own joining only.
    expect((await participationLog(others[0] as Institution)).map((row) => row.changes)).toEqual([
      joined,
    ]);
  });
});

describe('a deleted company', () => {
  it('leaves every stored group at once when its only member joins another institution', async () => {
    // One of the shown Lviv institutions (12 %).
    const member = others.find((other) => other.profit === 12);
    if (!member) throw new Error('setup');
    const before = await compared(ours);
    expect(before.statistics?.n).toBe(11);
    // A company is deleted only without orders (members module): its orders go at the database, as no route
    // deletes an approved one; its figure stays stored until the deletion itself.
    const { db } = s.ctx.database;
    const [row] = await db.select().from(companies).where(eq(companies.identifier, member.company));
    if (!row) throw new Error('setup');
    await db.delete(orders).where(eq(orders.companyId, row.id));
    expect(await compared(ours)).toEqual(before);

    const invited = await s.bob.agent.post('/api/members/invitations', {
      email: member.email,
      role: 'economist',
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const token = invitationTokenFor(s.ctx.mails, member.email);
    const accepted = await createAgent(s.ctx.app).post(`/api/invitations/${token}/accept`, {
      password: member.password,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(
      await db.select().from(companies).where(eq(companies.identifier, member.company)),
    ).toEqual([]);
    // Its figure is in no shown set any more: the sets it was in show nothing, the administrator's too.
    expect(await compared(ours)).toMatchObject({ statistics: null, hidden: 'changing' });
    const provider = await s.admin.get('/api/administrator/tariff-comparison');
    expect(tariffBenchmarkSchema.parse(provider.json()).services[0]).toMatchObject({
      statistics: null,
      hidden: 'changing',
    });
  });
});
