import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { OBLASTS, tariffBenchmarkSchema } from '@medcalc/domain';
import { buildApp } from '../src/app';
import { readTestDatabaseUrl } from '../src/config/env';
import type { DatabaseHandle } from '../src/db/client';
import { benchConfig, fmt, listenForBench, percentile } from './config';
import { fetchClient } from './http-client';
import { openBenchDatabase } from './orders-list';

/**
 * `npm run bench -- comparison` (issue 41, "Fast"): the comparison page's
 * `GET /api/company/{companyIdentifier}/tariff-comparison` of one institution among 10,000 participating
 * institutions × 200 template services (2,000,000 figures, written by bulk SQL, not through the API), unfiltered and
 * with both filters (one stored group per service: the query's), one request at a time,
 * beside a constant JSON route of the same process (the framework and the socket alone). Also the start's grouping of every template
 * (`regroupMissing`: the statistics made from scratch). On PGlite always; on PostgreSQL too with TEST_DATABASE_URL
 * (`node scripts/test-pg.mjs --run npm run bench -- comparison`).
 */

/** BENCH_COMPARISON_INSTITUTIONS sets fewer for a quick profile (`NODE_OPTIONS=--cpu-prof`). */
const INSTITUTIONS = Number(process.env.BENCH_COMPARISON_INSTITUTIONS ?? 10_000);
const TEMPLATES = 200;
const SAMPLES = 40;
const WARM_UP = 5;
/** Participants inserted per statement (each brings its 200 figures). */
const COMPANIES_PER_INSERT = 500;

/** Fills the database around the signed-in institution `viewerId`: templates, institutions, figures. */
async function generate(database: DatabaseHandle, viewerId: number) {
  const { db } = database;
  // Up to 200 templates: copies of the first seeded one under other names.
  await db.execute(sql`
    INSERT INTO templates (category_id, name, content)
    SELECT t.category_id, t.name || ' (вимірювання ' || g || ')', t.content
    FROM (SELECT * FROM templates ORDER BY id LIMIT 1) AS t,
         generate_series(1, ${TEMPLATES} - (SELECT count(*)::int FROM templates)) AS g`);
  await db.execute(sql`
    INSERT INTO companies (identifier, name, info)
    SELECT 'bench-comparison-' || g, 'Заклад ' || g, '{}'::jsonb
    FROM generate_series(1, ${INSTITUTIONS - 1}) AS g`);
  const oblasts = sql.join(
    OBLASTS.map((oblast) => sql`${oblast}::text`),
    sql`, `,
  );
  await db.execute(sql`
    INSERT INTO tariff_comparison_participants (company_id, oblast, beds)
    SELECT id, (ARRAY[${oblasts}])[1 + id % ${OBLASTS.length}], (id * 37) % 600
    FROM companies WHERE identifier LIKE 'bench-comparison-%'`);
  const ids = (
    await db.execute<{ id: number }>(
      sql`SELECT company_id AS id FROM tariff_comparison_participants ORDER BY 1`,
    )
  ).rows.map((row) => Number(row.id));
  if (!ids.includes(viewerId)) throw new Error('the signed-in institution does not take part');
  for (let start = 0; start < ids.length; start += COMPANIES_PER_INSERT) {
    const chunk = ids.slice(start, start + COMPANIES_PER_INSERT);
    await db.execute(sql`
      INSERT INTO tariff_comparison_figures (company_id, template_id, tariff, shares, minutes, approved_on)
      SELECT c.id, t.id, round((150 + random() * 350)::numeric, 2),
             jsonb_build_object(
               'labour', round((30 + random() * 30)::numeric, 4),
               'esv', round((6 + random() * 7)::numeric, 4),
               'materials', round((random() * 25)::numeric, 4),
               'depreciation', round((random() * 15)::numeric, 4),
               'overhead', round((10 + random() * 30)::numeric, 4),
               'profit', round((random() * 30)::numeric, 4)),
             20 + (random() * 60)::int, current_date - (random() * 600)::int
      FROM unnest(ARRAY[${sql.join(
        chunk.map((id) => sql`${id}::int`),
        sql`, `,
      )}]) AS c(id),
           (SELECT id FROM templates ORDER BY id LIMIT ${TEMPLATES}) AS t`);
  }
}

/** `count` sequential GETs of `url` after a warm-up, in ms. */
async function sample(url: string, headers: Record<string, string>, count: number) {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + count; i += 1) {
    const begun = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    if (i >= WARM_UP) times.push(performance.now() - begun);
  }
  return times;
}

const spread = (times: number[]) =>
  `p50 ${fmt(percentile(times, 50))} ms, p99 ${fmt(percentile(times, 99))} ms (${times.length})`;

async function benchOneDatabase(label: string, serverUrl: string | undefined) {
  const opened = await openBenchDatabase(serverUrl);
  const config = benchConfig(
    opened.dataDir,
    opened.databaseUrl ? { DATABASE_URL: opened.databaseUrl } : {},
  );
  const lines: string[] = [];
  try {
    // The institution that reads the page: registered and joined through the API, its figures by SQL too.
    const email = `comparison-${Date.now()}@clinic.test`;
    const password = 'bench-password-1';
    let app = await buildApp(config, { database: opened.database });
    let client = await fetchClient(await listenForBench(app));
    const { user } = await client.json<{ user: { companyIdentifier: string } }>(
      'POST',
      '/api/register',
      {
        name: 'Олена Коваль',
        company: 'КНП «Лікарня для вимірювань»',
        phone: '380501234567',
        email,
        password,
        password_confirmation: password,
      },
    );
    const company = user.companyIdentifier;
    await client.json('PUT', `/api/company/${company}/tariff-comparison/participation`, {
      participates: true,
      oblast: OBLASTS[0],
    });
    const [viewer] = (
      await opened.database.db.execute<{ id: number }>(
        sql`SELECT id FROM companies WHERE identifier = ${company}`,
      )
    ).rows;
    const [, generateMs] = await timed(() => generate(opened.database, Number(viewer?.id)));
    await app.close();

    // A restart: the start groups every template that has figures but no stored statistics (all 200 here).
    const [started, groupMs] = await timed(() => buildApp(config, { database: opened.database }));
    app = started;
    app.get('/bench/constant', async () => ({ status: 'ok', constant: true }));
    const base = await listenForBench(app);
    client = await fetchClient(base);
    await client.json('POST', '/login', { email, password });
    const headers = { cookie: client.cookie() };
    const page = `${base}/api/company/${company}/tariff-comparison`;
    const answer = tariffBenchmarkSchema.parse(
      JSON.parse((await client.send('GET', page.slice(base.length))).text),
    );
    const shown = answer.services.filter((service) => service.statistics !== null).length;
    if (answer.services.length !== TEMPLATES || shown === 0)
      throw new Error(`the page answered ${answer.services.length} services, ${shown} shown`);
    const filtered = `${page}?oblast=${encodeURIComponent(OBLASTS[0])}&size=medium`;
    const [real, both, constant] = [
      await sample(page, headers, SAMPLES),
      await sample(filtered, headers, SAMPLES),
      await sample(`${base}/bench/constant`, {}, SAMPLES),
    ];
    const bytes = Buffer.byteLength(JSON.stringify(answer));
    lines.push(
      `comparison, ${label}: ${INSTITUTIONS} participating institutions × ${TEMPLATES} template services ` +
        `(${fmt(generateMs / 1000)} s of bulk SQL); the start grouped them in ${fmt(groupMs / 1000)} s`,
      `  GET …/tariff-comparison (${TEMPLATES} services, ${shown} shown, ${fmt(bytes / 1024)} KiB): ${spread(real)}`,
      `  the same with oblast and size (1 group per service):         ${spread(both)}`,
      `  constant JSON route, same process:                           ${spread(constant)}`,
      `  target: the page < 200 ms`,
    );
    await app.close();
  } finally {
    await opened.database.close();
    await opened.drop();
  }
  return lines;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const begun = performance.now();
  const value = await work();
  return [value, performance.now() - begun];
}

/** The section's report lines: PGlite, then PostgreSQL when TEST_DATABASE_URL is set. */
export async function benchComparison(report: string[]) {
  const load = () =>
    os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ');
  report.push(`comparison: load average at start ${load()}`);
  report.push(...(await benchOneDatabase('embedded PGlite', undefined)));
  const serverUrl = readTestDatabaseUrl();
  if (serverUrl) report.push(...(await benchOneDatabase('PostgreSQL', serverUrl)));
  else report.push('comparison, PostgreSQL: skipped (no TEST_DATABASE_URL)');
  report.push(`comparison: load average at end ${load()}`);
}
