#!/usr/bin/env node
// Compiles the server for production: ESM bundles, dist/main.js, the document pool's worker
// dist/render-worker.js, the import pool's dist/spreadsheet-worker.js and the embedded backup's
// dist/backup-worker.js (+ source maps), run with plain `node`.
//
// - The workspace package @medcalc/domain (TypeScript source) is bundled in; every other package stays an
//   import that Node resolves from node_modules at run time (native binaries, WASM, fonts and templates
//   are found where they were installed).
// - Source files find their data next to themselves through `import.meta.url` (the drizzle migrations, the
//   seed's reference JSON, apps/web/dist, the repository root). In the bundle every module would see
//   dist/main.js instead, so each such `import.meta.url` is rewritten to the URL of its own source file,
//   computed from the bundle's location: the paths then resolve the same under tsx and from dist/.
//
// - Each build is made in a folder beside dist/ and then renamed into its place: the server's HTTP tests build it
//   too (test/global-setup.ts), and a build at the same time, or a server running from dist/ (which loads its
//   workers on first use), never finds dist/ emptied or half-written; only for the instant between two renames is
//   there none.
//
// Usage: node build.mjs (from apps/server, or `npm run build -w @medcalc/server`). Importable too:
// `buildServer()` resolves with the output path.
import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const SERVER_DIR = path.dirname(fileURLToPath(import.meta.url));
export const SERVER_DIST = path.join(SERVER_DIR, 'dist');
export const SERVER_ENTRY_OUT = path.join(SERVER_DIST, 'main.js');
/** The document pool's worker thread (src/modules/documents/document-pool.ts starts it from here). */
export const RENDER_WORKER_OUT = path.join(SERVER_DIST, 'render-worker.js');

/** Workspace packages ship TypeScript source: bundle them; everything else bare is a runtime import. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@medcalc/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** `import.meta.url` of a source file → the URL of that same file, whatever module it ends up in. */
const sourceFileUrls = {
  name: 'source-file-urls',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromBundle = path.relative(SERVER_DIST, args.path).split(path.sep).join('/');
      const own = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', own), loader: 'ts' };
    });
  },
};

/**
 * Puts the folder `from` in the place of `to`, the old one set aside and then removed. When another build put its
 * own there first (from the same sources), that one stays and `from` is dropped.
 */
async function replaceFolder(from, to) {
  const aside = path.join(
    path.dirname(to),
    `.${path.basename(to)}-old-${process.pid}-${Date.now()}`,
  );
  await rename(to, aside).catch((error) => {
    if (error.code !== 'ENOENT') throw error;
  });
  try {
    await rename(from, to);
  } catch (error) {
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
  } finally {
    await rm(aside, { recursive: true, force: true });
  }
}

/**
 * Compiles the server into dist/ (see the top of this file). `finish` may add files to the new build's folder
 * before it takes dist/'s place (scripts/start.mjs writes its stamp there).
 * @param {{ finish?: (dir: string) => Promise<void> }} [options]
 */
export async function buildServer({ finish } = {}) {
  // Beside dist/, at the same depth: each source file's URL is written relative to where the bundles end up.
  const outDir = path.join(SERVER_DIR, `.dist-building-${process.pid}-${Date.now()}`);
  try {
    await compileInto(outDir);
    await finish?.(outDir);
    await replaceFolder(outDir, SERVER_DIST);
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
  return SERVER_ENTRY_OUT;
}

async function compileInto(outDir) {
  await build({
    // dist/main.js and dist/render-worker.js, each a whole bundle (a worker thread loads only its own).
    entryPoints: {
      main: path.join(SERVER_DIR, 'src', 'main.ts'),
      'render-worker': path.join(SERVER_DIR, 'src', 'modules', 'documents', 'render-worker.ts'),
      'spreadsheet-worker': path.join(
        SERVER_DIR,
        'src',
        'modules',
        'imports',
        'spreadsheet-worker.ts',
      ),
      'backup-worker': path.join(SERVER_DIR, 'src', 'db', 'backup-worker.ts'),
    },
    outdir: outDir,
    // document-pool.ts: start the compiled worker rather than the TypeScript one through tsx.
    define: { MEDCALC_COMPILED: 'true' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    // Bundled CommonJS dependencies (none today) would need `require`; give the ESM bundle one.
    banner: {
      js: "import { createRequire as __medcalcCreateRequire } from 'node:module'; const require = __medcalcCreateRequire(import.meta.url);",
    },
    tsconfig: path.join(SERVER_DIR, 'tsconfig.json'),
    plugins: [externalPackages, sourceFileUrls],
    logLevel: 'warning',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  const out = await buildServer();
  console.log(
    `server compiled to ${path.relative(process.cwd(), out)} in ${Math.round(performance.now() - started)} ms`,
  );
}
