import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BACKUP_MESSAGES, apiRoutes } from '@medcalc/domain';
import { AppError } from '../../lib/app-error';
import { sendAttachment } from '../../lib/content-disposition';
import { READ_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
import { tableRoute } from '../../lib/table-route';
import type { BackupService } from './backup-service';

/**
 * The admin panel's «Резервні копії» tab (issue 40): the list, «Створити зараз» (started here, the panel polls
 * the list until `busy` is off; 409 while another runs) and the download, each written to the backup's record and
 * the log (who took a copy of the whole database). Administrators only (403 for a company user).
 */
export const backupsRoutes: FastifyPluginAsyncZod<{ backups: BackupService }> = async (
  app,
  { backups },
) => {
  tableRoute(
    app,
    apiRoutes.admin.backups,
    {
      tags: ['admin'],
      summary: 'The backups, newest first, with their checks',
      errors: READ_ERRORS,
    },
    async () => backups.answer(),
  );

  tableRoute(
    app,
    apiRoutes.admin.createBackup,
    {
      tags: ['admin'],
      summary: 'Start a backup now (proven by a restore); 409 while another runs',
      errors: WRITE_ERRORS,
    },
    async (request) => {
      if (backups.busy()) {
        // Never two at once (issue 40), and the log says so, as it does for the schedule's own refusal.
        request.log.warn(
          { by: request.user?.email },
          'backup not started: another backup is running',
        );
        throw new AppError('CONFLICT', BACKUP_MESSAGES.busy);
      }
      request.log.info({ by: request.user?.email }, 'backup asked for in the admin panel');
      // The panel polls the list; the outcome is in the backup's record and the log.
      void backups.runNow('admin').catch(() => undefined);
      return { message: BACKUP_MESSAGES.started };
    },
  );

  tableRoute(
    app,
    apiRoutes.admin.downloadBackup,
    {
      tags: ['admin'],
      summary: 'Download a backup file (recorded in its record and the log)',
      fileAnswer: 'application/octet-stream; Content-Disposition: attachment',
      errors: READ_ERRORS,
    },
    async (request, reply) => {
      const { name } = request.params;
      const file = await backups.fileOf(name);
      if (!file) throw new AppError('NOT_FOUND', BACKUP_MESSAGES.notFound);
      const by = request.user?.email ?? 'unknown';
      await backups.recordDownload(name, by);
      request.log.info({ backup: name, by }, 'backup downloaded');
      return sendAttachment(reply, {
        fileName: name,
        contentType: 'application/octet-stream',
        body: createReadStream(file),
      });
    },
  );
};
