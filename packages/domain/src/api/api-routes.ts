import { z } from 'zod';
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
import {
  authResponseSchema,
  forgotPasswordInputSchema,
  healthResponseSchema,
  loginInputSchema,
  registerInputSchema,
  resetPasswordInputSchema,
} from '../auth/auth.schema';
import {
  calculateOnlineInputSchema,
  calculatedServicesPageSchema,
  calculationsSavedResponseSchema,
  profitabilityResultSchema,
  saveCalculationsInputSchema,
} from '../calculations/calculation-calls.schema';
import { messageResponseSchema } from '../common/api-error.schema';
import { contactsResponseSchema } from '../common/contacts.schema';
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
import { orderPdfInputSchema, orderWorkbookInputSchema } from '../documents/order-document.schema';
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
import { currentUserSchema } from '../users/user.schema';
import { apiRoute } from './api-route';

/*
 * The API's calls, spec §7 plus the calls added to it (docs/architecture.md), each written once: the server
 * registers its routes from these entries (apps/server/src/lib/table-route.ts) and the web's API functions call
 * them through `pathOf` and the entry's answer schema. Paths keep the spec's spellings (`stuff`, `get-stuff`,
 * paths outside `/api`), since the spec's original client must keep working.
 */

const savedPillSchema = savedResponseSchema(pillSchema);
const savedMeasurementSchema = savedResponseSchema(measurementSchema);

/** Session and password recovery; some outside `/api`, where the spec's (Laravel) client calls them. */
const sessionRoutes = {
  login: apiRoute({
    method: 'POST',
    path: '/login',
    body: loginInputSchema,
    answer: authResponseSchema,
  }),
  register: apiRoute({
    method: 'POST',
    path: '/api/register',
    body: registerInputSchema,
    answer: authResponseSchema,
  }),
  logout: apiRoute({ method: 'POST', path: '/logout', answer: messageResponseSchema }),
  currentUser: apiRoute({ method: 'GET', path: '/api/user', answer: currentUserSchema }),
  forgotPassword: apiRoute({
    method: 'POST',
    path: '/password/email',
    body: forgotPasswordInputSchema,
    answer: messageResponseSchema,
  }),
  resetPassword: apiRoute({
    method: 'POST',
    path: '/password/reset',
    body: resetPasswordInputSchema,
    answer: messageResponseSchema,
  }),
} as const;

/** Public calls of the system. */
const systemRoutes = {
  health: apiRoute({ method: 'GET', path: '/api/health', answer: healthResponseSchema }),
  /** Readiness (issue 21): 200 while the database answers, 503 otherwise; `health` stays the liveness check. */
  ready: apiRoute({ method: 'GET', path: '/api/health/ready', answer: healthResponseSchema }),
  contacts: apiRoute({ method: 'GET', path: '/api/contacts', answer: contactsResponseSchema }),
} as const;

/** Orders of the signed-in company, their re-pricing and their documents. */
const orderRoutes = {
  companyCalculations: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/calculations',
    params: companyParamsSchema,
    answer: z.array(companyCalculationsEntrySchema),
  }),
  add: apiRoute({
    method: 'POST',
    path: '/api/company/:companyIdentifier/orders/add',
    params: companyParamsSchema,
    body: newOrderInputSchema,
    answer: orderCreatedResponseSchema,
  }),
  list: apiRoute({ method: 'GET', path: '/api/orders', answer: z.array(orderListItemSchema) }),
  detail: apiRoute({
    method: 'GET',
    path: '/api/orders/:identifier',
    params: orderParamsSchema,
    answer: orderDetailSchema,
  }),
  services: apiRoute({
    method: 'GET',
    path: '/api/orders/:identifier/services',
    params: orderParamsSchema,
    answer: orderServicesSchema,
  }),
  revisions: apiRoute({
    method: 'GET',
    path: '/api/orders/:identifier/revisions',
    params: orderParamsSchema,
    answer: orderRevisionsSchema,
  }),
  remove: apiRoute({
    method: 'DELETE',
    path: '/api/orders/:identifier',
    params: orderParamsSchema,
    answer: messageResponseSchema,
  }),
  duplicate: apiRoute({
    method: 'POST',
    path: '/api/orders/duplicate',
    body: orderIdentifierInputSchema,
    answer: orderCreatedResponseSchema,
  }),
  sendForApproval: apiRoute({
    method: 'POST',
    path: '/api/calculations/approve-from-user',
    body: orderIdentifierInputSchema,
    answer: messageResponseSchema,
  }),
  repricePreview: apiRoute({
    method: 'GET',
    path: '/api/orders/:identifier/reprice-preview',
    params: orderParamsSchema,
    answer: repricePreviewSchema,
  }),
  reprice: apiRoute({
    method: 'POST',
    path: '/api/orders/:identifier/reprice',
    params: orderParamsSchema,
    body: repriceInputSchema,
    answer: repriceResponseSchema,
  }),
  pdf: apiRoute({
    method: 'POST',
    path: '/api/orders/pdf',
    body: orderPdfInputSchema,
    answer: null,
  }),
  workbook: apiRoute({
    method: 'POST',
    path: '/api/orders/xlsx',
    body: orderWorkbookInputSchema,
    answer: null,
  }),
} as const;

/** The wizard's calls and the company's calculated services. */
const calculationRoutes = {
  calculateOnline: apiRoute({
    method: 'POST',
    path: '/api/calculations/calculate-online',
    body: calculateOnlineInputSchema,
    answer: profitabilityResultSchema,
  }),
  save: apiRoute({
    method: 'POST',
    path: '/api/calculations/save',
    body: saveCalculationsInputSchema,
    answer: calculationsSavedResponseSchema,
  }),
  calculate: apiRoute({
    method: 'POST',
    path: '/api/calculations/calculate',
    body: saveCalculationsInputSchema,
    answer: calculationsSavedResponseSchema,
  }),
  calculatedServices: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/calculated-services',
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
    answer: z.array(companyOptionSchema),
  }),
  info: apiRoute({
    method: 'GET',
    path: '/api/company-info/:companyIdentifier',
    params: companyParamsSchema,
    answer: companyInfoOutputSchema,
  }),
  updateInfo: apiRoute({
    method: 'PUT',
    path: '/api/company-info/:companyIdentifier',
    params: companyParamsSchema,
    body: companyInfoUpdateSchema,
    answer: companyInfoSavedResponseSchema,
  }),
} as const;

/** The staffing table ("stuff" is the spec's spelling). */
const staffRoutes = {
  list: apiRoute({
    method: 'GET',
    path: '/api/get-stuff/:companyIdentifier',
    params: companyParamsSchema,
    answer: z.array(staffRateSchema),
  }),
  changeSalary: apiRoute({
    method: 'POST',
    path: '/api/change-salary',
    body: changeSalaryInputSchema,
    answer: messageResponseSchema,
  }),
  create: apiRoute({
    method: 'POST',
    path: '/api/company/:companyIdentifier/stuff',
    params: companyParamsSchema,
    body: staffRateInputSchema,
    answer: savedResponseSchema(staffRateSchema),
  }),
  remove: apiRoute({
    method: 'DELETE',
    path: '/api/company/:companyIdentifier/stuff/:id',
    params: companyRowParamsSchema,
    answer: messageResponseSchema,
  }),
} as const;

/** Materials ("pills"): the company's own, the templates, and the administrator's view of both. */
const pillRoutes = {
  templateList: apiRoute({ method: 'GET', path: '/api/pills/list', answer: z.array(pillSchema) }),
  ownPage: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/pills',
    params: companyParamsSchema,
    query: pageQuerySchema,
    answer: pagedResponseSchema(pillSchema),
  }),
  ownList: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/pills/list',
    params: companyParamsSchema,
    answer: z.array(pillSchema),
  }),
  allList: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/pills/all-list',
    params: companyParamsSchema,
    answer: z.array(pillSchema),
  }),
  create: apiRoute({
    method: 'POST',
    path: '/api/company/:companyIdentifier/pills',
    params: companyParamsSchema,
    body: pillInputSchema,
    answer: savedPillSchema,
  }),
  update: apiRoute({
    method: 'PUT',
    path: '/api/company/:companyIdentifier/pills/:id',
    params: companyRowParamsSchema,
    body: pillInputSchema,
    answer: savedPillSchema,
  }),
  remove: apiRoute({
    method: 'DELETE',
    path: '/api/company/:companyIdentifier/pills/:id',
    params: companyRowParamsSchema,
    answer: messageResponseSchema,
  }),
  templatePage: apiRoute({
    method: 'GET',
    path: '/api/pills',
    query: pageQuerySchema,
    answer: pagedResponseSchema(pillSchema),
  }),
  companiesPage: apiRoute({
    method: 'GET',
    path: '/api/pills/companies',
    query: pageQuerySchema,
    answer: pagedResponseSchema(companyPillSchema),
  }),
  createTemplate: apiRoute({
    method: 'POST',
    path: '/api/pills',
    body: pillInputSchema.extend(forCompanyFieldSchema.shape),
    answer: savedPillSchema,
  }),
  updateTemplate: apiRoute({
    method: 'PUT',
    path: '/api/pills/:id',
    params: idParamsSchema,
    body: pillInputSchema,
    answer: savedPillSchema,
  }),
  removeTemplate: apiRoute({
    method: 'DELETE',
    path: '/api/pills/:id',
    params: idParamsSchema,
    answer: messageResponseSchema,
  }),
  copyToTemplates: apiRoute({
    method: 'POST',
    path: '/api/pills/companies/:id/to-templates',
    params: idParamsSchema,
    answer: savedPillSchema,
  }),
} as const;

/** Units of measurement: the company's own, the standard ones, and the administrator's view of both. */
const measurementRoutes = {
  standardOptions: apiRoute({
    method: 'GET',
    path: '/api/get-measurements',
    answer: z.array(standardMeasurementOptionSchema),
  }),
  ownPage: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/measurements',
    params: companyParamsSchema,
    query: pageQuerySchema,
    answer: pagedResponseSchema(measurementSchema),
  }),
  ownList: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/measurements/list',
    params: companyParamsSchema,
    answer: z.array(measurementSchema),
  }),
  create: apiRoute({
    method: 'POST',
    path: '/api/company/:companyIdentifier/measurements',
    params: companyParamsSchema,
    body: measurementInputSchema,
    answer: savedMeasurementSchema,
  }),
  update: apiRoute({
    method: 'PUT',
    path: '/api/company/:companyIdentifier/measurements/:id',
    params: companyRowParamsSchema,
    body: measurementInputSchema,
    answer: savedMeasurementSchema,
  }),
  remove: apiRoute({
    method: 'DELETE',
    path: '/api/company/:companyIdentifier/measurements/:id',
    params: companyRowParamsSchema,
    answer: messageResponseSchema,
  }),
  templatePage: apiRoute({
    method: 'GET',
    path: '/api/measurements',
    query: pageQuerySchema,
    answer: pagedResponseSchema(measurementSchema),
  }),
  companiesPage: apiRoute({
    method: 'GET',
    path: '/api/measurements/companies',
    query: pageQuerySchema,
    answer: pagedResponseSchema(companyMeasurementSchema),
  }),
  createTemplate: apiRoute({
    method: 'POST',
    path: '/api/measurements',
    body: measurementInputSchema.extend(forCompanyFieldSchema.shape),
    answer: savedMeasurementSchema,
  }),
  updateTemplate: apiRoute({
    method: 'PUT',
    path: '/api/measurements/:id',
    params: idParamsSchema,
    body: measurementInputSchema,
    answer: savedMeasurementSchema,
  }),
  removeTemplate: apiRoute({
    method: 'DELETE',
    path: '/api/measurements/:id',
    params: idParamsSchema,
    answer: messageResponseSchema,
  }),
  copyToTemplates: apiRoute({
    method: 'POST',
    path: '/api/measurements/companies/:id/to-templates',
    params: idParamsSchema,
    answer: savedMeasurementSchema,
  }),
} as const;

/** Service categories and templates: the create-order page's lists and the administrator's templates tab. */
const templateRoutes = {
  categories: apiRoute({
    method: 'GET',
    path: '/api/get-categories',
    answer: z.array(categoryOptionSchema),
  }),
  list: apiRoute({
    method: 'GET',
    path: '/api/get-templates-list',
    answer: z.array(templateListEntrySchema),
  }),
  adminList: apiRoute({
    method: 'GET',
    path: '/api/get-templates',
    answer: z.array(adminTemplateSchema),
  }),
  update: apiRoute({
    method: 'PUT',
    path: '/api/templates/:id',
    params: idParamsSchema,
    body: templateUpdateInputSchema,
    answer: messageResponseSchema,
  }),
  remove: apiRoute({
    method: 'DELETE',
    path: '/api/templates/:id',
    params: idParamsSchema,
    answer: messageResponseSchema,
  }),
  addFromCalculation: apiRoute({
    method: 'POST',
    path: '/api/calculations/add-to-template',
    body: addToTemplateInputSchema,
    answer: addToTemplateResponseSchema,
  }),
} as const;

/** The administrator's panel: orders of every company, one company's calculations, the users. */
const adminRoutes = {
  orders: apiRoute({
    method: 'GET',
    path: '/api/administrator/orders',
    query: adminOrdersQuerySchema,
    answer: z.array(adminOrderRowSchema),
  }),
  order: apiRoute({
    method: 'GET',
    path: '/api/administrator/orders/:identifier',
    params: orderParamsSchema,
    answer: adminOrderDetailSchema,
  }),
  changeOrderStatus: apiRoute({
    method: 'PATCH',
    path: '/api/administrator/orders/change-status',
    body: changeOrderStatusInputSchema,
    answer: messageResponseSchema,
  }),
  orderPdf: apiRoute({
    method: 'POST',
    path: '/api/administrator/orders/pdf',
    body: orderPdfInputSchema,
    answer: null,
  }),
  companyCalculations: apiRoute({
    method: 'GET',
    path: '/api/company/:companyId/calculations/calculations-list',
    params: adminCompanyParamsSchema,
    answer: z.array(adminCalculationSchema),
  }),
  users: apiRoute({
    method: 'GET',
    path: '/api/get-users',
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
    params: companyImportParamsSchema,
    answer: importPreviewSchema,
  }),
  companyApply: apiRoute({
    method: 'POST',
    path: '/api/company/:companyIdentifier/imports/:table/:importId/apply',
    params: companyImportApplyParamsSchema,
    body: importApplyInputSchema,
    answer: importResultSchema,
  }),
  companyLast: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/imports/:table/last',
    params: companyImportParamsSchema,
    answer: lastImportSchema,
  }),
  companyUndo: apiRoute({
    method: 'POST',
    path: '/api/company/:companyIdentifier/imports/:table/undo',
    params: companyImportParamsSchema,
    answer: importResultSchema,
  }),
  companyExport: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/imports/:table/export',
    params: companyImportParamsSchema,
    answer: null,
  }),
  companyTemplate: apiRoute({
    method: 'GET',
    path: '/api/company/:companyIdentifier/imports/:table/template',
    params: companyImportParamsSchema,
    answer: null,
  }),
  templatePreview: apiRoute({
    method: 'POST',
    path: '/api/administrator/imports/:table/preview',
    params: templateImportParamsSchema,
    answer: importPreviewSchema,
  }),
  templateApply: apiRoute({
    method: 'POST',
    path: '/api/administrator/imports/:table/:importId/apply',
    params: templateImportApplyParamsSchema,
    body: importApplyInputSchema,
    answer: importResultSchema,
  }),
  templateLast: apiRoute({
    method: 'GET',
    path: '/api/administrator/imports/:table/last',
    params: templateImportParamsSchema,
    answer: lastImportSchema,
  }),
  templateUndo: apiRoute({
    method: 'POST',
    path: '/api/administrator/imports/:table/undo',
    params: templateImportParamsSchema,
    answer: importResultSchema,
  }),
  templateExport: apiRoute({
    method: 'GET',
    path: '/api/administrator/imports/:table/export',
    params: templateImportParamsSchema,
    answer: null,
  }),
  templateTemplate: apiRoute({
    method: 'GET',
    path: '/api/administrator/imports/:table/template',
    params: templateImportParamsSchema,
    answer: null,
  }),
} as const;

/** Every call of the API, by resource. */
export const apiRoutes = {
  session: sessionRoutes,
  system: systemRoutes,
  orders: orderRoutes,
  calculations: calculationRoutes,
  company: companyRoutes,
  staff: staffRoutes,
  pills: pillRoutes,
  measurements: measurementRoutes,
  templates: templateRoutes,
  admin: adminRoutes,
  imports: importRoutes,
} as const;
