import { z } from '../common/zod';

/**
 * The administrator's «Резервні копії» tab (issue 40): the backups in DATA_DIR/backups, newest first. `status`:
 * `proven` (written and restored into a throwaway database with the same row counts), `failed` (the backup or
 * its check failed: `error` says why), `refused` (not taken: too little disk space, `error` says how much).
 */
export const BACKUP_STATUSES = ['proven', 'failed', 'refused'] as const;
export type BackupStatus = (typeof BACKUP_STATUSES)[number];

/** The name of a backup in the folder: `medcalc-<time>.tar.gz` (PGlite) or `.dump` (PostgreSQL). */
export const BACKUP_NAME_PATTERN =
  /^medcalc-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d(-\d+)?\.(tar\.gz|dump)$/;

export const backupEntrySchema = z.object({
  name: z.string(),
  kind: z.enum(['pglite', 'postgres']),
  trigger: z.enum(['schedule', 'admin', 'cli']),
  status: z.enum(BACKUP_STATUSES),
  startedAt: z.string(),
  finishedAt: z.string(),
  durationMs: z.number(),
  /** Bytes of the backup file (0 when none was written). */
  size: z.number(),
  /** Rows per table at the moment of the backup. */
  counts: z.record(z.string(), z.number()),
  check: z
    .object({ ok: z.boolean(), durationMs: z.number(), problems: z.array(z.string()) })
    .nullable(),
  /** In Ukrainian, for the panel: why it failed or was refused. */
  error: z.string().nullable(),
  downloads: z.array(z.object({ at: z.string(), by: z.string() })),
});
export type BackupEntry = z.infer<typeof backupEntrySchema>;

export const backupsAnswerSchema = z.object({
  /** A backup is being taken now (by anyone): «Створити зараз» waits. */
  busy: z.boolean(),
  schedule: z.string(),
  keep: z.number(),
  entries: z.array(backupEntrySchema),
});
export type BackupsAnswer = z.infer<typeof backupsAnswerSchema>;

export const backupParamsSchema = z.object({
  name: z.string().regex(BACKUP_NAME_PATTERN, 'Невідома резервна копія.'),
});

export const BACKUP_MESSAGES = {
  started: 'Створення резервної копії розпочато.',
  busy: 'Резервна копія вже створюється. Дочекайтеся її завершення.',
  notFound: 'Резервну копію не знайдено.',
} as const;
