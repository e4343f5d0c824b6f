import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config/env';

/**
 * The app's configuration for a bench run on `dataDir`: quiet logs, a fixed secret, any free port, and an
 * administrator password of its own (the README's published one must be changed before any call, issue 34).
 */
export const benchConfig = (dataDir: string, overrides: Record<string, string> = {}) =>
  loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    ADMIN_PASSWORD: 'bench-admin-password-7',
    PORT: '0',
    ...overrides,
  });

/** Starts `app` on a free port of 127.0.0.1 and answers its base URL. */
export async function listenForBench(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/**
 * The runs of a fairness bench: for each configuration an app of its own (`env` over {@link benchConfig}'s), all
 * on one data folder that is removed afterwards; `run` measures on the listening app and answers the report's
 * line of `label` and B's failed answers, which end the line (the first five); the line is printed too.
 */
export async function eachBenchApp<Env extends Readonly<Record<string, string>>>(
  report: string[],
  folderPrefix: string,
  configurations: ReadonlyArray<readonly [label: string, env: Env]>,
  run: (
    base: string,
    config: AppConfig,
    label: string,
    env: Env,
  ) => Promise<{ line: string; failed: readonly string[] }>,
): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), folderPrefix));
  try {
    for (const [label, env] of configurations) {
      const config = benchConfig(dataDir, env);
      const app = await buildApp(config);
      try {
        const { line: figures, failed } = await run(await listenForBench(app), config, label, env);
        const line =
          failed.length > 0
            ? `${figures}; B's failed answers: ${failed.slice(0, 5).join(', ')}`
            : figures;
        report.push(line);
        console.log(line);
      } finally {
        await app.close();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A figure as the reports print it: at most one decimal. */
export const fmt = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 1 });

/** The `p`-th percentile of `values` (nearest rank; 0 for none). */
export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.floor((p / 100) * values.length))
  ] ?? 0;

/**
 * «p50 … ms, p99 … ms[, max … ms] (n)»: a latency sample as the fairness benches print it (one place for
 * document-fairness and upload-fairness).
 */
export const latencyText = (values: number[], withMax = false) =>
  `p50 ${fmt(percentile(values, 50))} ms, p99 ${fmt(percentile(values, 99))} ms` +
  (withMax ? `, max ${fmt(Math.max(0, ...values))} ms` : '') +
  ` (${values.length})`;

/**
 * The process's peak resident memory since the last {@link resetPeakRss}, MB: Linux's VmHWM, which the kernel
 * keeps even while the event loop is blocked (a sampler on the event loop would miss those peaks); elsewhere the
 * peak of the process's life.
 */
export function peakRssMb(): number {
  try {
    const line = /VmHWM:\s+(\d+) kB/u.exec(readFileSync('/proc/self/status', 'utf8'));
    if (line?.[1]) return Number(line[1]) / 1024;
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS / 1024;
}
/** Starts a new peak (Linux: writing 5 to /proc/self/clear_refs resets VmHWM to the current RSS). */
export function resetPeakRss() {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // not Linux: the peak of the process's life
  }
}
