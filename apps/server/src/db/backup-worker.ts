import { packPgliteCopy, provePgliteBackup, type BackupWorkerTask } from './backup';

/*
 * The worker thread of an embedded backup (backup.ts `inBackupWorker`, piscina): PGlite's WebAssembly runs
 * synchronously, so packing the copied data folder and proving the backup by a restore would hold the server's
 * event loop for seconds. Each task starts a PGlite of its own here.
 */
export default async function runBackupTask(task: BackupWorkerTask) {
  return task.kind === 'pack'
    ? packPgliteCopy(task.copy, task.file)
    : provePgliteBackup(task.file, task.counts);
}
