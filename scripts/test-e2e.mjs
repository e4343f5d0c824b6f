#!/usr/bin/env node
// Browser journeys (apps/web/e2e/**/*.e2e.ts) in Debian's chromium (its headless shell) against the real server:
// checks that a chromium binary exists, builds what is stale of the web app (apps/web/dist) and of the compiled
// server the journeys start (apps/server/dist/main.js), as `npm run build` does, then runs vitest with the e2e
// config. Each journey starts its own server on a free port with a fresh DATA_DIR (apps/web/e2e/support/server.ts):
// a copy of a data folder migrated and seeded once per run here (the reference data only; each server still makes
// its own accounts at start). One chromium serves the whole run (apps/web/e2e/support/global-setup.ts).
//
// Usage: node scripts/test-e2e.mjs [extra vitest args, e.g. a file filter]
// Env: CHROMIUM_PATH — browser binary (default Debian's chromium-headless-shell, else its chromium; in /usr/bin, else
//      in PATH);
//      E2E_SKIP_BUILD=1 — reuse the existing apps/web/dist and apps/server/dist while iterating on a journey.
//      E2E_CPU_REPORT=<file> — each journey file appends a JSON line with its wall time and the CPU seconds of its
//      test process and its server (apps/web/e2e/support/cpu-report.ts), for measuring the suite.
//
// Exit code: vitest's; 1 when chromium is missing or the build fails (never a silent success);
// 130/143 when interrupted.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SIGNAL_CODES, isExecutable, onFirstStopSignal, serverEnv } from './lib/process-tools.mjs';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const VITEST_BIN = join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const BUILD_SCRIPT = join(REPO_ROOT, 'scripts', 'start.mjs');
const E2E_CONFIG = join('apps', 'web', 'e2e', 'vitest.config.ts');
const SEED_ENTRY = join('apps', 'server', 'src', 'db', 'seed-cli.ts');
const GROUP_EXIT_GRACE_MS = 10_000;

const log = (msg) => console.log(`[test-e2e] ${msg}`);
const fail = (msg) => console.error(`[test-e2e] ERROR: ${msg}`);

/** @type {{ child: import('node:child_process').ChildProcess, group: boolean } | null} */
let current = null;
const interruptedBy = onFirstStopSignal((signal) => {
  log(`${signal} received: stopping…`);
  if (current) signalChild(current, signal);
});

/**
 * vitest runs in its own process group, with the servers and browsers its workers start. A signal
 * for vitest alone would let its worker die without running afterAll, orphaning a server that keeps
 * its port and PGlite folder; signalling the group lets every server shut down by itself.
 */
function signalChild({ child, group }, signal) {
  try {
    if (group && child.pid) process.kill(-child.pid, signal);
    else if (child.exitCode === null) child.kill(signal);
    return true;
  } catch {
    return false; // ESRCH: nothing left to signal.
  }
}

/** The browsers the journeys can run in, the preferred first (Debian's package names). */
const BROWSER_NAMES = ['chromium-headless-shell', 'chromium'];

function findChromium() {
  if (process.env.CHROMIUM_PATH) {
    return isExecutable(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : undefined;
  }
  // The headless shell first: the same Blink without the browser's window, toolbar and their pages, on ≈ 24 % less
  // CPU for the same journeys (docs/performance.md "Test suite time"). Debian's full chromium when it is not installed.
  for (const name of BROWSER_NAMES) {
    if (isExecutable(join('/usr/bin', name))) return join('/usr/bin', name);
    for (const dir of (process.env.PATH ?? '').split(delimiter)) {
      if (dir && isExecutable(join(dir, name))) return join(dir, name);
    }
  }
  return undefined;
}

/**
 * Runs a command with inherited stdio (`quiet`: its stdout dropped); `group` puts it (and all it starts) in a new
 * process group.
 */
function run(cmd, args, { env = process.env, group = false, quiet = false } = {}) {
  return new Promise((resolvePromise) => {
    const stdio = quiet ? ['inherit', 'ignore', 'inherit'] : 'inherit';
    const child = spawn(cmd, args, { cwd: REPO_ROOT, env, stdio, detached: group });
    current = { child, group };
    child.on('error', (error) => {
      fail(`could not start ${cmd}: ${error.message}`);
      resolvePromise(1);
    });
    child.on('close', async (code, signal) => {
      // The group may outlive its leader (a server still closing its database): wait, then force.
      if (group) await reapGroup(child);
      current = null;
      resolvePromise(code ?? 128 + (SIGNAL_CODES[signal] ?? 1));
    });
  });
}

async function reapGroup(child) {
  const deadline = Date.now() + GROUP_EXIT_GRACE_MS;
  const probe = { child, group: true };
  while (signalChild(probe, 0)) {
    if (Date.now() > deadline) {
      fail('processes started by the browser tests did not exit; killing them');
      signalChild(probe, 'SIGKILL');
      return;
    }
    await new Promise((resolveTimer) => setTimeout(resolveTimer, 100));
  }
}

async function main() {
  const chromium = findChromium();
  if (!chromium) {
    fail(
      (process.env.CHROMIUM_PATH
        ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable file.\n`
        : 'chromium not found (chromium-headless-shell or chromium, in /usr/bin or PATH).\n') +
        '  Install it with:  apt-get install -y chromium-headless-shell   (Debian, as root)\n' +
        '  or set CHROMIUM_PATH to a Chromium/Chrome binary.\n' +
        '  (`npx playwright install` is no substitute here: it downloads a browser, which fails.)\n' +
        '  The browser tests were NOT run.',
    );
    return 1;
  }
  log(`browser: ${chromium}`);

  if (
    process.env.E2E_SKIP_BUILD === '1' &&
    existsSync(join(REPO_ROOT, 'apps/web/dist/index.html')) &&
    existsSync(join(REPO_ROOT, 'apps/server/dist/main.js'))
  ) {
    log('E2E_SKIP_BUILD=1: reusing apps/web/dist and apps/server/dist');
  } else {
    // `npm run build`'s script: rebuilds the web app and the server only when their sources changed since.
    const buildStart = performance.now();
    const build = await run(process.execPath, [BUILD_SCRIPT, '--build']);
    if (interruptedBy()) return 128 + SIGNAL_CODES[interruptedBy()];
    if (build !== 0) {
      fail(`building the app failed (exit ${build}); the browser tests were NOT run.`);
      return build;
    }
    log(`web app and server built in ${((performance.now() - buildStart) / 1000).toFixed(1)} s`);
  }

  // The servers' DATA_DIRs go under one folder per run, removed below even when a worker was
  // killed before its afterAll could delete its own.
  const tmpRoot = await mkdtemp(join(tmpdir(), 'medcalc-e2e-run-'));
  try {
    // The migrations and reference data every journey's server starts from, made once (`npm run db:seed`'s
    // script) instead of by each server on an empty folder: PGlite's initdb, twelve-odd migrations and the seed
    // cost each start seconds of CPU. No accounts: each server makes its own administrator and demo account.
    const template = join(tmpRoot, 'template');
    await mkdir(template);
    const seedStart = performance.now();
    const seed = await run(process.execPath, ['--import', 'tsx', SEED_ENTRY], {
      env: serverEnv(process.env, { DATA_DIR: template }),
      quiet: true,
    });
    if (interruptedBy()) return 128 + SIGNAL_CODES[interruptedBy()];
    if (seed !== 0) {
      fail(
        `seeding the journeys' data folder failed (exit ${seed}); the browser tests were NOT run.`,
      );
      return seed;
    }
    log(
      `data folder migrated and seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    const code = await run(
      process.execPath,
      [VITEST_BIN, 'run', '--config', E2E_CONFIG, ...process.argv.slice(2)],
      {
        env: {
          ...process.env,
          CHROMIUM_PATH: chromium,
          E2E_TMP_DIR: tmpRoot,
          E2E_DATA_TEMPLATE: template,
        },
        group: true,
      },
    );
    if (interruptedBy()) return 128 + SIGNAL_CODES[interruptedBy()];
    return code;
  } finally {
    await rm(tmpRoot, { recursive: true, force: true, maxRetries: 3 });
  }
}

const code = await main();
log(`done in ${(performance.now() / 1000).toFixed(1)} s, exit code ${code}`);
process.exit(code);
