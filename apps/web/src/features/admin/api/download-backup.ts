import { apiRoutes } from '@medcalc/domain';

/** The download address of a backup (a plain link: the browser streams the file with the session cookie). */
export const backupDownloadUrl = (name: string) =>
  apiRoutes.admin.downloadBackup.path.replace(':name', encodeURIComponent(name));
