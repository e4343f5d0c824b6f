import { execFileSync } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_APPROVAL_SETTINGS,
  PUBLIC_PRICE_LIST_MESSAGES,
  PUBLIC_SERVICE_FIELDS,
  PUBLIC_SEARCH_MAX,
  publicPriceListSchema,
  publicationSchema,
  suggestSlug,
  type ActivityPage,
} from '@medcalc/domain';
import { pdfText } from '../src/modules/documents/read-back';
import { joinAsMember, type Agent } from './helper';
import { keysOf } from './json-keys';
import { openOtherInstance } from './instances';
import { readQrFromPdf } from '../../../scripts/lib/qr-reader.mjs';
import {
  WORKED_DOCTOR as DOCTOR,
  WORKED_INFO,
  WORKED_SERVICE as SERVICE,
  expectCalculated,
  setUpWorkedCompany,
  setWorkedSalary,
  useTwoCompanies,
} from './worked-orders';

/*
 * Issue 36: the public price list. The owner publishes it on /company (address suggested, unique, an earlier one
 * redirecting); anyone reads `/p/{slug}` (HTML), its embed, and its open data (JSON, CSV) built only from approved
 * tariffs in effect, through a whitelist of fields; ETag/304, the cache and CORS headers, framing only on the
 * embed, 404 alike for unknown and unpublished addresses (at once, on a second instance too), the search length
 * limit and the per-address limit. PGlite, and PostgreSQL in its run.
 */

const RATE_LIMIT = 30;
const s = useTwoCompanies({ env: { PUBLIC_RATE_LIMIT: String(RATE_LIMIT) } });
let economist: Agent;
let viewer: Agent;
let other: FastifyInstance;

const BODY_NAME = 'Виконавчий комітет Запорізької міської ради';
const publicationUrl = (company = s.alice.company) => `/api/company/${company}/public-price-list`;

/** A fresh address for every anonymous call, so the per-address limit counts only the test that probes it. */
let nextAddress = 0;
const freshAddress = () => {
  nextAddress += 1;
  return `198.51.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
};

/** An anonymous request (no cookies), as a patient's phone or an open-data portal makes it. */
const anonymous = (
  url: string,
  options: { headers?: Record<string, string>; ip?: string; app?: FastifyInstance } = {},
) =>
  (options.app ?? s.ctx.app).inject({
    method: 'GET',
    url,
    headers: options.headers ?? {},
    remoteAddress: options.ip ?? freshAddress(),
  });

/** Sends the current revision for approval, has the administrator agree it, and records the founder's decision. */
async function approve(
  identifier: string,
  revision: number,
  decision: { decisionNumber: string; decisionDate: string; effectiveDate: string },
) {
  const sent = await s.alice.agent.post('/api/calculations/approve-from-user', { identifier });
  expect(sent.statusCode, sent.body).toBe(200);
  await s.kit.setStatus(identifier, 'agreed');
  const recorded = await economist.put(`/api/orders/${identifier}/approval`, {
    revision,
    ...decision,
  });
  expect(recorded.statusCode, recorded.body).toBe(200);
}

async function publish(body: { published: boolean; slug: string }, agent = s.alice.agent) {
  return agent.put(publicationUrl(), body);
}

let first: string;
const slug = suggestSlug(WORKED_INFO.name ?? '');

beforeAll(async () => {
  const { agent, company } = s.alice;
  await setUpWorkedCompany(agent, company);
  const settings = await agent.put(`/api/company/${company}/approval-settings`, {
    ...DEFAULT_APPROVAL_SETTINGS,
    bodyName: BODY_NAME,
  });
  expect(settings.statusCode, settings.body).toBe(200);
  economist = (await joinAsMember(s.ctx, agent, 'economist')).agent;
  viewer = (await joinAsMember(s.ctx, agent, 'viewer')).agent;
  first = (await s.kit.formedOrder(agent, company, { info: WORKED_INFO })).identifier;
  other = await openOtherInstance(s.ctx);
});

afterAll(async () => {
  await other?.close();
});

describe('publishing on /company', () => {
  it('suggests the address from the name, takes it only from the owner, and keeps it one company’s', async () => {
    expect(slug).toBe('knp-pryklad-metodyky');
    const before = await s.alice.agent.get(publicationUrl());
    expect(before.statusCode, before.body).toBe(200);
    expect(publicationSchema.parse(before.json())).toEqual({
      published: false,
      slug: null,
      suggestedSlug: slug,
      formerSlugs: [],
    });
    expect((await anonymous(`/p/${slug}`)).statusCode).toBe(404);

    expect((await publish({ published: true, slug }, economist)).statusCode).toBe(403);
    expect((await publish({ published: true, slug }, viewer)).statusCode).toBe(403);
    const bad = await publish({ published: true, slug: 'Київ лікарня' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.slug).toEqual([PUBLIC_PRICE_LIST_MESSAGES.slug]);
    expect((await publish({ published: true, slug: '-ab' })).statusCode).toBe(422);

    const published = await publish({ published: true, slug: ` ${slug.toUpperCase()} ` });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ published: true, slug });
    // Another institution can neither take it nor is offered it.
    const taken = await s.bob.agent.put(publicationUrl(s.bob.company), { published: true, slug });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(PUBLIC_PRICE_LIST_MESSAGES.slugTaken);
    await s.bob.agent.put(`/api/company-info/${s.bob.company}`, { name: WORKED_INFO.name });
    const offered = publicationSchema.parse(
      (await s.bob.agent.get(publicationUrl(s.bob.company))).json(),
    );
    expect(offered.suggestedSlug).toBe(`${slug}-2`);
  });
});

describe('what is published', () => {
  it('lists nothing before an approval is recorded, then the approved tariff with its decision', async () => {
    const empty = publicPriceListSchema.parse((await anonymous(`/p/${slug}.json`)).json());
    expect(empty.services).toEqual([]);
    expect(empty.institution).toEqual({
      name: WORKED_INFO.name,
      address: WORKED_INFO.address,
      phones: [WORKED_INFO.ceo_phone, WORKED_INFO.counter_phone].filter(
        (phone, index, all) => phone && all.indexOf(phone) === index,
      ),
      edrpou: WORKED_INFO.code,
    });

    await approve(first, 1, {
      decisionNumber: '15',
      decisionDate: '2026-02-01',
      effectiveDate: '2026-03-01',
    });
    const list = publicPriceListSchema.parse((await anonymous(`/p/${slug}.json`)).json());
    expect(list.services).toEqual([
      {
        code: expect.stringMatching(/^\d{5}$/),
        name: SERVICE,
        category: expect.any(String),
        unit: 'послуга',
        price_without_vat: '279.84',
        vat: '0.00',
        price: '279.84',
        currency: 'UAH',
        effective_from: '2026-03-01',
        decision_number: '15',
        decision_date: '2026-02-01',
        decision_body: BODY_NAME,
      },
    ]);
    expect(list.licence.name).toBe('CC BY 4.0');
    expect(list.updated_at).toBe('2026-11-22');
  });

  it('publishes only whitelisted fields: any other field fails this test', async () => {
    const response = await anonymous(`/p/${slug}.json`);
    const keys = new Set(keysOf(response.json()));
    const allowed = new Set([
      '.schema_version',
      '.licence',
      '.licence.name',
      '.licence.url',
      '.institution',
      '.institution.name',
      '.institution.address',
      '.institution.phones',
      '.institution.edrpou',
      '.updated_at',
      '.services',
      ...PUBLIC_SERVICE_FIELDS.map((field) => `.services[].${field}`),
    ]);
    expect([...keys].filter((key) => !allowed.has(key))).toEqual([]);
    expect(PUBLIC_SERVICE_FIELDS).toEqual([
      'code',
      'name',
      'category',
      'unit',
      'price_without_vat',
      'vat',
      'price',
      'currency',
      'effective_from',
      'decision_number',
      'decision_date',
      'decision_body',
    ]);
    // Nothing private in any answer: the order, the cost, salaries, the people.
    for (const url of [`/p/${slug}`, `/p/${slug}/embed`, `/p/${slug}.json`, `/p/${slug}.csv`]) {
      const body = (await anonymous(url)).body;
      for (const secret of [
        first,
        '243.34',
        '243,34',
        '20000',
        s.alice.email,
        WORKED_INFO.ceo_name,
      ])
        if (secret) expect(body, `${url} shows ${secret}`).not.toContain(secret);
      if (WORKED_INFO.payment_code) expect(body).not.toContain(WORKED_INFO.payment_code);
    }
  });

  it('shows a tariff approved ahead of its date with «діє з», and a re-priced one from its effective date', async () => {
    // Revision 2 of the first order, re-priced and approved to take effect on 23 November.
    await setWorkedSalary(s.alice.agent, s.alice.company, DOCTOR, 22_000);
    const repriced = await s.alice.agent.post(`/api/orders/${first}/reprice`, { revision: 1 });
    expect(repriced.statusCode, repriced.body).toBe(200);
    await expectCalculated(s.alice.agent, first);
    await approve(first, 2, {
      decisionNumber: '31',
      decisionDate: '2026-11-20',
      effectiveDate: '2026-11-23',
    });
    // A second service, approved only ahead of its date.
    const second = (await s.kit.formedOrder(s.alice.agent, s.alice.company, { info: WORKED_INFO }))
      .identifier;
    await approve(second, 1, {
      decisionNumber: '32',
      decisionDate: '2026-11-20',
      effectiveDate: '2026-11-23',
    });

    const before = publicPriceListSchema.parse((await anonymous(`/p/${slug}.json`)).json());
    expect(before.services.map((row) => [row.decision_number, row.price])).toEqual([
      ['15', '279.84'],
      ['32', expect.any(String)],
    ]);
    const page = (await anonymous(`/p/${slug}`)).body;
    expect(page).toContain('діє з 23.11.2026');

    // On 23 November (Kyiv) the new tariff of the first service is in effect, on every instance. (The clock goes
    // back afterwards: the signed-in sessions of the later tests would have been idle too long.)
    const today = s.ctx.clock.current;
    s.ctx.clock.current = new Date('2026-11-22T22:30:00Z');
    try {
      const after = publicPriceListSchema.parse(
        (await anonymous(`/p/${slug}.json`, { app: other })).json(),
      );
      const [repricedRow, secondRow] = after.services;
      expect(repricedRow?.decision_number).toBe('31');
      expect(repricedRow?.effective_from).toBe('2026-11-23');
      expect(Number(repricedRow?.price)).toBeGreaterThan(279.84);
      expect(secondRow?.decision_number).toBe('32');
      expect((await anonymous(`/p/${slug}`)).body).not.toContain('діє з');
    } finally {
      s.ctx.clock.current = today;
    }
  });
});

describe('the public answers', () => {
  it('serves the page as HTML readable without JavaScript, cached with an ETag', async () => {
    const page = await anonymous(`/p/${slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('public, max-age=300');
    expect(page.body).toContain('<html lang="uk">');
    expect(page.body).toContain(`<title>Прейскурант платних послуг — ${WORKED_INFO.name}`);
    expect(page.body).toMatch(/<meta name="description" content="[^"]+">/);
    expect(page.body).toContain(SERVICE);
    expect(page.body).toContain('Прейскурант платних послуг');
    if (WORKED_INFO.address) expect(page.body).toContain(WORKED_INFO.address);
    expect(page.body).toContain('<script src="/p/-/price-list.js" defer></script>');
    // Every service is in the HTML itself, not added by a script.
    expect(page.body.match(/<tr data-search=/g)).toHaveLength(2);
    // Framing is the app's (same origin only), and no other origin may read it.
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.headers['access-control-allow-origin']).toBeUndefined();

    const etag = String(page.headers.etag);
    const again = await anonymous(`/p/${slug}`, { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const script = await anonymous('/p/-/price-list.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('lets any site frame the embed, and only the embed', async () => {
    const embed = await anonymous(`/p/${slug}/embed`);
    expect(embed.statusCode).toBe(200);
    expect(embed.headers['x-frame-options']).toBeUndefined();
    expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(embed.body).toContain(SERVICE);
    for (const url of ['/', '/company', '/api/health', `/p/${slug}.json`]) {
      const answer = await anonymous(url);
      expect(answer.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
    }
  });

  it('answers open data in the documented schema to any origin, and only there', async () => {
    const json = await anonymous(`/p/${slug}.json`, { headers: { origin: 'https://data.gov.ua' } });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json.headers['access-control-allow-origin']).toBe('*');
    expect(json.headers.link).toContain('rel="license"');
    expect(json.headers['cache-control']).toBe('public, max-age=300');
    const repeat = await anonymous(`/p/${slug}.json`, {
      headers: { 'if-none-match': String(json.headers.etag) },
    });
    expect(repeat.statusCode).toBe(304);

    const csv = await anonymous(`/p/${slug}.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['access-control-allow-origin']).toBe('*');
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(PUBLIC_SERVICE_FIELDS.join(';'));
    const document = publicPriceListSchema.parse(json.json());
    expect(lines.slice(1)).toEqual(
      document.services.map((row) => PUBLIC_SERVICE_FIELDS.map((field) => row[field]).join(';')),
    );
    // The signed-in API stays closed to other origins.
    const api = await s.alice.agent.request('GET', publicationUrl(), undefined, {
      headers: { origin: 'https://data.gov.ua' },
    });
    expect(api.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('prints the poster: A4, the name, the title and a QR code that reads back as the page’s address', async () => {
    const poster = await anonymous(`/p/${slug}/poster.pdf`);
    expect(poster.statusCode, poster.body).toBe(200);
    expect(poster.headers['content-type']).toBe('application/pdf');
    const info = execFileSync('pdfinfo', ['-'], { input: poster.rawPayload, encoding: 'utf8' });
    expect(info).toMatch(/Pages:\s+1\n/);
    expect(info).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
    const text = pdfText(poster.rawPayload, 'reading');
    expect(text).toContain(WORKED_INFO.name);
    expect(text).toContain('Прейскурант платних послуг');
    expect(text).toContain(`http://medcalc.test/p/${slug}`);
    expect(readQrFromPdf(poster.rawPayload)).toBe(`http://medcalc.test/p/${slug}`);
  });

  it('filters by `?q=` without JavaScript and refuses a search text over the limit', async () => {
    const found = await anonymous(`/p/${slug}?q=${encodeURIComponent('узд черевної')}`);
    expect(found.statusCode).toBe(200);
    expect(found.body).not.toMatch(/<tr data-search="[^"]*" hidden>/);
    const none = await anonymous(`/p/${slug}?q=zzzz`);
    expect(none.body.match(/<tr data-search="[^"]*" hidden>/g)).toHaveLength(2);
    expect(none.body).toContain('Знайдено: 0 послуг');
    const long = await anonymous(`/p/${slug}?q=${'а'.repeat(PUBLIC_SEARCH_MAX + 1)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      message: `Пошуковий запит — не більше ${PUBLIC_SEARCH_MAX} символів.`,
      code: 'BAD_REQUEST',
    });
  });
});

describe('addresses and unpublishing', () => {
  it('redirects an earlier address to the new one, which no one else may take', async () => {
    const moved = await publish({ published: true, slug: 'pryklad-tsiny' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.formerSlugs).toEqual([slug]);
    for (const suffix of ['', '.json', '.csv', '/embed']) {
      const old = await anonymous(`/p/${slug}${suffix}`);
      expect(old.statusCode, suffix).toBe(301);
      expect(old.headers.location).toBe(`/p/pryklad-tsiny${suffix}`);
    }
    expect((await anonymous('/p/pryklad-tsiny')).statusCode).toBe(200);
    const taken = await s.bob.agent.put(publicationUrl(s.bob.company), { published: true, slug });
    expect(taken.statusCode).toBe(409);
    // The company may go back to its earlier address.
    const back = await publish({ published: true, slug });
    expect(back.statusCode).toBe(200);
    expect((await anonymous('/p/pryklad-tsiny')).headers.location).toBe(`/p/${slug}`);
  });

  it('answers 404 alike for unknown and unpublished addresses, at once on every instance', async () => {
    expect((await anonymous(`/p/${slug}.json`, { app: other })).statusCode).toBe(200);
    const off = await publish({ published: false, slug });
    expect(off.statusCode, off.body).toBe(200);
    for (const suffix of ['', '.json', '.csv', '/embed']) {
      const hidden = await anonymous(`/p/${slug}${suffix}`, { app: other });
      const unknown = await anonymous(`/p/no-such-list${suffix}`);
      expect(hidden.statusCode, suffix).toBe(404);
      expect(unknown.statusCode, suffix).toBe(404);
      expect(hidden.body).toBe(unknown.body);
      expect(hidden.headers['content-type']).toBe(unknown.headers['content-type']);
    }
    expect((await anonymous(`/p/${slug}.json`)).json()).toEqual({
      message: PUBLIC_PRICE_LIST_MESSAGES.notFound,
      code: 'NOT_FOUND',
    });
    // A browser's navigation gets the same page for both.
    const html = { accept: 'text/html,application/xhtml+xml' };
    const hiddenPage = await anonymous(`/p/${slug}`, { headers: html });
    const unknownPage = await anonymous('/p/no-such-list', { headers: html });
    expect(hiddenPage.statusCode).toBe(404);
    expect(hiddenPage.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(hiddenPage.body).toBe(unknownPage.body);
    // Its earlier address is hidden too; a malformed one is the same 404.
    expect((await anonymous('/p/pryklad-tsiny')).statusCode).toBe(404);
    expect((await anonymous('/p/Not_A_Slug')).statusCode).toBe(404);
    expect((await publish({ published: true, slug })).statusCode).toBe(200);
    expect((await anonymous(`/p/${slug}`, { app: other })).statusCode).toBe(200);
  });

  it('limits each address’s public reads, not its sign-in or other addresses', async () => {
    const ip = '203.0.113.7';
    const statuses: number[] = [];
    for (let index = 0; index < RATE_LIMIT; index += 1)
      statuses.push((await anonymous(`/p/${slug}.json`, { ip })).statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await anonymous(`/p/${slug}.json`, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: PUBLIC_PRICE_LIST_MESSAGES.tooMany,
      code: 'TOO_MANY_REQUESTS',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await anonymous(`/p/${slug}.json`)).statusCode).toBe(200);
    const health = await anonymous('/api/health', { ip });
    expect(health.statusCode).toBe(200);
  });
});

describe('the activity log', () => {
  /** The owner's rows of the public price list, oldest first. */
  const publicationLog = async () => {
    const response = await s.alice.agent.get('/api/activity?kind=public-price-list');
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as ActivityPage).data
      .map(({ kind, subject, changes, actor }) => ({ kind, subject, changes, actor: actor.email }))
      .reverse();
  };

  it('records the first publication with its address, each switch and each address change, and nothing else', async () => {
    const [first, ...later] = await publicationLog();
    expect(first).toEqual({
      kind: 'public-price-list',
      subject: 'Публічний прейскурант',
      changes: [
        { field: 'Публікувати прейскурант', from: 'Ні', to: 'Так' },
        { field: 'Адреса сторінки', from: null, to: `/p/${slug}` },
      ],
      actor: s.alice.email,
    });
    const before = later.length;

    expect((await publish({ published: false, slug }, economist)).statusCode).toBe(403);
    expect((await publish({ published: true, slug })).statusCode).toBe(200); // unchanged: no row
    expect((await publish({ published: false, slug })).statusCode).toBe(200);
    expect((await publish({ published: true, slug: 'pryklad-zhurnal' })).statusCode).toBe(200);
    expect((await publish({ published: true, slug })).statusCode).toBe(200);

    const rows = (await publicationLog()).slice(1 + before);
    expect(rows.map((row) => row.changes)).toEqual([
      [{ field: 'Публікувати прейскурант', from: 'Так', to: 'Ні' }],
      [
        { field: 'Публікувати прейскурант', from: 'Ні', to: 'Так' },
        { field: 'Адреса сторінки', from: `/p/${slug}`, to: '/p/pryklad-zhurnal' },
      ],
      [{ field: 'Адреса сторінки', from: '/p/pryklad-zhurnal', to: `/p/${slug}` }],
    ]);
    // Another institution's refused claim of the address is not in either log.
    expect(
      (await s.bob.agent.put(publicationUrl(s.bob.company), { published: true, slug })).statusCode,
    ).toBe(409);
    expect(
      await s.bob.agent.get('/api/activity?kind=public-price-list').then((r) => r.json().data),
    ).toEqual([]);
  });
});
