#!/usr/bin/env node
// Runs the server's HTTP tests (vitest project 'server') once against a real PostgreSQL instead of the
// embedded PGlite: starts a throwaway cluster in a temp folder on a free port, passes its admin URL as
// TEST_DATABASE_URL (the test helper creates one fresh database per test file on it), and always stops
// the cluster and deletes the folder afterwards, on failure and on Ctrl-C too.
//
// Usage: node scripts/test-pg.mjs [extra vitest args, e.g. a file filter]
//        node scripts/test-pg.mjs --run <command…>   (any command instead of the tests, e.g. the bench)
// Env: PG_BINDIR — folder holding initdb and pg_ctl, when they are neither in PATH nor in
//      /usr/lib/postgresql/<version>/bin.
//
// Exit code: vitest's; 1 when PostgreSQL is missing or fails to start (never a silent success);
// 130/143 when interrupted.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, isExecutable } from './lib/process-tools.mjs';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const IS_ROOT = typeof process.getuid === 'function' && process.getuid() === 0;
const PG_USER = 'postgres';
const START_ATTEMPTS = 3;
const VITEST_BIN = join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs');

const log = (msg) => console.log(`[test-pg] ${msg}`);
const fail = (msg) => {
  console.error(`[test-pg] ERROR: ${msg}`);
};

// --- child processes, tracked so a signal can be forwarded to whatever is running -----------------

const running = new Set();
let interruptedBy = null;

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    // Handled once: the cleanup in main()'s finally block runs after the current child exits.
    if (interruptedBy) return;
    interruptedBy = signal;
    log(`${signal} received: stopping and cleaning up…`);
    // Ctrl-C already reaches children in the terminal's process group; forwarding again is harmless
    // and needed when the signal was sent to this process alone (kill, CI timeouts).
    for (const child of running) if (child.exitCode === null) child.kill(signal);
  });
}

/**
 * Runs a command; resolves with its exit code and captured output (or inherits stdio).
 * @returns {Promise<{ code: number, output: string }>}
 */
function run(cmd, args, { inherit = false, env = process.env, cwd = REPO_ROOT } = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(cmd, args, {
      cwd,
      env,
      stdio: inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => {
      running.delete(child);
      resolvePromise({ code: 127, output: `${output}${error.message}\n` });
    });
    child.on('close', (code, signal) => {
      running.delete(child);
      resolvePromise({ code: code ?? (signal ? 128 + signalNumber(signal) : 1), output });
    });
  });
}

function signalNumber(signal) {
  return { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 }[signal] ?? 1;
}

/** Runs a PostgreSQL binary, as the postgres user when we are root (initdb refuses to run as root). */
function runPg(bin, args) {
  return IS_ROOT ? run('runuser', ['-u', PG_USER, '--', bin, ...args]) : run(bin, args);
}

// --- locating PostgreSQL --------------------------------------------------------------------------

/** Folder with initdb + pg_ctl: PG_BINDIR, then PATH, then Debian's /usr/lib/postgresql/<newest>/bin. */
function findPgBinDir() {
  const candidates = [];
  if (process.env.PG_BINDIR) candidates.push(process.env.PG_BINDIR);
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const initdb = join(dir, 'initdb');
    // PATH may hold symlinks (e.g. /usr/local/bin/initdb); pg_ctl must come from the same install.
    if (isExecutable(initdb)) candidates.push(dirname(realpathSync(initdb)));
  }
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot)
      .filter((name) => /^\d+(\.\d+)?$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) candidates.push(join(debianRoot, version, 'bin'));
  }
  return candidates.find(
    (dir) => isExecutable(join(dir, 'initdb')) && isExecutable(join(dir, 'pg_ctl')),
  );
}

async function idOf(flag) {
  const { code, output } = await run('id', [flag, PG_USER]);
  return code === 0 ? Number(output.trim()) : null;
}

/**
 * A temp folder the postgres user can own and reach. As root it is chowned to postgres, and its
 * parents must be traversable by that user: os.tmpdir() may point into a private folder (TMPDIR under
 * /root), so /tmp is tried next.
 */
async function makeClusterDir() {
  if (!IS_ROOT) return mkdtemp(join(tmpdir(), 'medcalc-pg-'));
  const uid = await idOf('-u');
  const gid = await idOf('-g');
  if (uid === null || gid === null) {
    throw new Error(
      `running as root but there is no '${PG_USER}' user to run PostgreSQL as ` +
        '(apt-get install -y postgresql creates it), or run this script as a normal user',
    );
  }
  for (const base of [...new Set([tmpdir(), '/tmp'])]) {
    const dir = await mkdtemp(join(base, 'medcalc-pg-'));
    await chmod(dir, 0o755);
    await chown(dir, uid, gid);
    const probe = await run('runuser', ['-u', PG_USER, '--', 'test', '-w', dir]);
    if (probe.code === 0) return dir;
    await rm(dir, { recursive: true, force: true });
    log(`${base} is not reachable by the ${PG_USER} user; trying another temp folder`);
  }
  throw new Error(`no temp folder writable by the ${PG_USER} user (set TMPDIR to one)`);
}

function tailOf(file, lines = 40) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

// --- main -----------------------------------------------------------------------------------------

async function main() {
  const binDir = findPgBinDir();
  if (!binDir) {
    fail(
      'PostgreSQL server binaries (initdb, pg_ctl) not found in PG_BINDIR, PATH or ' +
        '/usr/lib/postgresql/*/bin.\n' +
        '  Install them with:  apt-get install -y postgresql   (Debian/Ubuntu, as root)\n' +
        '  or point PG_BINDIR at the folder holding initdb and pg_ctl.\n' +
        '  These tests were NOT run.',
    );
    return 1;
  }
  const initdb = join(binDir, 'initdb');
  const pgCtl = join(binDir, 'pg_ctl');
  const version = (await run(initdb, ['--version'])).output
    .trim()
    .replace(/^initdb \(PostgreSQL\) /, 'PostgreSQL ');

  const startedAt = performance.now();
  let dir;
  let dataDir;
  let started = false;
  try {
    dir = await makeClusterDir();
    dataDir = join(dir, 'data');
    const logFile = join(dir, 'pg.log');

    const init = await runPg(initdb, [
      '-D',
      dataDir,
      '-U',
      PG_USER,
      '--auth=trust',
      '-E',
      'UTF8',
      // C.UTF-8: byte-order collation like C, but upper()/lower()/ILIKE still understand Cyrillic.
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    if (init.code !== 0) {
      fail(`initdb failed (exit ${init.code}):\n${init.output}`);
      return 1;
    }
    if (interruptedBy) return 128 + signalNumber(interruptedBy);

    let port = 0;
    for (let attempt = 1; attempt <= START_ATTEMPTS && !started; attempt++) {
      port = await freePort();
      const options = [
        `-p ${port}`,
        // pg_ctl hands -o to a shell, hence the quotes.
        `-k '${dir}'`,
        '-c listen_addresses=127.0.0.1',
        // A throwaway cluster: durability is pointless and costs seconds on every test file.
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        // Parallel test files each hold a pool on their own database.
        '-c max_connections=200',
      ].join(' ');
      const start = await runPg(pgCtl, [
        '-D',
        dataDir,
        '-l',
        logFile,
        '-w',
        '-t',
        '60',
        '-o',
        options,
        'start',
      ]);
      if (start.code === 0) started = true;
      else if (interruptedBy) return 128 + signalNumber(interruptedBy);
      else {
        fail(
          `pg_ctl start failed on port ${port} (attempt ${attempt}/${START_ATTEMPTS}):\n${start.output}`,
        );
        console.error(tailOf(logFile));
      }
    }
    if (!started) return 1;

    const url = `postgres://${PG_USER}@127.0.0.1:${port}/postgres`;
    log(`${version} ready at ${url} in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
    if (interruptedBy) return 128 + signalNumber(interruptedBy);

    // `--run <command…>` runs that command instead of the tests (e.g. `--run npm run bench -- orders`).
    const [command, ...commandArgs] =
      process.argv[2] === '--run'
        ? process.argv.slice(3)
        : // The local vitest binary rather than npx: npx does not pass a SIGINT sent to this process alone on.
          [process.execPath, VITEST_BIN, 'run', '--project', 'server', ...process.argv.slice(2)];
    const vitest = await run(command ?? process.execPath, commandArgs, {
      inherit: true,
      env: { ...process.env, TEST_DATABASE_URL: url },
    });
    if (interruptedBy) return 128 + signalNumber(interruptedBy);
    return vitest.code;
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    if (dataDir && existsSync(join(dataDir, 'postmaster.pid'))) {
      // 'fast' rolls back open sessions (a killed vitest may leave some); 'immediate' if that hangs.
      let stop = await runPg(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', '-t', '20', 'stop']);
      if (stop.code !== 0)
        stop = await runPg(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      if (stop.code !== 0) fail(`could not stop PostgreSQL in ${dataDir}:\n${stop.output}`);
    }
    if (dir) await rm(dir, { recursive: true, force: true, maxRetries: 3 });
  }
}

const code = await main();
log(`done in ${(performance.now() / 1000).toFixed(1)} s, exit code ${code}`);
process.exit(code);
