/** Set by build.mjs in the compiled server (esbuild `define`): the workers are files of dist/ there. */
declare const MEDCALC_COMPILED: boolean | undefined;

/**
 * The file a worker thread loads, for the worker `name` beside the source file whose URL is `sourceUrl` (the
 * caller's own `import.meta.url`): in the compiled server, dist/`name`.js, `dist` being the folder `toDist` from the
 * source file; from the TypeScript source (tsx, vitest), `name`.mjs beside it, which loads `name`.ts through tsx.
 * build.mjs rewrites each source file's `import.meta.url` to that file's own URL in the bundle, so both are found
 * from the caller's.
 */
export function workerFile(name: string, sourceUrl: string, toDist: string): string {
  const compiled = typeof MEDCALC_COMPILED !== 'undefined' && MEDCALC_COMPILED;
  return compiled
    ? new URL(`${toDist}/${name}.js`, sourceUrl).href
    : new URL(`./${name}.mjs`, sourceUrl).href;
}
