import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';

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
 * Measures each of `modes` (a label and the environment it changes) against an app of its own, on one data
 * directory for all (what the first mode sets up is there for the next; removed at the end), listening on a free
 * port: `measure` answers the mode's figures, pushed onto `report` under the label and printed at once. The
 * document-fairness and upload-fairness benches run this way.
 */
export async function measureBenchModes(
  report: string[],
  dataDirPrefix: string,
  modes: readonly (readonly [label: string, env: Readonly<Record<string, string>>])[],
  measure: (mode: {
    env: Readonly<Record<string, string>>;
    base: string;
    config: ReturnType<typeof benchConfig>;
  }) => Promise<string>,
): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), dataDirPrefix));
  try {
    for (const [label, env] of modes) {
      const config = benchConfig(dataDir, env);
      const app = await buildApp(config);
      try {
        const base = await listenForBench(app);
        const figures = await measure({ env, base, config });
        report.push(`  ${label}:\n${figures}`);
        console.log(report.at(-1));
      } finally {
        await app.close();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The end of a fairness bench's line: B's first failed answers, if any. */
export const failedAnswersText = (failed: readonly string[]) =>
  failed.length > 0 ? `; B's failed answers: ${failed.slice(0, 5).join(', ')}` : '';

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
