import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { isNull } from 'drizzle-orm';
import { moneyToString, type ImportPreview } from '@medcalc/domain';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { measurements, pills } from '../src/db/schema';
import { multipartUpload, priceList, toXlsx } from '../test/import-fixtures';

/** Thrown to roll the reference INSERT back. */
class RollBack extends Error {}

const ROUNDS = 3;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * `npm run bench -- imports` (issue 20: a 5,000-row materials file previews in < 2 s and applies in < 3 s on the
 * embedded database). Through the app (`inject`, no socket), signed in as a newly registered company user, on a
 * fresh PGlite folder, three rounds on three new companies: the preview and the apply of 5,000 new materials (2
 * new units), then of the same 5,000 with every price changed. Beside them, in the same run: exceljs alone reading the same file (the floor of the
 * preview), and the same 5,000 rows written by one bare Drizzle INSERT on another company's behalf (the floor of
 * the apply).
 */
export async function benchImports(): Promise<string[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'medcalc-bench-imports-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    PORT: '0',
    DEMO_ACCOUNT: 'false',
  });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
  });
  const app = await buildApp(config, { database });
  try {
    const cookies = new Map<string, string>();
    const send = async (
      method: 'GET' | 'POST',
      url: string,
      payload?: unknown,
      headers: Record<string, string> = {},
    ) => {
      const response = await app.inject({
        method,
        url,
        headers: {
          cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          'x-xsrf-token': decodeURIComponent(cookies.get('XSRF-TOKEN') ?? ''),
          ...headers,
        },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      for (const cookie of response.cookies as { name: string; value: string }[])
        cookies.set(cookie.name, cookie.value);
      if (response.statusCode >= 300)
        throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
      return response;
    };
    await send('GET', '/sanctum/csrf-cookie');
    const list = priceList(5000);
    const file = await toXlsx(list);
    const changed = await toXlsx({
      ...list,
      rows: list.rows.map(([name, unit, price]) => [
        name ?? null,
        unit ?? null,
        Math.round((Number(price) + 1) * 100) / 100,
      ]),
    });
    const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
      const start = performance.now();
      const value = await work();
      return [value, performance.now() - start];
    };

    // Each round on a newly registered company (a new session), so every apply writes 5,000 new rows.
    const figures: Record<'addPreview' | 'addApply' | 'updatePreview' | 'updateApply', number[]> = {
      addPreview: [],
      addApply: [],
      updatePreview: [],
      updateApply: [],
    };
    let newUnits = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const registered = await send('POST', '/api/register', {
        name: 'Олена Коваль',
        company: `КНП «Лікарня для вимірювань імпорту ${round}»`,
        phone: '380501234567',
        email: `bench-import-${round}-${Date.now()}@clinic.test`,
        password: 'bench-password-1',
        password_confirmation: 'bench-password-1',
      });
      const company = (registered.json() as { user: { companyIdentifier: string } }).user
        .companyIdentifier;
      const base = `/api/company/${company}/imports/pills`;
      const preview = async (xlsx: Buffer) => {
        const { payload, headers } = multipartUpload(xlsx, 'прайс.xlsx');
        return timed(
          async () =>
            (await send('POST', `${base}/preview`, payload, headers)).json() as ImportPreview,
        );
      };
      const apply = async (importId: string | null) =>
        timed(() => send('POST', `${base}/${importId}/apply`, { createUnits: true }));
      const [added, addPreviewMs] = await preview(file);
      const [, addApplyMs] = await apply(added.importId);
      const [updated, updatePreviewMs] = await preview(changed);
      if (updated.counts.updated !== 5000)
        throw new Error(`expected 5,000 updates, got ${updated.counts.updated}`);
      const [, updateApplyMs] = await apply(updated.importId);
      figures.addPreview.push(addPreviewMs);
      figures.addApply.push(addApplyMs);
      figures.updatePreview.push(updatePreviewMs);
      figures.updateApply.push(updateApplyMs);
      newUnits = added.newUnits.length;
      await send('POST', '/logout', {});
      cookies.clear();
      await send('GET', '/sanctum/csrf-cookie');
    }
    const excelOnly: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const [, ms] = await timed(async () => {
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(file as unknown as ArrayBuffer);
      });
      excelOnly.push(ms);
    }

    // The floor of the apply: the same rows in one bare INSERT at the template level, rolled back afterwards.
    const [unit] = await database.db
      .select({ id: measurements.id })
      .from(measurements)
      .where(isNull(measurements.companyId))
      .limit(1);
    let bareMs = 0;
    await database.db
      .transaction(async (tx) => {
        const start = performance.now();
        await tx.insert(pills).values(
          list.rows.map(([name, , price]) => ({
            name: `${String(name)} (еталон)`,
            measurementId: unit?.id ?? 0,
            price: moneyToString(Number(price)),
          })),
        );
        bareMs = performance.now() - start;
        throw new RollBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RollBack)) throw error;
      });

    const size = (buffer: Buffer) => `${(buffer.length / 1024).toFixed(0)} KiB`;
    const ms = (values: number[]) =>
      `median ${median(values).toFixed(0)} ms (${values.map((value) => value.toFixed(0)).join(', ')})`;
    return [
      `imports: 5,000-row materials .xlsx (${size(file)}), PGlite on disk, through the app (inject), ${ROUNDS} rounds`,
      `  preview, 5,000 new (${newUnits} new units): ${ms(figures.addPreview)}   target < 2000`,
      `  apply, 5,000 inserted:                ${ms(figures.addApply)}   target < 3000`,
      `  preview, 5,000 prices changed:        ${ms(figures.updatePreview)}`,
      `  apply, 5,000 prices updated:          ${ms(figures.updateApply)}`,
      `  reference: exceljs alone reads the file:  ${ms(excelOnly)}`,
      `  reference: one bare Drizzle INSERT (VALUES) of the 5,000 rows: ${bareMs.toFixed(0)} ms`,
    ];
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
