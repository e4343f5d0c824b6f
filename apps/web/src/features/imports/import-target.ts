import type { ImportTable } from '@medcalc/domain';

/**
 * The table an import or export works on: one of the company's own tables (`/api/company/:companyIdentifier/
 * imports/:table/…`, scoped to the session's company by the server), or one of the administrator's template-level
 * tables (`/api/administrator/imports/:table/…`).
 */
export type ImportTarget =
  | { scope: 'company'; table: ImportTable; companyIdentifier: string }
  | { scope: 'admin'; table: Exclude<ImportTable, 'staff'> };
