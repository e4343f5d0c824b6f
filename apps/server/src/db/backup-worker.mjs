// The backup worker when the server runs from its TypeScript source (tsx in development, vitest in the tests): a
// worker thread starts as plain Node, so this JavaScript file loads backup-worker.ts through tsx's loader. The
// compiled server starts dist/backup-worker.js instead (build.mjs, backup.ts `inBackupWorker`).
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./backup-worker.ts', import.meta.url);

export default worker.default;
