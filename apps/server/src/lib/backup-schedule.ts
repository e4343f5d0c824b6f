/* The backups' schedule: config/env.ts parses BACKUP_SCHEDULE into it, the backups module follows it. */

/** When the server takes a backup itself (issue 40): never, daily at a time of the server's clock, or every `ms`. */
export type BackupSchedule =
  { kind: 'off' } | { kind: 'daily'; hour: number; minute: number } | { kind: 'every'; ms: number };

/** Reads a valid `BACKUP_SCHEDULE` (the schema's regex has checked it). */
export function parseBackupSchedule(text: string): BackupSchedule {
  if (text === 'off') return { kind: 'off' };
  const time = /^(\d\d):(\d\d)$/.exec(text);
  if (time) return { kind: 'daily', hour: Number(time[1]), minute: Number(time[2]) };
  const unit = { s: 1000, m: 60_000, h: 3_600_000 }[text.slice(-1) as 's' | 'm' | 'h'];
  return { kind: 'every', ms: Number(text.slice(0, -1)) * unit };
}
