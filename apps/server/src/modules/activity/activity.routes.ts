import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { XLSX_CONTENT_TYPE, apiRoutes } from '@medcalc/domain';
import { sendAttachment } from '../../lib/content-disposition';
import { READ_ERRORS } from '../../lib/route-errors';
import { tableRoute } from '../../lib/table-route';
import { companyScopeOf } from '../../plugins/auth';
import type { ActivityService } from './activity.service';

/**
 * The institution's activity log (issue 22): owners and economists (`access: 'activity'`); a viewer gets 403. The
 * company is the session's.
 */
export const activityRoutes: FastifyPluginAsyncZod<{ activityService: ActivityService }> = async (
  app,
  { activityService: service },
) => {
  const options = { tags: ['activity'], errors: READ_ERRORS };
  tableRoute(
    app,
    apiRoutes.activity.page,
    { ...options, summary: "One page (50 rows) of the institution's activity log, newest first" },
    async (request) => service.page(companyScopeOf(request).companyId, request.query),
  );
  tableRoute(
    app,
    apiRoutes.activity.export,
    {
      ...options,
      fileAnswer: `${XLSX_CONTENT_TYPE}; Content-Disposition: attachment`,
      summary: 'The filtered activity log as an .xlsx, one row per changed field',
    },
    async (request, reply) => {
      const workbook = await service.workbook(companyScopeOf(request).companyId, request.query);
      return sendAttachment(reply, {
        fileName: workbook.fileName,
        contentType: XLSX_CONTENT_TYPE,
        body: workbook.xlsx,
      });
    },
  );
};
