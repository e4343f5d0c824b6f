import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companyParamsSchema,
  companyPillSchema,
  companyRowParamsSchema,
  idParamsSchema,
  messageResponseSchema,
  pagedResponseSchema,
  pageQuerySchema,
  pillInputSchema,
  pillSchema,
  savedResponseSchema,
  forCompanyFieldSchema,
} from '@medcalc/domain';
import { SIGNED_IN_ERRORS, READ_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
import { companyScopeOf } from '../../plugins/auth';
import type { CompaniesService } from '../companies/companies.service';
import { PILL_MESSAGES, type PillsService } from './pills.service';

const savedPillSchema = savedResponseSchema(pillSchema);

/**
 * Materials ("pills"), spec §7 "Company reference data", "Shared (template-level) reference data" and the
 * wizard's lists in "Orders and calculations". Guards run at `onRequest`, before the body is parsed:
 * `app.requireOwnCompany` answers 403 for another company's `{companyIdentifier}` whatever was sent, and the
 * handler passes the session's company (`companyScopeOf`) to the service, never the URL's.
 */
export const pillsRoutes: FastifyPluginAsyncZod<{
  pillsService: PillsService;
  companiesService: Pick<CompaniesService, 'idOfIdentifier'>;
}> = async (app, { pillsService: service, companiesService: companies }) => {
  app.get(
    '/api/pills/list',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['pills'],
        summary: 'All template materials',
        response: { 200: z.array(pillSchema), ...SIGNED_IN_ERRORS },
      },
    },
    async () => service.list(null),
  );

  // --- the company's own materials ---------------------------------------------------------------------------

  app.get(
    '/api/company/:companyIdentifier/pills',
    {
      onRequest: app.requireOwnCompany,
      schema: {
        tags: ['pills'],
        summary: "One page of the company's own materials",
        params: companyParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: pagedResponseSchema(pillSchema), ...READ_ERRORS },
      },
    },
    async (request) => service.page(companyScopeOf(request).companyId, request.query),
  );

  app.get(
    '/api/company/:companyIdentifier/pills/list',
    {
      onRequest: app.requireOwnCompany,
      schema: {
        tags: ['pills'],
        summary: "All of the company's own materials",
        params: companyParamsSchema,
        response: { 200: z.array(pillSchema), ...READ_ERRORS },
      },
    },
    async (request) => service.list(companyScopeOf(request).companyId),
  );

  app.get(
    '/api/company/:companyIdentifier/pills/all-list',
    {
      onRequest: app.requireOwnCompany,
      schema: {
        tags: ['pills'],
        summary:
          "Template materials, then the company's own (companyIdentifier null marks a template one)",
        params: companyParamsSchema,
        response: { 200: z.array(pillSchema), ...READ_ERRORS },
      },
    },
    async (request) => service.listTemplateAndOwn(companyScopeOf(request).companyId),
  );

  app.post(
    '/api/company/:companyIdentifier/pills',
    {
      onRequest: app.requireOwnCompany,
      schema: {
        tags: ['pills'],
        summary: 'Add a material of the company',
        params: companyParamsSchema,
        body: pillInputSchema,
        response: { 200: savedPillSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const companyId = companyScopeOf(request).companyId;
      return {
        message: PILL_MESSAGES.created,
        data: await service.create(companyId, request.body),
      };
    },
  );

  app.put(
    '/api/company/:companyIdentifier/pills/:id',
    {
      onRequest: app.requireOwnCompany,
      schema: {
        tags: ['pills'],
        summary: 'Change a material of the company',
        params: companyRowParamsSchema,
        body: pillInputSchema,
        response: { 200: savedPillSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const companyId = companyScopeOf(request).companyId;
      return {
        message: PILL_MESSAGES.updated,
        data: await service.update(companyId, request.params.id, request.body),
      };
    },
  );

  app.delete(
    '/api/company/:companyIdentifier/pills/:id',
    {
      onRequest: app.requireOwnCompany,
      schema: {
        tags: ['pills'],
        summary: 'Delete a material of the company (calculations keep their own copy)',
        params: companyRowParamsSchema,
        response: { 200: messageResponseSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const companyId = companyScopeOf(request).companyId;
      await service.remove(companyId, request.params.id);
      return { message: PILL_MESSAGES.deleted };
    },
  );

  // --- administrator: template materials and the materials companies made ------------------------------------

  app.get(
    '/api/pills',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['pills', 'admin'],
        summary: 'One page of the template materials',
        querystring: pageQuerySchema,
        response: { 200: pagedResponseSchema(pillSchema), ...READ_ERRORS },
      },
    },
    async (request) => service.page(null, request.query),
  );

  app.get(
    '/api/pills/companies',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['pills', 'admin'],
        summary: "One page of the companies' own materials, with their author company",
        querystring: pageQuerySchema,
        response: { 200: pagedResponseSchema(companyPillSchema), ...READ_ERRORS },
      },
    },
    async (request) => service.pageOfCompanies(request.query),
  );

  app.post(
    '/api/pills',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['pills', 'admin'],
        summary: 'Add a template material; with companyIdentifier, add it to that company',
        body: pillInputSchema.extend(forCompanyFieldSchema.shape),
        response: { 200: savedPillSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const { companyIdentifier, ...input } = request.body;
      // Spec §6: the administrator may add one for a chosen company (unknown company 404).
      const owner =
        companyIdentifier === undefined ? null : await companies.idOfIdentifier(companyIdentifier);
      return { message: PILL_MESSAGES.created, data: await service.create(owner, input) };
    },
  );

  app.put(
    '/api/pills/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['pills', 'admin'],
        summary: 'Change a template material',
        params: idParamsSchema,
        body: pillInputSchema,
        response: { 200: savedPillSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => ({
      message: PILL_MESSAGES.updated,
      data: await service.update(null, request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/pills/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['pills', 'admin'],
        summary: 'Delete a template material',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      await service.remove(null, request.params.id);
      return { message: PILL_MESSAGES.deleted };
    },
  );
};
