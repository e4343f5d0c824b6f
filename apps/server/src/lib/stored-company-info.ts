import { companyInfoSchema, emptyCompanyInfo, type CompanyInfo } from '@medcalc/domain';

/**
 * Reads stored institution data through today's schema, so rows written before a field existed get its default
 * (spec §3 "Company info": every field starts empty). A stored value today's schema rejects (a row edited by hand,
 * an older format) is dropped field by field rather than failing the whole read. Used for a company's data and for
 * an order's snapshot of it, so it lives here rather than in one module.
 */
export function parseStoredCompanyInfo(stored: unknown): CompanyInfo {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored))
    return emptyCompanyInfo();
  const candidate: Record<string, unknown> = { ...(stored as Record<string, unknown>) };
  const parsed = companyInfoSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string') delete candidate[key];
  }
  const retried = companyInfoSchema.safeParse(candidate);
  return retried.success ? retried.data : emptyCompanyInfo();
}
