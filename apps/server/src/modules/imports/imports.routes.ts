import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IMPORT_COLUMNS_FIELD,
  IMPORT_FILE_FIELD,
  MAX_IMPORT_FILE_BYTES,
  XLSX_CONTENT_TYPE,
  apiRoutes,
  importColumnsSchema,
  type ImportColumns,
  type ImportTable,
} from '@medcalc/domain';
import { AppError } from '../../lib/app-error';
import { namedFileAnswer, sendAttachment } from '../../lib/content-disposition';
import { READ_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
import { tableRoute } from '../../lib/table-route';
import { actorOfRequest, companyScopeOf } from '../../plugins/auth';
import type { Owner } from './imports.repository';
import type { ImportsService } from './imports.service';
import { FILE_MESSAGES } from './spreadsheet-file';

const { imports } = apiRoutes;

const XLSX_ANSWER = namedFileAnswer(XLSX_CONTENT_TYPE);
const COLUMNS_MESSAGE = 'Некоректний вибір стовпців.';
const ONE_FILE_MESSAGE = 'Надішліть один файл і, за потреби, вибір стовпців.';
/** A multipart body cut short or malformed (issue 34): the client's transfer, answered 422, logged as a warning. */
export const BROKEN_UPLOAD_MESSAGE =
  'Файл надійшов не повністю або пошкодженим. Завантажте його ще раз.';

/** The upload of a preview: the file (at most 5 MB) and the optional `columns` JSON, as multipart/form-data. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw AppError.field('file', FILE_MESSAGES.missing);
  let file: { buffer: Buffer; fileName: string } | undefined;
  let columnsText: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname === IMPORT_FILE_FIELD && !file)
          file = {
            buffer,
            // Control characters (a NUL cannot be stored in text) are dropped from the name the preview shows.
            // eslint-disable-next-line no-control-regex
            fileName: (part.filename.replace(/[\u0000-\u001f\u007f]/gu, '') || 'файл').slice(
              0,
              255,
            ),
          };
      } else if (part.fieldname === IMPORT_COLUMNS_FIELD) {
        columnsText = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw AppError.field('file', FILE_MESSAGES.tooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw AppError.field('file', ONE_FILE_MESSAGE);
    // Everything else thrown while the body is read is the body's fault: busboy's «Unexpected end of multipart
    // data» of a cut body, a part's header it cannot read, a boundary missing from the Content-Type,
    // @fastify/multipart's premature close or forbidden field name. Not a 500 with a stack (issue 34).
    request.log.warn(
      { reason: (error as Error).message, code },
      'malformed multipart upload; answered 422',
    );
    throw AppError.field('file', BROKEN_UPLOAD_MESSAGE);
  }
  if (!file) throw AppError.field('file', FILE_MESSAGES.missing);
  let columns: ImportColumns = {};
  if (columnsText !== undefined && columnsText.trim() !== '') {
    let json: unknown;
    try {
      json = JSON.parse(columnsText);
    } catch {
      throw AppError.field('columns', COLUMNS_MESSAGE);
    }
    const parsed = importColumnsSchema.safeParse(json);
    if (!parsed.success) throw AppError.field('columns', COLUMNS_MESSAGE);
    columns = parsed.data;
  }
  return { file, columns };
}

/** The calls of one level of the import: a company's tables, or the template level (the entries' pairs). */
interface LevelCalls {
  preview: (typeof imports)['companyPreview' | 'templatePreview'];
  apply: (typeof imports)['companyApply' | 'templateApply'];
  last: (typeof imports)['companyLast' | 'templateLast'];
  undo: (typeof imports)['companyUndo' | 'templateUndo'];
  export: (typeof imports)['companyExport' | 'templateExport'];
  template: (typeof imports)['companyTemplate' | 'templateTemplate'];
}

/**
 * Spreadsheet import and export (issue 20): a company's staffing table, materials and units under
 * `/api/company/{companyIdentifier}/imports/{table}` (`app.requireOwnCompany`: 403 for another company before the
 * upload is read; handlers take the company from the session), and the template-level materials and units under
 * `/api/administrator/imports/{table}` (`app.requireAdmin`). The preview takes multipart/form-data
 * (`@fastify/multipart`, registered for this plugin only, one file of at most 5 MB).
 */
export const importsRoutes: FastifyPluginAsyncZod<{ importsService: ImportsService }> = async (
  app,
  { importsService: service },
) => {
  await app.register(multipart, {
    limits: {
      fileSize: MAX_IMPORT_FILE_BYTES,
      files: 1,
      fields: 4,
      parts: 5,
      fieldSize: 16 * 1024,
    },
  });

  const sendWorkbook = async (
    reply: FastifyReply,
    owner: Owner,
    table: ImportTable,
    empty: boolean,
  ) => {
    const workbook = await service.workbook(owner, table, empty);
    return sendAttachment(reply, {
      fileName: workbook.fileName,
      contentType: XLSX_CONTENT_TYPE,
      body: workbook.xlsx,
    });
  };
  const bodyLimit = MAX_IMPORT_FILE_BYTES + 64 * 1024;

  /**
   * The six calls of one level: a company's tables (`ownerOf` the session's company) or the template level
   * (`null`). The same steps at both; only the entries, the tags and the summaries differ.
   */
  const levelRoutes = (level: {
    calls: LevelCalls;
    tags: readonly string[];
    ownerOf: (request: FastifyRequest) => Owner;
    summaries: Record<keyof LevelCalls, string>;
  }) => {
    const { calls, tags, ownerOf, summaries } = level;
    const write = { tags, errors: WRITE_ERRORS };
    const read = { tags, errors: READ_ERRORS };
    tableRoute(
      app,
      calls.preview,
      { ...write, bodyLimit, summary: summaries.preview },
      async (request) =>
        service.preview(ownerOf(request), request.params.table, () => readUpload(request)),
    );
    tableRoute(app, calls.apply, { ...write, summary: summaries.apply }, async (request) =>
      service.apply(
        ownerOf(request),
        request.params.table,
        request.params.importId,
        request.body,
        actorOfRequest(request),
      ),
    );
    tableRoute(app, calls.last, { ...read, summary: summaries.last }, async (request) =>
      service.last(ownerOf(request), request.params.table),
    );
    tableRoute(app, calls.undo, { ...write, summary: summaries.undo }, async (request) =>
      service.undo(ownerOf(request), request.params.table),
    );
    const file = { ...read, fileAnswer: XLSX_ANSWER };
    tableRoute(app, calls.export, { ...file, summary: summaries.export }, async (request, reply) =>
      sendWorkbook(reply, ownerOf(request), request.params.table, false),
    );
    tableRoute(
      app,
      calls.template,
      { ...file, summary: summaries.template },
      async (request, reply) => sendWorkbook(reply, ownerOf(request), request.params.table, true),
    );
  };

  levelRoutes({
    calls: {
      preview: imports.companyPreview,
      apply: imports.companyApply,
      last: imports.companyLast,
      undo: imports.companyUndo,
      export: imports.companyExport,
      template: imports.companyTemplate,
    },
    tags: ['imports'],
    ownerOf: (request) => companyScopeOf(request).companyId,
    summaries: {
      preview:
        'Preview the import of a spreadsheet (multipart: file, columns) into a company table',
      apply: 'Apply a previewed import in one transaction',
      last: 'The last import of the table that can be undone (or null)',
      undo: 'Undo the last import of the table',
      export: 'The table as an .xlsx in the import columns',
      template: 'An empty .xlsx with the import columns',
    },
  });
  levelRoutes({
    calls: {
      preview: imports.templatePreview,
      apply: imports.templateApply,
      last: imports.templateLast,
      undo: imports.templateUndo,
      export: imports.templateExport,
      template: imports.templateTemplate,
    },
    tags: ['imports', 'admin'],
    ownerOf: () => null,
    summaries: {
      preview: 'Preview the import of a spreadsheet into template-level materials or units',
      apply: 'Apply a previewed template-level import in one transaction',
      last: 'The last template-level import that can be undone (or null)',
      undo: 'Undo the last template-level import of the table',
      export: 'Template-level materials or units as an .xlsx',
      template: 'An empty .xlsx with the import columns',
    },
  });
};
