import type { ImportTarget } from '../import-target';

/** The path values of a company target's calls (`/api/company/:companyIdentifier/imports/:table/…`). */
export const companyPath = (target: Extract<ImportTarget, { scope: 'company' }>) => ({
  companyIdentifier: target.companyIdentifier,
  table: target.table,
});
