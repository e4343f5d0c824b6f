import { z } from '../common/zod';
import {
  addToTemplateInputSchema,
  addToTemplateResponseSchema,
  adminCalculationSchema,
  adminCompanyParamsSchema,
  adminOrderDetailSchema,
  adminOrderRowSchema,
  adminOrdersQuerySchema,
  adminTemplateSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  companyOptionSchema,
  forCompanyFieldSchema,
  templateUpdateInputSchema,
} from '../admin/admin.schema';
import { authResponseSchema } from '../auth/auth.schema';
import {
  calculateOnlineInputSchema,
  calculatedServicesPageSchema,
  calculationsSavedResponseSchema,
  profitabilityResultSchema,
  saveCalculationsInputSchema,
  calculateCalculationsInputSchema,
} from '../calculations/calculation-calls.schema';
import { messageResponseSchema } from '../common/api-error.schema';
import {
  companyParamsSchema,
  companyRowParamsSchema,
  idParamsSchema,
  pagedResponseSchema,
  pageQuerySchema,
} from '../common/pagination';
import { savedResponseSchema } from '../common/saved-response.schema';
import {
  companyInfoOutputSchema,
  companyInfoSavedResponseSchema,
  companyInfoUpdateSchema,
} from '../company/company-info.schema';
import {
  approvalSettingsOutputSchema,
  approvalSettingsSavedSchema,
  approvalSettingsSchema,
} from '../company/approval-settings.schema';
import {
  publicationInputSchema,
  publicationSavedSchema,
  publicationSchema,
} from '../public-price-list/public-price-list.schema';
import {
  benchmarkQuerySchema,
  participationInputSchema,
  participationSavedSchema,
  participationSchema,
  orderBenchmarkSchema,
  tariffBenchmarkSchema,
} from '../tariff-comparison/tariff-comparison.schema';
import {
  orderApprovalInputSchema,
  orderApprovalSavedSchema,
  tariffHistorySchema,
} from '../orders/order-approval.schema';
import {
  orderDocxInputSchema,
  orderPdfInputSchema,
  orderWorkbookInputSchema,
} from '../documents/order-document.schema';
import { documentJobAnswerSchema, documentJobParamsSchema } from '../documents/document-job.schema';
import {
  companyImportApplyParamsSchema,
  companyImportParamsSchema,
  importApplyInputSchema,
  importPreviewSchema,
  importResultSchema,
  lastImportSchema,
  templateImportApplyParamsSchema,
  templateImportParamsSchema,
} from '../imports/import.schema';
import {
  companyMeasurementSchema,
  measurementInputSchema,
  measurementSchema,
  standardMeasurementOptionSchema,
} from '../measurements/measurement.schema';
import {
  orderRevisionsSchema,
  repriceInputSchema,
  repricePreviewSchema,
  repriceResponseSchema,
} from '../orders/order-revision.schema';
import {
  changeOrderStatusInputSchema,
  newOrderInputSchema,
  orderCreatedResponseSchema,
  orderDetailSchema,
  rowUsageSchema,
  orderIdentifierInputSchema,
  orderListItemSchema,
  orderParamsSchema,
  orderServicesSchema,
} from '../orders/order.schema';
import { companyPillSchema, pillInputSchema, pillSchema } from '../pills/pill.schema';
import {
  changeSalaryInputSchema,
  staffRateInputSchema,
  staffRateSchema,
} from '../staff/staff-rate.schema';
import {
  categoryOptionSchema,
  companyCalculationsEntrySchema,
  templateListEntrySchema,
} from '../templates/template.schema';
import { orderInvoiceSchema } from '../orders/order-invoice.schema';
import {
  acceptInvitationInputSchema,
  changeMemberRoleInputSchema,
  invitationInfoSchema,
  invitationParamsSchema,
  invitationSchema,
  invitationTokenParamsSchema,
  inviteMemberInputSchema,
  memberParamsSchema,
  memberSchema,
  membersPageSchema,
  transferOwnershipInputSchema,
} from '../members/member.schema';
import {
  activityFilterSchema,
  activityPageSchema,
  activityQuerySchema,
} from '../activity/activity.schema';
import { backupParamsSchema, backupsAnswerSchema } from '../backups/backup.schema';
import { equipmentInputSchema, equipmentSchema } from '../equipment/equipment.schema';
import { apiRoute } from './api-route';
import { sessionRoutes, systemRoutes } from './session-routes';

/*
 * The API's calls, spec §7 plus the calls added to it (docs/architecture.md), each written once: the server
 * registers its routes from these entries (apps/server/src/lib/table-route.ts) and the web's API functions call
 * them through `pathOf` and the entry's answer schema. Paths keep the spec's spellings (`stuff`, `get-stuff`,
 * paths outside `/api`), since the spec's original client must keep working.
 */

const savedPillSchema = savedResponseSchema(pillSchema);
const savedMeasurementSchema = savedResponseSchema(measurementSchema);
const savedEquipmentSchema = savedResponseSchema(equipmentSchema);

/** Orders of the signed-in company, their re-pricing and their documents. */
const orderRoutes = {
  companyCalculations: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/calculations',
    access: 'read',
    params: companyParamsSchema,
    answer: z.array(companyCalculationsEntrySchema),
  }),
  add: apiRoute({
    method: 'POST',
    path: '/api/company/:companyIdentifier/orders/add',
    access: 'edit',
    params: companyParamsSchema,
    body: newOrderInputSchema,
    answer: orderCreatedResponseSchema,
  }),
  list: apiRoute({
    method: 'GET',
    path: '/api/orders',
    access: 'read',
    answer: z.array(orderListItemSchema),
  }),
  detail: apiRoute({
    method: 'GET',
    path: '/api/orders/:identifier',
    access: 'read',
    params: orderParamsSchema,
    answer: orderDetailSchema,
  }),
  services: apiRoute({
    method: 'GET',
    path: '/api/orders/:identifier/services',
    access: 'read',
    params: orderParamsSchema,
    answer: orderServicesSchema,
  }),
  revisions: apiRoute({
    method: 'GET',
    path: '/api/orders/:identifier/revisions',
    access: 'read',
    params: orderParamsSchema,
    answer: orderRevisionsSchema,
  }),
  remove: apiRoute({
    method: 'DELETE',
    path: '/api/orders/:identifier',
    access: 'edit',
    params: orderParamsSchema,
    answer: messageResponseSchema,
  }),
  duplicate: apiRoute({
    method: 'POST',
    path: '/api/orders/duplicate',
    access: 'edit',
    body: orderIdentifierInputSchema,
    answer: orderCreatedResponseSchema,
  }),
  sendForApproval: apiRoute({
    method: 'POST',
    path: '/api/calculations/approve-from-user',
    access: 'edit',
    body: orderIdentifierInputSchema,
    answer: messageResponseSchema,
  }),
  repricePreview: apiRoute({
    method: 'GET',
    path: '/api/orders/:identifier/reprice-preview',
    access: 'read',
    params: orderParamsSchema,
    answer: repricePreviewSchema,
  }),
  reprice: apiRoute({
    method: 'POST',
    path: '/api/orders/:identifier/reprice',
    access: 'edit',
    params: orderParamsSchema,
    body: repriceInputSchema,
    answer: repriceResponseSchema,
  }),
  pdf: apiRoute({
    method: 'POST',
    path: '/api/orders/pdf',
    access: 'read',
    body: orderPdfInputSchema,
    answer: null,
    accepted: documentJobAnswerSchema,
  }),
  workbook: apiRoute({
    method: 'POST',
    path: '/api/orders/xlsx',
    access: 'read',
    body: orderWorkbookInputSchema,
    answer: null,
    accepted: documentJobAnswerSchema,
  }),
  /** Issue 35: the approval package as an editable Word file (the same body as the PDFs, `file: 'approval'`). */
  docx: apiRoute({
    method: 'POST',
    path: '/api/orders/docx',
    access: 'read',
    body: orderDocxInputSchema,
    answer: null,
    accepted: documentJobAnswerSchema,
  }),
  /** Issue 35: the founder's decision on an approved revision; once, the owner may correct it. */
  approval: apiRoute({
    method: 'PUT',
    path: '/api/orders/:identifier/approval',
    access: 'edit',
    params: orderParamsSchema,
    body: orderApprovalInputSchema,
    answer: orderApprovalSavedSchema,
  }),
  /** Issue 35: each service's cost and tariff over the revisions, with the approvals recorded. */
  tariffHistory: apiRoute({
    method: 'GET',
    path: '/api/orders/:identifier/tariff-history',
    access: 'read',
    params: orderParamsSchema,
    answer: tariffHistorySchema,
  }),
  /** Issue 33 («Оплата»): the рахунок на оплату of each of the company's orders, newest first. */
  invoices: apiRoute({
    method: 'GET',
    path: '/api/invoices',
    access: 'read',
    answer: z.array(orderInvoiceSchema),
  }),
} as const;

/** The wizard's calls and the company's calculated services. */
const calculationRoutes = {
  calculateOnline: apiRoute({
    method: 'POST',
    path: '/api/calculations/calculate-online',
    access: 'read',
    body: calculateOnlineInputSchema,
    answer: profitabilityResultSchema,
  }),
  save: apiRoute({
    method: 'POST',
    path: '/api/calculations/save',
    access: 'edit',
    body: saveCalculationsInputSchema,
    answer: calculationsSavedResponseSchema,
  }),
  calculate: apiRoute({
    method: 'POST',
    path: '/api/calculations/calculate',
    access: 'edit',
    body: calculateCalculationsInputSchema,
    answer: calculationsSavedResponseSchema,
  }),
  calculatedServices: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/calculated-services',
    access: 'read',
    params: companyParamsSchema,
    query: pageQuerySchema,
    answer: calculatedServicesPageSchema,
  }),
} as const;

/** The institution data of a company, and the administrator's list of companies. */
const companyRoutes = {
  options: apiRoute({
    method: 'GET',
    path: '/api/get-companies-list',
    access: 'admin',
    answer: z.array(companyOptionSchema),
  }),
  info: apiRoute({
    method: 'GET',
    path: '/api/company-info/:companyIdentifier',
    access: 'read',
    params: companyParamsSchema,
    answer: companyInfoOutputSchema,
  }),
  updateInfo: apiRoute({
    method: 'PUT',
    path: '/api/company-info/:companyIdentifier',
    access: 'edit',
    params: companyParamsSchema,
    body: companyInfoUpdateSchema,
    answer: companyInfoSavedResponseSchema,
  }),
  /** Issue 35: the block «Затвердження тарифів» (who approves, legal basis, profitability cap). */
  approvalSettings: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/approval-settings',
    access: 'read',
    params: companyParamsSchema,
    answer: approvalSettingsOutputSchema,
  }),
  updateApprovalSettings: apiRoute({
    method: 'PUT',
    path: '/api/company/:companyIdentifier/approval-settings',
    access: 'edit',
    params: companyParamsSchema,
    body: approvalSettingsSchema,
    answer: approvalSettingsSavedSchema,
  }),
  /** Issue 36: the block «Публічний прейскурант» (the switch and the public address); the owner changes it. */
  publicPriceList: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/public-price-list',
    access: 'read',
    params: companyParamsSchema,
    answer: publicationSchema,
  }),
  updatePublicPriceList: apiRoute({
    method: 'PUT',
    path: '/api/company/:companyIdentifier/public-price-list',
    access: 'members',
    params: companyParamsSchema,
    body: publicationInputSchema,
    answer: publicationSavedSchema,
  }),
} as const;

/** The staffing table ("stuff" is the spec's spelling). */
const staffRoutes = {
  list: apiRoute({
    method: 'GET',
    path: '/api/get-stuff/:companyIdentifier',
    access: 'read',
    params: companyParamsSchema,
    answer: z.array(staffRateSchema),
  }),
  changeSalary: apiRoute({
    method: 'POST',
    path: '/api/change-salary',
    access: 'edit',
    body: changeSalaryInputSchema,
    answer: messageResponseSchema,
  }),
  create: apiRoute({
    method: 'POST',
    path: '/api/company/:companyIdentifier/stuff',
    access: 'edit',
    params: companyParamsSchema,
    body: staffRateInputSchema,
    answer: savedResponseSchema(staffRateSchema),
  }),
  remove: apiRoute({
    method: 'DELETE',
    path: '/api/company/:companyIdentifier/stuff/:id',
    access: 'edit',
    params: companyRowParamsSchema,
    answer: messageResponseSchema,
  }),
  /** The orders whose lines point at the row (issue 33: its delete question names them). */
  usage: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/stuff/:id/orders',
    access: 'read',
    params: companyRowParamsSchema,
    answer: rowUsageSchema,
  }),
} as const;

/** The equipment register (issue 38): a company's equipment whose depreciation its services carry per minute. */
const equipmentRoutes = {
  list: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/equipment',
    access: 'read',
    params: companyParamsSchema,
    answer: z.array(equipmentSchema),
  }),
  create: apiRoute({
    method: 'POST',
    path: '/api/company/:companyIdentifier/equipment',
    access: 'edit',
    params: companyParamsSchema,
    body: equipmentInputSchema,
    answer: savedEquipmentSchema,
  }),
  update: apiRoute({
    method: 'PUT',
    path: '/api/company/:companyIdentifier/equipment/:id',
    access: 'edit',
    params: companyRowParamsSchema,
    body: equipmentInputSchema,
    answer: savedEquipmentSchema,
  }),
  remove: apiRoute({
    method: 'DELETE',
    path: '/api/company/:companyIdentifier/equipment/:id',
    access: 'edit',
    params: companyRowParamsSchema,
    answer: messageResponseSchema,
  }),
  /** The orders whose lines use the row (its delete question names them, as for a staffing row). */
  usage: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/equipment/:id/orders',
    access: 'read',
    params: companyRowParamsSchema,
    answer: rowUsageSchema,
  }),
  /**
   * What a wizard line may name: the administrator's template equipment (`companyIdentifier` null), then the
   * company's own register, as the materials' `all-list`.
   */
  allList: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/equipment/all-list',
    access: 'read',
    params: companyParamsSchema,
    answer: z.array(equipmentSchema),
  }),
  /** The administrator's template equipment: what the provider's templates' equipment lines name. */
  templateList: apiRoute({
    method: 'GET',
    path: '/api/equipment',
    access: 'admin',
    answer: z.array(equipmentSchema),
  }),
  createTemplate: apiRoute({
    method: 'POST',
    path: '/api/equipment',
    access: 'admin',
    body: equipmentInputSchema,
    answer: savedEquipmentSchema,
  }),
  updateTemplate: apiRoute({
    method: 'PUT',
    path: '/api/equipment/:id',
    access: 'admin',
    params: idParamsSchema,
    body: equipmentInputSchema,
    answer: savedEquipmentSchema,
  }),
  removeTemplate: apiRoute({
    method: 'DELETE',
    path: '/api/equipment/:id',
    access: 'admin',
    params: idParamsSchema,
    answer: messageResponseSchema,
  }),
} as const;

/** Materials ("pills"): the company's own, the templates, and the administrator's view of both. */
const pillRoutes = {
  templateList: apiRoute({
    method: 'GET',
    path: '/api/pills/list',
    access: 'read',
    answer: z.array(pillSchema),
  }),
  ownPage: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/pills',
    access: 'read',
    params: companyParamsSchema,
    query: pageQuerySchema,
    answer: pagedResponseSchema(pillSchema),
  }),
  ownList: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/pills/list',
    access: 'read',
    params: companyParamsSchema,
    answer: z.array(pillSchema),
  }),
  allList: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/pills/all-list',
    access: 'read',
    params: companyParamsSchema,
    answer: z.array(pillSchema),
  }),
  create: apiRoute({
    method: 'POST',
    path: '/api/company/:companyIdentifier/pills',
    access: 'edit',
    params: companyParamsSchema,
    body: pillInputSchema,
    answer: savedPillSchema,
  }),
  update: apiRoute({
    method: 'PUT',
    path: '/api/company/:companyIdentifier/pills/:id',
    access: 'edit',
    params: companyRowParamsSchema,
    body: pillInputSchema,
    answer: savedPillSchema,
  }),
  remove: apiRoute({
    method: 'DELETE',
    path: '/api/company/:companyIdentifier/pills/:id',
    access: 'edit',
    params: companyRowParamsSchema,
    answer: messageResponseSchema,
  }),
  /** The orders whose lines use the company's own material (issue 33: its delete question names them). */
  usage: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/pills/:id/orders',
    access: 'read',
    params: companyRowParamsSchema,
    answer: rowUsageSchema,
  }),
  templatePage: apiRoute({
    method: 'GET',
    path: '/api/pills',
    access: 'admin',
    query: pageQuerySchema,
    answer: pagedResponseSchema(pillSchema),
  }),
  companiesPage: apiRoute({
    method: 'GET',
    path: '/api/pills/companies',
    access: 'admin',
    query: pageQuerySchema,
    answer: pagedResponseSchema(companyPillSchema),
  }),
  createTemplate: apiRoute({
    method: 'POST',
    path: '/api/pills',
    access: 'admin',
    body: pillInputSchema.extend(forCompanyFieldSchema.shape),
    answer: savedPillSchema,
  }),
  updateTemplate: apiRoute({
    method: 'PUT',
    path: '/api/pills/:id',
    access: 'admin',
    params: idParamsSchema,
    body: pillInputSchema,
    answer: savedPillSchema,
  }),
  removeTemplate: apiRoute({
    method: 'DELETE',
    path: '/api/pills/:id',
    access: 'admin',
    params: idParamsSchema,
    answer: messageResponseSchema,
  }),
  copyToTemplates: apiRoute({
    method: 'POST',
    path: '/api/pills/companies/:id/to-templates',
    access: 'admin',
    params: idParamsSchema,
    answer: savedPillSchema,
  }),
} as const;

/** Units of measurement: the company's own, the standard ones, and the administrator's view of both. */
const measurementRoutes = {
  standardOptions: apiRoute({
    method: 'GET',
    path: '/api/get-measurements',
    access: 'read',
    answer: z.array(standardMeasurementOptionSchema),
  }),
  ownPage: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/measurements',
    access: 'read',
    params: companyParamsSchema,
    query: pageQuerySchema,
    answer: pagedResponseSchema(measurementSchema),
  }),
  ownList: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/measurements/list',
    access: 'read',
    params: companyParamsSchema,
    answer: z.array(measurementSchema),
  }),
  create: apiRoute({
    method: 'POST',
    path: '/api/company/:companyIdentifier/measurements',
    access: 'edit',
    params: companyParamsSchema,
    body: measurementInputSchema,
    answer: savedMeasurementSchema,
  }),
  update: apiRoute({
    method: 'PUT',
    path: '/api/company/:companyIdentifier/measurements/:id',
    access: 'edit',
    params: companyRowParamsSchema,
    body: measurementInputSchema,
    answer: savedMeasurementSchema,
  }),
  remove: apiRoute({
    method: 'DELETE',
    path: '/api/company/:companyIdentifier/measurements/:id',
    access: 'edit',
    params: companyRowParamsSchema,
    answer: messageResponseSchema,
  }),
  templatePage: apiRoute({
    method: 'GET',
    path: '/api/measurements',
    access: 'admin',
    query: pageQuerySchema,
    answer: pagedResponseSchema(measurementSchema),
  }),
  companiesPage: apiRoute({
    method: 'GET',
    path: '/api/measurements/companies',
    access: 'admin',
    query: pageQuerySchema,
    answer: pagedResponseSchema(companyMeasurementSchema),
  }),
  createTemplate: apiRoute({
    method: 'POST',
    path: '/api/measurements',
    access: 'admin',
    body: measurementInputSchema.extend(forCompanyFieldSchema.shape),
    answer: savedMeasurementSchema,
  }),
  updateTemplate: apiRoute({
    method: 'PUT',
    path: '/api/measurements/:id',
    access: 'admin',
    params: idParamsSchema,
    body: measurementInputSchema,
    answer: savedMeasurementSchema,
  }),
  removeTemplate: apiRoute({
    method: 'DELETE',
    path: '/api/measurements/:id',
    access: 'admin',
    params: idParamsSchema,
    answer: messageResponseSchema,
  }),
  copyToTemplates: apiRoute({
    method: 'POST',
    path: '/api/measurements/companies/:id/to-templates',
    access: 'admin',
    params: idParamsSchema,
    answer: savedMeasurementSchema,
  }),
} as const;

/** Service categories and templates: the create-order page's lists and the administrator's templates tab. */
const templateRoutes = {
  categories: apiRoute({
    method: 'GET',
    path: '/api/get-categories',
    access: 'read',
    answer: z.array(categoryOptionSchema),
  }),
  list: apiRoute({
    method: 'GET',
    path: '/api/get-templates-list',
    access: 'read',
    answer: z.array(templateListEntrySchema),
  }),
  adminList: apiRoute({
    method: 'GET',
    path: '/api/get-templates',
    access: 'admin',
    answer: z.array(adminTemplateSchema),
  }),
  update: apiRoute({
    method: 'PUT',
    path: '/api/templates/:id',
    access: 'admin',
    params: idParamsSchema,
    body: templateUpdateInputSchema,
    answer: messageResponseSchema,
  }),
  remove: apiRoute({
    method: 'DELETE',
    path: '/api/templates/:id',
    access: 'admin',
    params: idParamsSchema,
    answer: messageResponseSchema,
  }),
  addFromCalculation: apiRoute({
    method: 'POST',
    path: '/api/calculations/add-to-template',
    access: 'admin',
    body: addToTemplateInputSchema,
    answer: addToTemplateResponseSchema,
  }),
} as const;

/** The administrator's panel: orders of every company, one company's calculations, the users. */
const adminRoutes = {
  /** Issue 40: the «Резервні копії» tab. */
  backups: apiRoute({
    method: 'GET',
    path: '/api/administrator/backups',
    access: 'admin',
    answer: backupsAnswerSchema,
  }),
  createBackup: apiRoute({
    method: 'POST',
    path: '/api/administrator/backups',
    access: 'admin',
    answer: messageResponseSchema,
  }),
  downloadBackup: apiRoute({
    method: 'GET',
    path: '/api/administrator/backups/:name',
    access: 'admin',
    params: backupParamsSchema,
    answer: null,
  }),
  orders: apiRoute({
    method: 'GET',
    path: '/api/administrator/orders',
    access: 'admin',
    query: adminOrdersQuerySchema,
    answer: z.array(adminOrderRowSchema),
  }),
  order: apiRoute({
    method: 'GET',
    path: '/api/administrator/orders/:identifier',
    access: 'admin',
    params: orderParamsSchema,
    answer: adminOrderDetailSchema,
  }),
  changeOrderStatus: apiRoute({
    method: 'PATCH',
    path: '/api/administrator/orders/change-status',
    access: 'admin',
    body: changeOrderStatusInputSchema,
    answer: messageResponseSchema,
  }),
  orderPdf: apiRoute({
    method: 'POST',
    path: '/api/administrator/orders/pdf',
    access: 'admin',
    body: orderPdfInputSchema,
    answer: null,
    accepted: documentJobAnswerSchema,
  }),
  /** Issue 35: any company's order's tariff history, for the admin order drawer. */
  orderTariffHistory: apiRoute({
    method: 'GET',
    path: '/api/administrator/orders/:identifier/tariff-history',
    access: 'admin',
    params: orderParamsSchema,
    answer: tariffHistorySchema,
  }),
  companyCalculations: apiRoute({
    method: 'GET',
    path: '/api/company/:companyId/calculations/calculations-list',
    access: 'admin',
    params: adminCompanyParamsSchema,
    answer: z.array(adminCalculationSchema),
  }),
  users: apiRoute({
    method: 'GET',
    path: '/api/get-users',
    access: 'admin',
    query: adminUsersQuerySchema,
    answer: adminUsersPageSchema,
  }),
} as const;

/**
 * Spreadsheet import and export (issue 20) of a company's staffing table, materials and units
 * (`companyPreview` … `companyTemplate`) and of the template-level materials and units (`templatePreview` …,
 * administrator only). The preview takes multipart/form-data (`file`, optional `columns`), read by the handler,
 * so its entry has no body schema.
 */
const importRoutes = {
  companyPreview: apiRoute({
    method: 'POST',
    path: '/api/company/:companyIdentifier/imports/:table/preview',
    access: 'edit',
    params: companyImportParamsSchema,
    answer: importPreviewSchema,
  }),
  companyApply: apiRoute({
    method: 'POST',
    path: '/api/company/:companyIdentifier/imports/:table/:importId/apply',
    access: 'edit',
    params: companyImportApplyParamsSchema,
    body: importApplyInputSchema,
    answer: importResultSchema,
  }),
  companyLast: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/imports/:table/last',
    access: 'read',
    params: companyImportParamsSchema,
    answer: lastImportSchema,
  }),
  companyUndo: apiRoute({
    method: 'POST',
    path: '/api/company/:companyIdentifier/imports/:table/undo',
    access: 'edit',
    params: companyImportParamsSchema,
    answer: importResultSchema,
  }),
  companyExport: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/imports/:table/export',
    access: 'read',
    params: companyImportParamsSchema,
    answer: null,
  }),
  companyTemplate: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/imports/:table/template',
    access: 'read',
    params: companyImportParamsSchema,
    answer: null,
  }),
  templatePreview: apiRoute({
    method: 'POST',
    path: '/api/administrator/imports/:table/preview',
    access: 'admin',
    params: templateImportParamsSchema,
    answer: importPreviewSchema,
  }),
  templateApply: apiRoute({
    method: 'POST',
    path: '/api/administrator/imports/:table/:importId/apply',
    access: 'admin',
    params: templateImportApplyParamsSchema,
    body: importApplyInputSchema,
    answer: importResultSchema,
  }),
  templateLast: apiRoute({
    method: 'GET',
    path: '/api/administrator/imports/:table/last',
    access: 'admin',
    params: templateImportParamsSchema,
    answer: lastImportSchema,
  }),
  templateUndo: apiRoute({
    method: 'POST',
    path: '/api/administrator/imports/:table/undo',
    access: 'admin',
    params: templateImportParamsSchema,
    answer: importResultSchema,
  }),
  templateExport: apiRoute({
    method: 'GET',
    path: '/api/administrator/imports/:table/export',
    access: 'admin',
    params: templateImportParamsSchema,
    answer: null,
  }),
  templateTemplate: apiRoute({
    method: 'GET',
    path: '/api/administrator/imports/:table/template',
    access: 'admin',
    params: templateImportParamsSchema,
    answer: null,
  }),
} as const;

/**
 * The institution's members and invitations (issue 22). Accepting an invitation is public: it signs the person in
 * as registration does.
 */
const memberRoutes = {
  page: apiRoute({
    method: 'GET',
    path: '/api/members',
    access: 'read',
    answer: membersPageSchema,
  }),
  invite: apiRoute({
    method: 'POST',
    path: '/api/members/invitations',
    access: 'members',
    body: inviteMemberInputSchema,
    answer: invitationSchema,
  }),
  revokeInvitation: apiRoute({
    method: 'DELETE',
    path: '/api/members/invitations/:id',
    access: 'members',
    params: invitationParamsSchema,
    answer: messageResponseSchema,
  }),
  leave: apiRoute({
    method: 'POST',
    path: '/api/members/leave',
    access: 'user',
    answer: messageResponseSchema,
  }),
  transferOwnership: apiRoute({
    method: 'POST',
    path: '/api/members/transfer-ownership',
    access: 'members',
    body: transferOwnershipInputSchema,
    answer: messageResponseSchema,
  }),
  changeRole: apiRoute({
    method: 'PATCH',
    path: '/api/members/:identifier',
    access: 'members',
    params: memberParamsSchema,
    body: changeMemberRoleInputSchema,
    answer: memberSchema,
  }),
  remove: apiRoute({
    method: 'DELETE',
    path: '/api/members/:identifier',
    access: 'members',
    params: memberParamsSchema,
    answer: messageResponseSchema,
  }),
  invitation: apiRoute({
    method: 'GET',
    path: '/api/invitations/:token',
    access: 'public',
    params: invitationTokenParamsSchema,
    answer: invitationInfoSchema,
  }),
  acceptInvitation: apiRoute({
    method: 'POST',
    path: '/api/invitations/:token/accept',
    access: 'public',
    params: invitationTokenParamsSchema,
    body: acceptInvitationInputSchema,
    answer: authResponseSchema,
  }),
} as const;

/** The institution's activity log (issue 22): a page of rows and its XLSX export (one row per changed field). */
const activityRoutes = {
  page: apiRoute({
    method: 'GET',
    path: '/api/activity',
    access: 'activity',
    query: activityQuerySchema,
    answer: activityPageSchema,
  }),
  export: apiRoute({
    method: 'GET',
    path: '/api/activity/export',
    access: 'activity',
    query: activityFilterSchema,
    answer: null,
  }),
} as const;

/** Every call of the API, by resource. */
/**
 * A large document being made (issue 24 §1): `POST /api/orders/pdf`, `/api/orders/xlsx` and
 * `/api/administrator/orders/pdf` answer 202 `{ job }` (their `accepted`) for a document past the size limit, and
 * these follow it.
 * `user`: any signed-in caller, the administrator too; the service answers only the caller's own jobs (a company
 * member: the company's; the administrator: the administrator's own), any other job is 404.
 */
const documentJobRoutes = {
  status: apiRoute({
    method: 'GET',
    path: '/api/document-jobs/:jobId',
    access: 'user',
    params: documentJobParamsSchema,
    answer: documentJobAnswerSchema,
  }),
  file: apiRoute({
    method: 'GET',
    path: '/api/document-jobs/:jobId/file',
    access: 'user',
    params: documentJobParamsSchema,
    answer: null,
  }),
} as const;

/**
 * Issue 41: the anonymous tariff comparison: the owner's switch on /company, the comparison a participant reads
 * (403 for a company not taking part) and the provider's view of every template service.
 */
const tariffComparisonRoutes = {
  participation: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/tariff-comparison/participation',
    access: 'read',
    params: companyParamsSchema,
    answer: participationSchema,
  }),
  updateParticipation: apiRoute({
    method: 'PUT',
    path: '/api/company/:companyIdentifier/tariff-comparison/participation',
    access: 'members',
    params: companyParamsSchema,
    body: participationInputSchema,
    answer: participationSavedSchema,
  }),
  comparison: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/tariff-comparison',
    access: 'read',
    params: companyParamsSchema,
    query: benchmarkQuerySchema,
    answer: tariffBenchmarkSchema,
  }),
  /** The same comparison as an .xlsx (one row per service; the articles beside ours). */
  export: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/tariff-comparison/export',
    access: 'read',
    params: companyParamsSchema,
    query: benchmarkQuerySchema,
    answer: null,
  }),
  /** The wizard's step 5: the comparison of the order's services (no services for a company not taking part). */
  orderComparison: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/tariff-comparison/orders/:identifier',
    access: 'read',
    params: companyParamsSchema.extend(orderParamsSchema.shape),
    answer: orderBenchmarkSchema,
  }),
  providerComparison: apiRoute({
    method: 'GET',
    path: '/api/administrator/tariff-comparison',
    access: 'admin',
    query: benchmarkQuerySchema,
    answer: tariffBenchmarkSchema,
  }),
} as const;

export const apiRoutes = {
  session: sessionRoutes,
  system: systemRoutes,
  orders: orderRoutes,
  calculations: calculationRoutes,
  company: companyRoutes,
  staff: staffRoutes,
  pills: pillRoutes,
  equipment: equipmentRoutes,
  measurements: measurementRoutes,
  templates: templateRoutes,
  admin: adminRoutes,
  imports: importRoutes,
  members: memberRoutes,
  activity: activityRoutes,
  documentJobs: documentJobRoutes,
  tariffComparison: tariffComparisonRoutes,
} as const;
