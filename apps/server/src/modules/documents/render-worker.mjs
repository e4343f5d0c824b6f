// The document pool's worker when the server runs from its TypeScript source (tsx in development, vitest in the
// tests): a worker thread starts as plain Node, so this JavaScript file loads render-worker.ts through tsx's loader.
// The compiled server starts dist/render-worker.js instead (build.mjs, document-pool.ts).
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./render-worker.ts', import.meta.url);

export default worker.default;
