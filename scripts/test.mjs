#!/usr/bin/env node
// `npm test`: every test layer in sequence, cheapest first, stopping at the first failure.
//   1. unit + HTTP tests of all workspaces on the embedded PGlite (vitest projects domain/server/web)
//   2. the server's HTTP tests again on a throwaway PostgreSQL (scripts/test-pg.mjs)
//   3. browser journeys in Debian's chromium against the real server (scripts/test-e2e.mjs)
// Each stage prints a heading and its duration; a summary follows at the end. Exits non-zero when any
// stage fails (or is interrupted); stages after a failure are reported as skipped, not passed.
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SIGNAL_CODES, onFirstStopSignal } from './lib/process-tools.mjs';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** @type {{ name: string, cmd: string, args: string[] }[]} */
const STAGES = [
  {
    name: 'unit + HTTP (PGlite)',
    cmd: process.execPath,
    args: [join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run'],
  },
  {
    name: 'HTTP on PostgreSQL',
    cmd: process.execPath,
    args: [join(REPO_ROOT, 'scripts', 'test-pg.mjs')],
  },
  {
    name: 'end-to-end (chromium)',
    cmd: process.execPath,
    args: [join(REPO_ROOT, 'scripts', 'test-e2e.mjs')],
  },
];

let current = null;
// Ctrl-C reaches the stage already (same process group); forwarding covers `kill <this pid>`.
// The stage scripts clean up (database cluster, server, temp folders) on the signal.
const interruptedBy = onFirstStopSignal((signal) => {
  if (current && current.exitCode === null) current.kill(signal);
});

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const rule = '─'.repeat(72);

function runStage(stage) {
  return new Promise((resolvePromise) => {
    current = spawn(stage.cmd, stage.args, { cwd: REPO_ROOT, stdio: 'inherit' });
    current.on('error', (error) => {
      console.error(`[test] could not start ${stage.name}: ${error.message}`);
      resolvePromise(1);
    });
    current.on('close', (code, signal) => {
      current = null;
      resolvePromise(code ?? 128 + (SIGNAL_CODES[signal] ?? 1));
    });
  });
}

/** @type {{ name: string, status: 'passed' | 'failed' | 'skipped', ms: number, code?: number }[]} */
const results = [];
const startedAt = performance.now();
let exitCode = 0;

for (const [index, stage] of STAGES.entries()) {
  if (exitCode !== 0 || interruptedBy()) {
    results.push({ name: stage.name, status: 'skipped', ms: 0 });
    continue;
  }
  console.log(`\n${rule}\n▶ [${index + 1}/${STAGES.length}] ${stage.name}\n${rule}`);
  const stageStart = performance.now();
  const code = await runStage(stage);
  const ms = performance.now() - stageStart;
  const failed = code !== 0 || interruptedBy() !== null;
  results.push({ name: stage.name, status: failed ? 'failed' : 'passed', ms, code });
  console.log(
    `${failed ? '✖' : '✔'} ${stage.name}: ${failed ? `FAILED (exit ${code})` : 'passed'} in ${seconds(ms)}`,
  );
  if (failed) exitCode = code !== 0 ? code : 128 + SIGNAL_CODES[interruptedBy()];
}

console.log(`\n${rule}\nTest summary`);
for (const result of results) {
  const time = result.status === 'skipped' ? '—' : seconds(result.ms);
  console.log(`  ${result.status.padEnd(8)} ${time.padStart(8)}  ${result.name}`);
}
console.log(`  ${'total'.padEnd(8)} ${seconds(performance.now() - startedAt).padStart(8)}`);
if (interruptedBy()) console.log(`Interrupted by ${interruptedBy()}.`);
console.log(exitCode === 0 ? 'All test stages passed.' : `Tests FAILED (exit ${exitCode}).`);
console.log(rule);
process.exit(exitCode);
