import path from 'node:path';
import { loadConfig, loadDotEnv } from '../config/env';
import { DataDirLockedError } from '../lib/data-dir';
import {
  BackupError,
  backupPglite,
  backupPostgres,
  defaultBackupFile,
  restorePglite,
  restorePostgres,
} from './backup';

// `npm run db:backup [-- <file>]` and `npm run db:restore -- <file>` (README "Backups"): the configured
// database (DATABASE_URL → pg_dump/pg_restore; otherwise the embedded PGlite in DATA_DIR, server stopped).
// A relative <file> is taken from the folder npm was run in.
loadDotEnv();
const config = loadConfig();
const [command, fileArgument] = process.argv.slice(2);
const baseDir = process.env.INIT_CWD ?? process.cwd();
const kind = config.databaseUrl ? 'postgres' : 'pglite';

async function main(): Promise<number> {
  if (command === 'backup') {
    const file = path.resolve(baseDir, fileArgument ?? defaultBackupFile(config.dataDir, kind));
    if (config.databaseUrl) await backupPostgres({ databaseUrl: config.databaseUrl, file });
    else await backupPglite({ dataDir: config.dataDir, pgliteDir: config.pgliteDir, file });
    console.log(
      `backup of ${kind === 'postgres' ? 'PostgreSQL' : config.pgliteDir} written to ${file}`,
    );
    return 0;
  }
  if (command === 'restore') {
    if (!fileArgument) {
      console.error('Usage: npm run db:restore -- <backup file>');
      return 2;
    }
    const file = path.resolve(baseDir, fileArgument);
    if (config.databaseUrl) {
      await restorePostgres({ databaseUrl: config.databaseUrl, file });
      console.log(`PostgreSQL restored from ${file}`);
    } else {
      const { previous } = await restorePglite({
        dataDir: config.dataDir,
        pgliteDir: config.pgliteDir,
        file,
      });
      console.log(`${config.pgliteDir} restored from ${file}`);
      if (previous) console.log(`the database it replaced is kept in ${previous}`);
    }
    return 0;
  }
  console.error('Usage: backup-cli.ts backup [file] | restore <file>');
  return 2;
}

try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof BackupError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
