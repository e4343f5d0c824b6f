import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { backupEngineFor } from '../src/modules/backups/backup-engine';
import { createBackupService } from '../src/modules/backups/backup-service';
import { benchConfig, fmt, latencyText, listenForBench } from './config';
import { startLatencyProbe } from './latency-probe';

/**
 * `npm run bench -- backup` (issue 40): an online backup of the embedded PGlite (durable, as `npm start` opens it)
 * taken in the server's process while another client polls `GET /api/health` (which queries the database), for
 * the seeded database with the demo order and again after 10,000 more orders (copies of the demo order's row,
 * without services). Prints the backup's size, its time (written, then proven by the restore) and the other
 * client's latencies meanwhile.
 */
export async function benchBackup(report: string[]): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'medcalc-bench-backup-'));
  const config = benchConfig(dataDir, { BACKUP_SCHEDULE: 'off' });
  const database = await openDatabase({ pgliteDir: config.pgliteDir });
  const app = await buildApp(config, { database });
  try {
    const base = await listenForBench(app);
    const backups = createBackupService({
      engine: backupEngineFor(database),
      ...config.backups,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    const measure = async (label: string) => {
      const probe = startLatencyProbe(`${base}/api/health`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const entry = await backups.runNow('cli');
      await new Promise((resolve) => setTimeout(resolve, 500));
      const latencies = await probe.stop();
      const orders = entry.counts['public.orders'] ?? 0;
      report.push(
        `  ${label} (${orders} orders): ${entry.status}, ${fmt(entry.size / 1024 / 1024)} MB, ` +
          `${fmt(entry.durationMs)} ms in all (check ${fmt(entry.check?.durationMs ?? 0)} ms); ` +
          `GET /api/health meanwhile ${latencyText(latencies, true)}`,
      );
    };
    report.push('Online backup (PGlite, durable commits), issue 40:');
    await measure('seeded database');
    await database.db.execute(sql`
      INSERT INTO orders (identifier, company_id, user_id, name, status, company_info, number_year, number)
      SELECT md5(random()::text || g), o.company_id, o.user_id, o.name || ' ' || g, o.status, o.company_info,
             o.number_year, 100000 + g
      FROM (SELECT * FROM orders ORDER BY id LIMIT 1) o, generate_series(1, 10000) g`);
    await measure('with 10,000 more orders');
    await backups.close();
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
