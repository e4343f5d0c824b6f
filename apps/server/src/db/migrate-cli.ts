import { loadConfig, loadDotEnv } from '../config/env';
import { openDatabase } from './client';

// `npm run db:migrate`: applies the committed migrations to the configured database (start does it too).
loadDotEnv();
const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
await handle.close();
console.log(`migrated ${config.databaseUrl ? 'PostgreSQL' : config.pgliteDir}`);
