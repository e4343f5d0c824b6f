import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';
import {
  BackupError,
  folderBytes,
  provePgliteBackupInWorker,
  provePostgresBackup,
  takePgliteBackup,
  takePostgresBackup,
} from '../../db/backup';
import type { BackupEngine } from './backup-service';

/** How the open database is backed up and proven (db/backup.ts), as the backup service needs it. */
export function backupEngineFor(database: DatabaseHandle): BackupEngine {
  const databaseBytes = async () => {
    const rows = await database.db.execute<{ size: string }>(
      sql`SELECT pg_database_size(current_database())::text AS size`,
    );
    return Number(rows.rows[0]?.size ?? 0);
  };
  if (database.kind === 'postgres') {
    const url = database.url;
    if (!url) throw new BackupError('The PostgreSQL handle has no URL to back up from.');
    return {
      kind: 'postgres',
      extension: 'dump',
      take: (file) => takePostgresBackup(url, file),
      prove: (file, counts) => provePostgresBackup(url, file, counts),
      databaseBytes,
    };
  }
  const { quiesce, folder } = database;
  if (!quiesce) throw new BackupError('The PGlite handle cannot be backed up online.');
  return {
    kind: 'pglite',
    extension: 'tar.gz',
    take: (file) => takePgliteBackup(quiesce, folder, file),
    prove: (file, counts) => provePgliteBackupInWorker(file, counts),
    databaseBytes,
    copyBytes: async () => (folder ? folderBytes(folder) : 0),
  };
}
