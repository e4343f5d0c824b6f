import { appendFileSync } from 'node:fs';

import { processCpuSeconds } from '../../../../scripts/lib/process-tools.mjs';

/**
 * Per-journey CPU, for measuring the suite (docs/performance.md "Browser journeys"): with E2E_CPU_REPORT set to a
 * file, each journey file appends one JSON line with its wall time and the CPU seconds (user + sys) its test
 * process spent from its start to its end and its server spent in all (counted when the server has exited). The
 * run's one chromium is not in it (support/global-setup.ts: vitest's main process starts it). Linux only (reads
 * /proc/self/stat); without the variable it does nothing.
 */
const REPORT = process.env.E2E_CPU_REPORT;
// The journey files share their worker (vitest.config.ts `isolate: false`): each starts its own count.
let startedAt = performance.now();
let ownAtStart = 0;
let parts: Record<string, number> = {};

/** Starts a journey file's count (its `beforeAll`). */
export function startCpuReport(): void {
  if (!REPORT) return;
  startedAt = performance.now();
  ownAtStart = processCpuSeconds('self').own;
  parts = {};
}

/** Runs `close` (which must reap its child processes) and books their CPU under `part`. */
export async function measured<T>(part: string, close: () => Promise<T>): Promise<T> {
  if (!REPORT) return close();
  const before = processCpuSeconds('self').children;
  try {
    return await close();
  } finally {
    parts[part] = (parts[part] ?? 0) + processCpuSeconds('self').children - before;
  }
}

/** Appends this file's line to the report (call last, after every child process exited). */
export function writeCpuReport(file: string): void {
  if (!REPORT) return;
  const own = processCpuSeconds('self').own - ownAtStart;
  const round = (n: number) => Math.round(n * 100) / 100;
  appendFileSync(
    REPORT,
    `${JSON.stringify({
      file,
      wallS: round((performance.now() - startedAt) / 1000),
      testProcessS: round(own),
      ...Object.fromEntries(Object.entries(parts).map(([k, v]) => [`${k}S`, round(v)])),
    })}\n`,
  );
}
