import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text assets worth compressing; source maps are fetched only by developer tools and are left as they are. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt)$/;
const MIN_BYTES = 1024;

/**
 * Writes `name.br` (brotli, best quality) and `name.gz` (gzip -9) next to every compressible file that vite
 * emits under `assets/`, once per build, so the server sends them as they are (@fastify/static's
 * `preCompressed`) instead of compressing on every request. A variant that is not smaller is not written.
 */
export function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'medcalc-precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter(
        (file) => file.startsWith('assets/') && COMPRESSIBLE.test(file),
      );
      await Promise.all(
        files.map(async (file) => {
          const absolute = path.join(outDir, file);
          if ((await stat(absolute)).size < MIN_BYTES) return;
          const content = await readFile(absolute);
          const [br, gzipped] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gz(content, { level: 9 }),
          ]);
          if (br.length < content.length) await writeFile(`${absolute}.br`, br);
          if (gzipped.length < content.length) await writeFile(`${absolute}.gz`, gzipped);
        }),
      );
    },
  };
}
