import { fileURLToPath } from 'node:url';
import Fastify, {
  type FastifyInstance,
  type FastifyLoggerOptions,
  type RouteOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { runBootWork } from './boot';
import type { AppConfig } from './config/env';
import { openDatabase, type DatabaseHandle } from './db/client';
import { createMailer, type Mailer } from './lib/mailer';
import { createMailOutbox } from './lib/mail-outbox';
import { authPlugin, sessionKeyOf } from './plugins/auth';
import { csrfPlugin } from './plugins/csrf';
import { DEFAULT_BODY_LIMIT, frameworkErrors, securityPlugin } from './plugins/security';
import { errorHandlerPlugin } from './plugins/error-handler';
import { timeoutsPlugin } from './plugins/timeouts';
import { swaggerPlugin } from './plugins/swagger';
import { webAppPlugin } from './plugins/web-app';
import { createAuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createCompaniesRepository } from './modules/companies/companies.repository';
import { createCompaniesService } from './modules/companies/companies.service';
import { companiesRoutes } from './modules/companies/companies.routes';
import { createMeasurementsRepository } from './modules/measurements/measurements.repository';
import { measurementsRoutes } from './modules/measurements/measurements.routes';
import { createMeasurementsService } from './modules/measurements/measurements.service';
import { createPillsRepository } from './modules/pills/pills.repository';
import { pillsRoutes } from './modules/pills/pills.routes';
import { createPillsService } from './modules/pills/pills.service';
import { createEquipmentImportStore } from './modules/equipment/equipment-import-store';
import { createEquipmentRepository } from './modules/equipment/equipment.repository';
import { equipmentRoutes } from './modules/equipment/equipment.routes';
import { createEquipmentService } from './modules/equipment/equipment.service';
import { createStaffRepository } from './modules/staff/staff.repository';
import { staffRoutes } from './modules/staff/staff.routes';
import { createStaffService } from './modules/staff/staff.service';
import { createStaffImportStore, createStaffTemplateCopier } from './modules/staff/staff-ports';
import { createPillImportStore } from './modules/pills/pill-import-store';
import { createUnitImportStore } from './modules/measurements/unit-import-store';
import { createUnitNames } from './modules/measurements/unit-names';
import { createCalculationsRepository } from './modules/calculations/calculations.repository';
import { calculationsRoutes } from './modules/calculations/calculations.routes';
import { createCalculationsService } from './modules/calculations/calculations.service';
import { approvalsRoutes } from './modules/approvals/approvals.routes';
import { createApprovalsRepository } from './modules/approvals/approvals.repository';
import { createApprovalsService } from './modules/approvals/approvals.service';
import { documentsRoutes } from './modules/documents/documents.routes';
import { createDocumentRenderer } from './modules/documents/document-pool';
import { createDocumentsService } from './modules/documents/documents.service';
import { createInvoiceNumbers } from './modules/documents/invoice-numbers';
import { createInvoiceList } from './modules/documents/invoice-list';
import { createDocumentJobs } from './modules/documents/document-jobs';
import { createDocumentRequestPolicy } from './modules/documents/document-request-policy';
import { createDocumentJobsRepository } from './modules/documents/document-jobs.repository';
import { chunkJobFiles, diskJobFiles } from './modules/documents/job-files';
import { documentKey, prepareDocument } from './modules/documents/document-requests';
import { createHealthRepository } from './modules/health/health.repository';
import { healthRoutes } from './modules/health/health.routes';
import { createHealthService } from './modules/health/health.service';
import { contactsRoutes } from './modules/contacts/contacts.routes';
import { publicProvider } from './modules/contacts/public-provider';
import { adminOrdersRoutes } from './modules/orders/admin-orders.routes';
import { createOrdersRepository } from './modules/orders/orders.repository';
import { ordersRoutes } from './modules/orders/orders.routes';
import { createOrdersService } from './modules/orders/orders.service';
import { repriceRoutes } from './modules/reprice/reprice.routes';
import { createRepriceService } from './modules/reprice/reprice.service';
import { createTemplatesRepository } from './modules/templates/templates.repository';
import { templatesRoutes } from './modules/templates/templates.routes';
import { createTemplatesService } from './modules/templates/templates.service';
import { transactionRunner } from './lib/transaction';
import type { CompanyScope } from './lib/company-scope';
import { adminRoutes } from './modules/admin/admin.routes';
import { createAdminService } from './modules/admin/admin.service';
import { createImportsRepository } from './modules/imports/imports.repository';
import { importsRoutes } from './modules/imports/imports.routes';
import { createImportsService } from './modules/imports/imports.service';
import { createSpreadsheetReader } from './modules/imports/spreadsheet-pool';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { createActivityRepository } from './modules/activity/activity.repository';
import { activityRoutes } from './modules/activity/activity.routes';
import { createActivityLog } from './modules/activity/activity-log';
import { createActivityService } from './modules/activity/activity.service';
import { createMembersRepository } from './modules/members/members.repository';
import { membersRoutes } from './modules/members/members.routes';
import { createMembersService } from './modules/members/members.service';
import { createMemberAccounts } from './modules/auth/member-accounts';
import { createCompanyRows } from './modules/companies/company-rows';
import { createCompanyNames } from './modules/companies/company-names';
import { createUserDirectory } from './modules/auth/user-directory';
import { createOrderRows } from './modules/orders/order-rows';
import { backupEngineFor } from './modules/backups/backup-engine';
import { createBackupService } from './modules/backups/backup-service';
import { backupsRoutes } from './modules/backups/backups.routes';
import { priceListSourcesFrom } from './modules/public-price-list/price-list-sources';
import { createPublicPriceListRepository } from './modules/public-price-list/public-price-list.repository';
import {
  publicPriceListRoutes,
  publicationRoutes,
} from './modules/public-price-list/public-price-list.routes';
import { createPublicPriceListService } from './modules/public-price-list/public-price-list.service';
import { createTemplateOrigins } from './modules/calculations/template-origins';
import { approvedSourcesOf } from './modules/documents/approved-sources';
import { comparisonSourcesFrom } from './modules/tariff-comparison/comparison-sources';
import { createOrderComparison } from './modules/tariff-comparison/order-comparison';
import { createTariffComparisonRepository } from './modules/tariff-comparison/tariff-comparison.repository';
import {
  refreshFiguresOnApproval,
  tariffComparisonRoutes,
} from './modules/tariff-comparison/tariff-comparison.routes';
import { createTariffComparisonService } from './modules/tariff-comparison/tariff-comparison.service';
import { markChangesOnWrites } from './modules/public-price-list/track-changes';

const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface AppDependencies {
  /** An already-open database (tests); otherwise opened from the config and closed with the app. */
  database?: DatabaseHandle;
  /** What the mail queue sends through (tests capture the letters); SMTP or the `.eml` folder otherwise. */
  mailer?: Mailer;
  now?: () => Date;
  /** Sees every route as it is added (tests build their sweeps from the server's own route table). */
  onRoute?: (route: RouteOptions) => void;
  /** Where the log lines go (tests read them); standard output otherwise. */
  logStream?: FastifyLoggerOptions['stream'];
}

/**
 * Builds the whole application (house guide 2.5): plugins, the composition root of modules, the error handler.
 * Resolves once the database is migrated and the start's work is done (`runBootWork`, boot.ts), so
 * `/api/health` answering means the app is ready.
 * `main.ts` only listens and closes; tests call this with `inject()`.
 */
export async function buildApp(
  config: AppConfig,
  deps: AppDependencies = {},
): Promise<FastifyInstance> {
  if (!config.sessionSecret) throw new Error('sessionSecret must be resolved before buildApp');
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]'],
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    // The rightmost address not from a listed proxy (Fastify with proxy-addr); none listed = the socket's peer.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Headers must arrive within seconds; a body is watched by plugins/timeouts.ts; idle connections close.
    requestTimeout: config.httpTimeouts.requestMs,
    keepAliveTimeout: config.httpTimeouts.keepAliveMs,
    http: {
      headersTimeout: config.httpTimeouts.headersMs,
      connectionsCheckingInterval: Math.min(1000, config.httpTimeouts.headersMs),
    },
    bodyLimit: DEFAULT_BODY_LIMIT,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);

  const database =
    deps.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.pgliteDir,
      onIdleConnectionError: (error) =>
        app.log.warn({ err: error }, 'an idle PostgreSQL connection failed; the pool replaces it'),
    }));
  if (!deps.database) app.addHook('onClose', async () => database.close());
  const { db } = database;

  // Composition root: repositories → services, wired once (house guide 2.5).
  // Every letter goes through the queue in `mail_outbox`, sent after the answer (issue 24).
  const mailer = createMailOutbox({
    db,
    transport:
      deps.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        outboxDir: config.mailOutboxDir,
        from: config.mailFrom,
      }),
    now: deps.now ?? (() => new Date()),
    log: {
      error: (details, message) => app.log.error(details, message),
      warn: (details, message) => app.log.warn(details, message),
    },
  });
  app.decorate('mailOutbox', mailer);
  // The one writer of the activity log, passed to every service that records a person's change.
  const activityLog = createActivityLog();
  // What every writing service is given: its transactions and the activity log's writer; and the clock of the
  // tests (`deps.now`) to those that date what they write.
  const writes = { runInTransaction: transactionRunner(db), activityLog };
  const clock = deps.now ? { now: deps.now } : {};
  // The owners' ports through which other modules name a company, a person or an order beside their own rows.
  const companyNames = createCompanyNames(db);
  const userDirectory = createUserDirectory(db);
  const orderRows = createOrderRows(db);
  const companiesService = createCompaniesService({
    companiesRepository: createCompaniesRepository(db),
    staffTemplate: createStaffTemplateCopier(db),
    ...writes,
  });
  const authService = createAuthService({
    ...writes,
    authRepository: createAuthRepository(db, { companies: companyNames }),
    companiesService,
    mailQueue: mailer,
    sessionSecret: config.sessionSecret,
    appUrl: config.appUrl,
    sessionCacheSeconds: config.sessionCacheSeconds,
    ...clock,
  });
  const measurementsService = createMeasurementsService({
    measurementsRepository: createMeasurementsRepository(db, { companies: companyNames }),
    ...writes,
  });
  const templatesRepository = createTemplatesRepository(db);
  const calculationsRepository = createCalculationsRepository(db, {
    categories: templatesRepository,
    orders: orderRows,
  });
  const pillsService = createPillsService({
    pillsRepository: createPillsRepository(db, {
      units: createUnitNames(db),
      companies: companyNames,
    }),
    measurementsService,
    rowUsage: calculationsRepository,
    ...writes,
  });
  const staffService = createStaffService({
    staffRepository: createStaffRepository(db),
    rowUsage: calculationsRepository,
    ...writes,
  });
  const equipmentService = createEquipmentService({
    equipmentRepository: createEquipmentRepository(db),
    rowUsage: calculationsRepository,
    ...writes,
  });
  const templatesService = createTemplatesService({ templatesRepository });
  // The `calculations` table has one repository; the orders module reaches it through its own port type.
  const ordersRepository = createOrdersRepository(db, {
    companies: companyNames,
    users: userDirectory,
  });
  const invoiceNumbers = createInvoiceNumbers({
    runInTransaction: transactionRunner(db),
    db,
    orderRows,
    providerCode: config.provider.code,
    ...clock,
  });
  const ordersService = createOrdersService({
    invoices: invoiceNumbers,
    ordersRepository,
    calculationsStore: calculationsRepository,
    templatesService,
    companiesService,
    staffService,
    ...writes,
    ...clock,
    statusMail: {
      mailer,
      appUrl: config.appUrl,
      onError: (error, details) =>
        app.log.error({ err: error, ...details }, 'order status e-mail not sent'),
    },
  });
  // Issue 35: the founder's approval settings (the profitability cap Calculate enforces) and recorded decisions.
  const approvalsService = createApprovalsService({
    approvalsRepository: createApprovalsRepository(db, { users: userDirectory }),
    ordersService,
    ...writes,
  });
  const calculationsService = createCalculationsService({
    calculationsRepository,
    ordersService,
    approvalSettings: approvalsService,
    staffService,
    pillsService,
    equipmentService,
    ...writes,
    ...clock,
  });
  const adminService = createAdminService({
    companiesService,
    calculationsService,
    staffService,
    pillsService,
    measurementsService,
    equipmentService,
    templatesService,
    runInTransaction: transactionRunner(db),
  });
  const repriceService = createRepriceService({
    ordersService,
    calculationsService,
    staffService,
    pillsService,
    equipmentRows: equipmentService,
    companiesService,
    ...writes,
  });
  // Uploaded spreadsheets are read by worker threads of their own (issue 34); the pool ends with the app.
  const spreadsheets = createSpreadsheetReader(config.imports);
  app.addHook('onClose', async () => spreadsheets.close());
  const importsService = createImportsService({
    importsRepository: createImportsRepository(db),
    tables: {
      staff: createStaffImportStore(db),
      pills: createPillImportStore(db),
      units: createUnitImportStore(db),
      equipment: createEquipmentImportStore(db),
    },
    ...writes,
    spreadsheets,
    ...clock,
  });
  const usersService = createUsersService({ users: userDirectory, companies: companyNames });
  // The log shows an order's number (issue 33): read from the `orders` table through the activity module's port.
  const activityService = createActivityService({
    activityRepository: createActivityRepository(db, { users: userDirectory }),
    orderNumbers: ordersRepository,
  });
  // Documents are rendered by worker threads (issue 21); the pool ends with the app.
  const documentRenderer = createDocumentRenderer(config.documents);
  app.addHook('onClose', async () => documentRenderer.close());
  const documentsService = createDocumentsService({
    ordersService,
    calculationsService,
    provider: config.provider,
    invoiceNumbers,
    renderer: documentRenderer,
    approvals: {
      settingsOf: (companyId) => approvalsService.getSettings(companyId),
      approvalsOf: (order) => approvalsService.approvalsOf(order),
    },
  });
  // Large documents are jobs (issue 24 §1): rendered in their owner's turn, their files kept a day (issue 34: chunk
  // rows on PostgreSQL, files under DATA_DIR on PGlite; job-files.ts). The scheduler stops before the pool and the
  // database close; the jobs it was rendering go back to the queue.
  const documentJobs = createDocumentJobs({
    repository: createDocumentJobsRepository(db),
    files:
      database.kind === 'postgres' ? chunkJobFiles(db) : diskJobFiles(config.documents.filesDir),
    slots: config.documents.jobSlots,
    keepFiles: config.documents.jobFiles,
    queueLimit: config.documents.jobQueue,
    log: app.log,
    run: async ({ requester, request }, report) => {
      // The key is read before the order: a change while it renders makes the file's key an old one.
      const contentKey = (await documentKey(documentsService, requester, request)) ?? '';
      const prepared = await prepareDocument(documentsService, requester, request);
      return { ...(await prepared.render(report)), contentKey };
    },
  });
  app.addHook('preClose', async () => documentJobs.close());
  // «Документ завантажено» in the institution's log once a member's download is ready (issue 22).
  const recordDownload = (scope: CompanyScope, identifier: string, fileName: string) =>
    activityLog.record(db, scope, {
      kind: 'document-downloaded',
      subject: identifier,
      changes: [{ field: 'Файл', from: null, to: fileName }],
    });
  // A document call: joined to its job, sent from its kept file, rendered at once, or made a job (issue 24 §1).
  const documentRequests = createDocumentRequestPolicy({
    documentsService,
    documentJobs,
    jobLines: config.documents.jobLines,
    recordDownload,
  });
  // The revisions with a recorded decision and their frozen papers: what issues 36 and 41 read approved tariffs from.
  const approvedSources = approvedSourcesOf({ ordersService, approvalsService, documentsService });
  // Issue 36: the public price list, built from the approved tariffs through its port (the owning modules' services).
  const publicPriceListService = createPublicPriceListService({
    repository: createPublicPriceListRepository(db, { keepRows: database.kind === 'pglite' }),
    sources: priceListSourcesFrom({ companiesService, approvalsService, approvedSources }),
    ...writes,
    ...clock,
  });
  // Issue 41: the anonymous tariff comparison, its figures made from the approved services through its port.
  const templateOrigins = createTemplateOrigins(db);
  const tariffComparisonService = createTariffComparisonService({
    repository: createTariffComparisonRepository(db),
    sources: comparisonSourcesFrom({
      companiesService,
      approvedSources,
      templateOrigins,
      templatesService,
      ordersService,
    }),
    ...writes,
    ...clock,
  });
  // The wizard's step 5: each of one order's services, its own stored tariff placed in the comparison.
  const orderComparison = createOrderComparison({
    service: tariffComparisonService,
    orderCalculations: async (companyId, identifier) => {
      const order = await ordersService.readOwnOrder(companyId, identifier);
      return {
        status: order.status,
        calculations: await calculationsRepository.listOfOrder(order.id),
      };
    },
    templateOrigins,
  });
  const membersService = createMembersService({
    membersRepository: createMembersRepository(db, { companies: companyNames }),
    accounts: createMemberAccounts(db),
    companies: createCompanyRows(),
    orders: orderRows,
    // A company deleted when its only member joins another leaves the tariff comparison in the same transaction.
    tariffComparison: tariffComparisonService,
    ...writes,
    mailer,
    appUrl: config.appUrl,
    sessions: authService,
    ...clock,
  });
  mailer.resolveWith('password-reset', authService.composeResetMail);
  // Seeding, the administrator, the session purge and the demo account: boot.ts, in one place.
  await runBootWork({
    config,
    database,
    log: app.log,
    services: {
      authService,
      companiesService,
      staffService,
      ordersService,
      equipmentService,
      tariffComparisonService,
    },
  });

  await app.register(errorHandlerPlugin, {
    storage:
      database.kind === 'postgres'
        ? "the PostgreSQL server's data directory (on the database host)"
        : `the embedded database in ${config.pgliteDir}`,
  });
  await app.register(securityPlugin, { https: config.secureCookies });
  await app.register(timeoutsPlugin, config.httpTimeouts);
  await app.register(cookie);
  await app.register(swaggerPlugin);
  await app.register(csrfPlugin, {
    secret: config.sessionSecret,
    secureCookies: config.secureCookies,
  });
  await app.register(authPlugin, { authService, secureCookies: config.secureCookies });
  app.addHook('onSend', markChangesOnWrites(publicPriceListService));
  app.addHook('onSend', refreshFiguresOnApproval(tariffComparisonService));

  await app.register(healthRoutes, {
    healthService: createHealthService({ healthRepository: createHealthRepository(db) }),
  });
  await app.register(contactsRoutes, {
    contacts: { phone: config.provider.phone ?? null, email: config.provider.email ?? null },
    provider: publicProvider(config.provider),
  });
  await app.register(authRoutes, { authService });
  await app.register(companiesRoutes, { companiesService });
  await app.register(measurementsRoutes, { measurementsService, companiesService });
  await app.register(pillsRoutes, { pillsService, companiesService });
  await app.register(staffRoutes, { staffService });
  await app.register(equipmentRoutes, { equipmentService });
  await app.register(templatesRoutes, { templatesService });
  await app.register(ordersRoutes, { ordersService });
  await app.register(approvalsRoutes, { approvalsService });
  await app.register(adminOrdersRoutes, { ordersService });
  await app.register(calculationsRoutes, { calculationsService });
  await app.register(repriceRoutes, { repriceService });
  await app.register(adminRoutes, { adminService });
  await app.register(usersRoutes, { usersService });
  await app.register(documentsRoutes, {
    documentsService,
    invoiceList: createInvoiceList({ ordersService, invoiceNumbers }),
    documentJobs,
    documentRequests,
    recordDownload,
  });
  await app.register(importsRoutes, { importsService });
  await app.register(membersRoutes, { membersService });
  await app.register(activityRoutes, { activityService });
  // Backups (issue 40): on the schedule, from the panel, and (embedded PGlite) for `npm run db:backup`.
  const backups = createBackupService({
    engine: backupEngineFor(database),
    ...config.backups,
    log: app.log,
    ...clock,
  });
  await app.register(backupsRoutes, { backups });
  await app.register(publicationRoutes, { service: publicPriceListService });
  await app.register(tariffComparisonRoutes, {
    service: tariffComparisonService,
    orderComparison,
  });
  await app.register(publicPriceListRoutes, {
    service: publicPriceListService,
    appUrl: config.appUrl,
    perMinute: config.publicRateLimit,
    ...clock,
  });
  backups.start({ serveCli: database.kind === 'pglite' });
  app.addHook('preClose', async () => backups.close());

  await app.register(webAppPlugin, { root: WEB_DIST, sessionOf: sessionKeyOf });
  // Letters left by an earlier run go out now; retries every half minute; the queue ends with the app.
  mailer.start();
  app.addHook('preClose', async () => mailer.close());
  return app;
}
