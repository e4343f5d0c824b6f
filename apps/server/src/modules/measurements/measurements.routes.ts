import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companyMeasurementSchema,
  companyParamsSchema,
  companyRowParamsSchema,
  idParamsSchema,
  measurementInputSchema,
  measurementSchema,
  messageResponseSchema,
  pagedResponseSchema,
  pageQuerySchema,
  savedResponseSchema,
  standardMeasurementOptionSchema,
  forCompanyFieldSchema,
} from '@medcalc/domain';
import { SIGNED_IN_ERRORS, READ_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
import { companyScopeOf } from '../../plugins/auth';
import type { CompaniesService } from '../companies/companies.service';
import { MEASUREMENT_MESSAGES, type MeasurementsService } from './measurements.service';

const savedMeasurementSchema = savedResponseSchema(measurementSchema);

/**
 * Units of measurement, spec §7 "Company reference data" and "Shared (template-level) reference data". The
 * guards run at `onRequest`, before the body is parsed, so a caller without the right gets 401/403 whatever it
 * sent: `app.requireOwnCompany` answers 403 for another company's `{companyIdentifier}`, and the handler passes the
 * session's company (`companyScopeOf`) to the service, never the URL's.
 */
export const measurementsRoutes: FastifyPluginAsyncZod<{
  measurementsService: MeasurementsService;
  companiesService: Pick<CompaniesService, 'idOfIdentifier'>;
}> = async (app, { measurementsService: service, companiesService: companies }) => {
  app.get(
    '/api/get-measurements',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['measurements'],
        summary: 'Standard units as dropdown options',
        response: { 200: z.array(standardMeasurementOptionSchema), ...SIGNED_IN_ERRORS },
      },
    },
    async () => service.listStandardOptions(),
  );

  // --- the company's own units -------------------------------------------------------------------------------

  app.get(
    '/api/company/:companyIdentifier/measurements',
    {
      onRequest: app.requireOwnCompany,
      schema: {
        tags: ['measurements'],
        summary: "One page of the company's own units",
        params: companyParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: pagedResponseSchema(measurementSchema), ...READ_ERRORS },
      },
    },
    async (request) => service.page(companyScopeOf(request).companyId, request.query),
  );

  app.get(
    '/api/company/:companyIdentifier/measurements/list',
    {
      onRequest: app.requireOwnCompany,
      schema: {
        tags: ['measurements'],
        summary: "All of the company's own units",
        params: companyParamsSchema,
        response: { 200: z.array(measurementSchema), ...READ_ERRORS },
      },
    },
    async (request) => service.list(companyScopeOf(request).companyId),
  );

  app.post(
    '/api/company/:companyIdentifier/measurements',
    {
      onRequest: app.requireOwnCompany,
      schema: {
        tags: ['measurements'],
        summary: 'Add a unit of the company',
        params: companyParamsSchema,
        body: measurementInputSchema,
        response: { 200: savedMeasurementSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const companyId = companyScopeOf(request).companyId;
      return {
        message: MEASUREMENT_MESSAGES.created,
        data: await service.create(companyId, request.body),
      };
    },
  );

  app.put(
    '/api/company/:companyIdentifier/measurements/:id',
    {
      onRequest: app.requireOwnCompany,
      schema: {
        tags: ['measurements'],
        summary: 'Rename a unit of the company',
        params: companyRowParamsSchema,
        body: measurementInputSchema,
        response: { 200: savedMeasurementSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const companyId = companyScopeOf(request).companyId;
      const data = await service.update(companyId, request.params.id, request.body);
      return { message: MEASUREMENT_MESSAGES.updated, data };
    },
  );

  app.delete(
    '/api/company/:companyIdentifier/measurements/:id',
    {
      onRequest: app.requireOwnCompany,
      schema: {
        tags: ['measurements'],
        summary: 'Delete a unit of the company (refused while a material uses it)',
        params: companyRowParamsSchema,
        response: { 200: messageResponseSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const companyId = companyScopeOf(request).companyId;
      await service.remove(companyId, request.params.id);
      return { message: MEASUREMENT_MESSAGES.deleted };
    },
  );

  // --- administrator: standard units and the units companies made --------------------------------------------

  app.get(
    '/api/measurements',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['measurements', 'admin'],
        summary: 'One page of the standard units',
        querystring: pageQuerySchema,
        response: { 200: pagedResponseSchema(measurementSchema), ...READ_ERRORS },
      },
    },
    async (request) => service.page(null, request.query),
  );

  app.get(
    '/api/measurements/companies',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['measurements', 'admin'],
        summary: "One page of the companies' own units, with their author company",
        querystring: pageQuerySchema,
        response: { 200: pagedResponseSchema(companyMeasurementSchema), ...READ_ERRORS },
      },
    },
    async (request) => service.pageOfCompanies(request.query),
  );

  app.post(
    '/api/measurements',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['measurements', 'admin'],
        summary: 'Add a standard unit; with companyIdentifier, add it to that company',
        body: measurementInputSchema.extend(forCompanyFieldSchema.shape),
        response: { 200: savedMeasurementSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const { companyIdentifier, ...input } = request.body;
      // Spec §6: the administrator may add one for a chosen company (unknown company 404).
      const owner =
        companyIdentifier === undefined ? null : await companies.idOfIdentifier(companyIdentifier);
      return { message: MEASUREMENT_MESSAGES.created, data: await service.create(owner, input) };
    },
  );

  app.put(
    '/api/measurements/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['measurements', 'admin'],
        summary: 'Rename a standard unit',
        params: idParamsSchema,
        body: measurementInputSchema,
        response: { 200: savedMeasurementSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => ({
      message: MEASUREMENT_MESSAGES.updated,
      data: await service.update(null, request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/measurements/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['measurements', 'admin'],
        summary: 'Delete a standard unit (refused while a material uses it)',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      await service.remove(null, request.params.id);
      return { message: MEASUREMENT_MESSAGES.deleted };
    },
  );
};
