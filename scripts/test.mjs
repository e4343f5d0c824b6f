#!/usr/bin/env node
// `npm test`: every test layer, cheapest first, stopping at the first failure.
//   1. unit + HTTP tests of all workspaces on the embedded PGlite (vitest projects domain/server/web)
//   2. then side by side:
//      - the server's HTTP tests again on a throwaway PostgreSQL (scripts/test-pg.mjs)
//      - browser journeys in Debian's chromium against the real server (scripts/test-e2e.mjs)
// Stages 2 and 3 spend much of their time waiting on PostgreSQL, the servers and chromium, and the journeys run one
// file at a time, so on two cores they finish sooner together than one after the other (docs/performance.md "Test
// suite time"). Their lines are prefixed with the stage's tag ([pg], [e2e]) as they interleave.
// Each stage prints a heading and its duration; a summary follows at the end. Exits non-zero when any stage fails
// (or is interrupted). When a stage fails, the stage running beside it is stopped (reported "stopped", not passed)
// and later stages are reported as skipped.
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SIGNAL_CODES, onFirstStopSignal } from './lib/process-tools.mjs';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** @typedef {{ name: string, tag: string, cmd: string, args: string[] }} Stage */

/** Groups run one after another; the stages of a group run at the same time. @type {Stage[][]} */
const GROUPS = [
  [
    {
      name: 'unit + HTTP (PGlite)',
      tag: 'pglite',
      cmd: process.execPath,
      args: [join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run'],
    },
  ],
  [
    {
      name: 'HTTP on PostgreSQL',
      tag: 'pg',
      cmd: process.execPath,
      args: [join(REPO_ROOT, 'scripts', 'test-pg.mjs')],
    },
    {
      name: 'end-to-end (chromium)',
      tag: 'e2e',
      cmd: process.execPath,
      args: [join(REPO_ROOT, 'scripts', 'test-e2e.mjs')],
    },
  ],
];
const STAGE_COUNT = GROUPS.flat().length;

/** The stages' processes still running. @type {Set<import('node:child_process').ChildProcess>} */
const running = new Set();
// Ctrl-C reaches the stages already (same process group); forwarding covers `kill <this pid>`.
// The stage scripts clean up (database cluster, server, temp folders) on the signal.
const interruptedBy = onFirstStopSignal((signal) => {
  for (const child of running) if (child.exitCode === null) child.kill(signal);
});

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const rule = '─'.repeat(72);

/** Writes `stream`'s text to `out` a whole line at a time, each line led by `prefix`. */
function prefixLines(stream, out, prefix) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (text) => {
    const lines = (pending + text).split('\n');
    pending = lines.pop() ?? '';
    if (lines.length > 0) out.write(lines.map((line) => `${prefix}${line}\n`).join(''));
  });
  stream.on('end', () => {
    if (pending) out.write(`${prefix}${pending}\n`);
  });
}

/**
 * Runs one stage; resolves with its exit code. Alone it has the terminal; beside another its output is prefixed.
 * @param {Stage} stage
 * @param {boolean} shared
 * @returns {{ child: import('node:child_process').ChildProcess, done: Promise<number> }}
 */
function startStage(stage, shared) {
  const env = shared && process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env;
  const child = spawn(stage.cmd, stage.args, {
    cwd: REPO_ROOT,
    env,
    stdio: shared ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  running.add(child);
  if (shared) {
    prefixLines(child.stdout, process.stdout, `[${stage.tag}] `);
    prefixLines(child.stderr, process.stderr, `[${stage.tag}] `);
  }
  const done = new Promise((resolvePromise) => {
    child.on('error', (error) => {
      console.error(`[test] could not start ${stage.name}: ${error.message}`);
      running.delete(child);
      resolvePromise(1);
    });
    child.on('close', (code, signal) => {
      running.delete(child);
      resolvePromise(code ?? 128 + (SIGNAL_CODES[signal] ?? 1));
    });
  });
  return { child, done };
}

/** @type {{ name: string, status: 'passed' | 'failed' | 'stopped' | 'skipped', ms: number, code?: number }[]} */
const results = [];
const startedAt = performance.now();
let exitCode = 0;
let number = 0;

for (const group of GROUPS) {
  if (exitCode !== 0 || interruptedBy()) {
    for (const stage of group) results.push({ name: stage.name, status: 'skipped', ms: 0 });
    continue;
  }
  const shared = group.length > 1;
  const heading = group.map((stage) => `[${++number}/${STAGE_COUNT}] ${stage.name}`).join('  ‖  ');
  console.log(`\n${rule}\n▶ ${heading}${shared ? '  (side by side)' : ''}\n${rule}`);
  const groupStart = performance.now();
  /** The stage that failed first in this group, whose failure stopped the others. */
  let firstFailure = null;
  const started = group.map((stage) => ({ stage, ...startStage(stage, shared) }));
  await Promise.all(
    started.map(async ({ stage, child, done }) => {
      const code = await done;
      const ms = performance.now() - groupStart;
      const stoppedByOther = firstFailure !== null && code !== 0 && !interruptedBy();
      const failed = code !== 0 || interruptedBy() !== null;
      const status = stoppedByOther ? 'stopped' : failed ? 'failed' : 'passed';
      results.push({ name: stage.name, status, ms, code });
      const verdict =
        status === 'passed'
          ? 'passed'
          : status === 'stopped'
            ? `stopped (exit ${code}) after ${firstFailure} failed`
            : `FAILED (exit ${code})`;
      console.log(`${status === 'passed' ? '✔' : '✖'} ${stage.name}: ${verdict} in ${seconds(ms)}`);
      if (status !== 'failed') return;
      if (exitCode === 0) exitCode = code !== 0 ? code : 128 + SIGNAL_CODES[interruptedBy()];
      if (firstFailure !== null) return;
      firstFailure = stage.name;
      // Stop at the first failure: the stages beside this one stop too (they clean up on SIGTERM).
      for (const other of started) {
        if (other.child !== child && running.has(other.child)) other.child.kill('SIGTERM');
      }
    }),
  );
}

// The summary keeps the stages' order, whichever finished first.
const order = GROUPS.flat().map((stage) => stage.name);
results.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
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
