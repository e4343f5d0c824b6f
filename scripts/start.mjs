#!/usr/bin/env node
// `npm start`, `npm run build` and `npm run serve`.
//
// - start (no argument): builds what is stale, then serves. The web app (apps/web/dist) is rebuilt only when
//   its inputs changed, the server (apps/server/dist/main.js) likewise; on a built tree this costs one hash
//   of the sources (~tens of ms) and the compiled server starts under plain `node`, in this same process.
// - --build: builds what is stale and exits (`npm run build`; --force rebuilds both).
// - --serve: serves the compiled server and builds nothing (`npm run serve`, for N replicas of one built
//   tree behind a load balancer); refuses to start when nothing was built.
//
// Staleness: a SHA-256 of every input file's path and content (and, for the web app, the VITE_* variables
// the build reads) is written to a stamp file inside each dist folder after a successful build. A build by
// other means (e.g. `vite build`) empties that folder and so removes the stamp: the next start rebuilds.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = '.build-stamp';
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'e2e', '.artifacts']);
const isTestFile = (name) => /\.test\.tsx?$/.test(name);

/** Inputs of each build, relative to the repository root: files, or folders walked recursively. */
const TARGETS = {
  web: {
    dist: 'apps/web/dist',
    output: 'apps/web/dist/index.html',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/precompress.ts',
      'apps/web/route-preloads.ts',
      'apps/web/tsconfig.json',
      'apps/web/package.json',
      'packages/domain/src',
      'packages/domain/package.json',
      'package-lock.json',
    ],
    env: (env) =>
      Object.keys(env)
        .filter((key) => key.startsWith('VITE_'))
        .sort()
        .map((key) => `${key}=${env[key]}`),
  },
  server: {
    dist: 'apps/server/dist',
    output: 'apps/server/dist/main.js',
    inputs: [
      'apps/server/src',
      'apps/server/build.mjs',
      'apps/server/tsconfig.json',
      'apps/server/package.json',
      'packages/domain/src',
      'packages/domain/package.json',
      'tsconfig.base.json',
      'package-lock.json',
    ],
    env: () => [],
  },
};

async function listFiles(relative) {
  const absolute = path.join(ROOT, relative);
  let entries;
  try {
    entries = await readdir(absolute, { withFileTypes: true });
  } catch (error) {
    if (error.code === 'ENOTDIR') return [relative];
    if (error.code === 'ENOENT') return [];
    throw error;
  }
  const nested = await Promise.all(
    entries
      .filter((entry) => !(entry.isDirectory() && SKIPPED_DIRS.has(entry.name)))
      .filter((entry) => entry.isDirectory() || !isTestFile(entry.name))
      .map((entry) => listFiles(path.posix.join(relative, entry.name))),
  );
  return nested.flat();
}

/** The stamp a build of `target` from the current sources would carry. */
export async function inputHash(name, env = process.env) {
  const target = TARGETS[name];
  const files = (await Promise.all(target.inputs.map(listFiles))).flat().sort();
  const hash = createHash('sha256');
  for (const line of target.env(env)) hash.update(`env ${line}\n`);
  for (const file of files) {
    hash.update(`file ${file}\n`);
    hash.update(await readFile(path.join(ROOT, file)));
  }
  return hash.digest('hex');
}

async function isFresh(name, hash) {
  const target = TARGETS[name];
  if (!existsSync(path.join(ROOT, target.output))) return false;
  try {
    return (await readFile(path.join(ROOT, target.dist, STAMP), 'utf8')).trim() === hash;
  } catch {
    return false;
  }
}

function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? code})`)),
    );
  });
}

/** Each target's build; each writes `stamp` (the hash of its inputs) into its dist folder when done. */
const BUILDERS = {
  // Vite's own CLI in a child process: it empties apps/web/dist first, which also drops the old stamp.
  web: async (stamp) => {
    // Wherever npm installed vite (hoisted or under apps/web), as the web workspace resolves it.
    const fromWeb = createRequire(path.join(ROOT, 'apps/web/package.json'));
    const vite = path.join(path.dirname(fromWeb.resolve('vite/package.json')), 'bin', 'vite.js');
    await run(process.execPath, [vite, 'build'], path.join(ROOT, 'apps/web'));
    await writeFile(path.join(ROOT, TARGETS.web.dist, STAMP), stamp);
  },
  // Made beside apps/server/dist and renamed into its place with its stamp (apps/server/build.mjs).
  server: async (stamp) => {
    const { buildServer } = await import(
      pathToFileURL(path.join(ROOT, 'apps/server/build.mjs')).href
    );
    await buildServer({ finish: (dir) => writeFile(path.join(dir, STAMP), stamp) });
  },
};

/**
 * Builds each stale target of `only` (every target with `force`); logs what it did. The server's HTTP tests build
 * just the server (apps/server/test/global-setup.ts), whose processes they start as `npm start` does.
 */
export async function buildStale({
  force = false,
  log = console.log,
  only = ['web', 'server'],
} = {}) {
  for (const name of only) {
    const hash = await inputHash(name);
    if (!force && (await isFresh(name, hash))) {
      log(`[start] ${name}: up to date`);
      continue;
    }
    const started = performance.now();
    log(`[start] ${name}: building…`);
    await BUILDERS[name](`${hash}\n`);
    log(`[start] ${name}: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

async function serve() {
  const entry = path.join(ROOT, TARGETS.server.output);
  if (!existsSync(entry)) {
    console.error('[serve] the server is not built: run `npm run build` (or `npm start`) first.');
    process.exit(1);
  }
  if (!existsSync(path.join(ROOT, TARGETS.web.output))) {
    console.warn('[serve] the web app is not built (apps/web/dist): serving the API only.');
  }
  // The compiled server runs in this process: signals reach it directly, and no second Node starts.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(entry).href);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = new Set(process.argv.slice(2));
  try {
    if (args.has('--serve')) {
      await serve();
    } else if (args.has('--build')) {
      await buildStale({ force: args.has('--force') });
    } else {
      await buildStale();
      await serve();
    }
  } catch (error) {
    console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
