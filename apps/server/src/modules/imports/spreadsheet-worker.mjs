// The import pool's worker when the server runs from its TypeScript source (tsx in development, vitest in the
// tests): a worker thread starts as plain Node, so this JavaScript file loads spreadsheet-worker.ts through tsx's
// loader. The compiled server starts dist/spreadsheet-worker.js instead (build.mjs, spreadsheet-pool.ts).
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./spreadsheet-worker.ts', import.meta.url);

export default worker.default;
