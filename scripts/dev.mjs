#!/usr/bin/env node
// `npm run dev`: the server (tsx watch, http://127.0.0.1:3000) and the web app (Vite on :5173, which
// proxies API calls to the server) side by side in one terminal. Output lines carry a coloured
// prefix; Ctrl-C stops both, and when either exits the other is stopped too, so a crashed server is
// never left hidden behind a still-running Vite.
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const STOP_GRACE_MS = 5_000;
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;

const SERVICES = [
  { name: 'server', color: 36, args: ['run', 'dev', '-w', '@medcalc/server'] },
  { name: 'web', color: 35, args: ['run', 'dev', '-w', '@medcalc/web'] },
];
const width = Math.max(...SERVICES.map((service) => service.name.length));

function prefixFor(service) {
  const label = `[${service.name.padEnd(width)}]`;
  return useColor ? `\x1b[${service.color}m${label}\x1b[0m ` : `${label} `;
}

const children = [];
let stopping = false;
let exitCode = 0;

for (const service of SERVICES) {
  // detached: each service gets its own process group, so stopping it reaches npm, tsx/vite and
  // their children alike, and a terminal Ctrl-C is handled once, here, instead of racing npm's own
  // signal forwarding.
  const child = spawn('npm', service.args, {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: useColor ? '1' : '0' },
  });
  const prefix = prefixFor(service);
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) =>
      out.write(`${prefix}${line}\n`),
    );
  }
  child.on('error', (error) => {
    process.stderr.write(`${prefix}could not start: ${error.message}\n`);
    exitCode ||= 1;
    stopAll();
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      process.stderr.write(
        `${prefix}exited (${signal ?? `code ${code}`}); stopping the other process\n`,
      );
      exitCode ||= code || 1;
      stopAll();
    }
  });
  children.push(child);
}

function killGroup(child, signal) {
  try {
    // Negative pid: the whole process group started above.
    process.kill(-child.pid, signal);
    return true;
  } catch {
    return false; // ESRCH: the group is gone.
  }
}

/** Signal 0 only checks: npm exits at once, but tsx/vite and the server behind it may still run. */
function groupAlive(child) {
  return child.pid !== undefined && killGroup(child, 0);
}

function stopAll() {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.pid) killGroup(child, 'SIGTERM');
  // Wait for every process of both groups (the server closes its database and releases the
  // DATA_DIR lock on SIGTERM), escalating to SIGKILL after the grace period.
  const startedAt = Date.now();
  let killed = false;
  const poll = setInterval(() => {
    const alive = children.filter(groupAlive);
    if (alive.length === 0) {
      clearInterval(poll);
      process.exit(exitCode);
    }
    if (!killed && Date.now() - startedAt > STOP_GRACE_MS) {
      killed = true;
      for (const child of alive) killGroup(child, 'SIGKILL');
    }
    if (Date.now() - startedAt > STOP_GRACE_MS + 2_000) {
      clearInterval(poll);
      process.exit(exitCode);
    }
  }, 100);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    process.stderr.write(`\n[dev] ${signal}: stopping server and web…\n`);
    stopAll();
  });
}
