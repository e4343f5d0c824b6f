#!/usr/bin/env node
// `npm test`: every test layer, stopping at the first failure.
//   1. unit + HTTP tests of all workspaces on the embedded PGlite (vitest projects domain/server/web)
//   2. the server's HTTP tests again on a throwaway PostgreSQL (scripts/test-pg.mjs), once stage 1 has passed
//   3. browser journeys in Debian's chromium against the real server (scripts/test-e2e.mjs), once stage 1 has passed
// Stage 1 runs alone: beside the journeys its component tests starved and timed out (CI, 29 Nov 2026). Stages 2 and 3
// then run side by side; the journeys mostly wait (on their server, chromium, the app's debounces), and stage 2 runs
// at a lower CPU priority (nice 10) so the journeys keep the pace they have alone (docs/performance.md "Test suite
// time", issue 39). Lines are prefixed with the stage's tag ([pglite], [pg], [e2e]) as they interleave.
// Each stage prints a heading and its duration; a summary follows at the end. Exits non-zero when any stage fails
// (or is interrupted). When a stage fails, the stages running beside it are stopped (reported "stopped", not passed)
// and later stages are reported as skipped.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SIGNAL_CODES, onFirstStopSignal } from './lib/process-tools.mjs';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `after`: the tag of the stage that must pass before this one starts; `nice`: the CPU priority it runs at (and what
 * it starts: vitest's workers, the PostgreSQL cluster).
 * @typedef {{ name: string, tag: string, cmd: string, args: string[], after?: string, nice?: number }} Stage
 */

/** Whatever can run at once does; a stage with `after` waits for that stage to pass. @type {Stage[]} */
const STAGES = [
  {
    name: 'unit + HTTP (PGlite)',
    tag: 'pglite',
    cmd: process.execPath,
    args: [join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run'],
    nice: 10,
  },
  {
    name: 'HTTP on PostgreSQL',
    tag: 'pg',
    cmd: process.execPath,
    args: [join(REPO_ROOT, 'scripts', 'test-pg.mjs')],
    after: 'pglite',
    nice: 10,
  },
  {
    name: 'end-to-end (chromium)',
    tag: 'e2e',
    cmd: process.execPath,
    args: [join(REPO_ROOT, 'scripts', 'test-e2e.mjs')],
    after: 'pglite',
  },
];

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
  // Set before the stage has started anything (node is still loading), so all it starts inherits it.
  if (stage.nice !== undefined && child.pid !== undefined) {
    try {
      setPriority(child.pid, stage.nice);
    } catch {
      // Not allowed here: the stage runs at the normal priority.
    }
  }
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
/** The stage that failed first, whose failure stopped the others. @type {string | null} */
let firstFailure = null;
/** The stages started so far, by tag. @type {Map<string, { child: import('node:child_process').ChildProcess, done: Promise<number> }>} */
const started = new Map();
/** Resolves with whether the stage `tag` passed. @type {Map<string, Promise<boolean>>} */
const passed = new Map();

/** Runs `stage` once its `after` stage has passed; reports it skipped when that one did not (or on a stop). */
async function runStage(stage) {
  if (stage.after !== undefined && !(await passed.get(stage.after))) {
    results.push({ name: stage.name, status: 'skipped', ms: 0 });
    return false;
  }
  if (exitCode !== 0 || interruptedBy()) {
    results.push({ name: stage.name, status: 'skipped', ms: 0 });
    return false;
  }
  const number = STAGES.indexOf(stage) + 1;
  console.log(`\n${rule}\n▶ [${number}/${STAGES.length}] ${stage.name}\n${rule}`);
  const stageStart = performance.now();
  const { child, done } = startStage(stage, true);
  started.set(stage.tag, { child, done });
  const code = await done;
  const ms = performance.now() - stageStart;
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
  if (status === 'failed') {
    if (exitCode === 0) exitCode = code !== 0 ? code : 128 + SIGNAL_CODES[interruptedBy()];
    if (firstFailure === null) {
      firstFailure = stage.name;
      // Stop at the first failure: the stages beside this one stop too (they clean up on SIGTERM).
      for (const other of started.values()) {
        if (other.child !== child && running.has(other.child)) other.child.kill('SIGTERM');
      }
    }
  }
  return status === 'passed';
}

for (const stage of STAGES) passed.set(stage.tag, runStage(stage));
await Promise.all(passed.values());

// The summary keeps the stages' order, whichever finished first.
const order = STAGES.map((stage) => stage.name);
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
