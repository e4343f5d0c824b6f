import type { CompanyInfo } from './company-info.schema';

/**
 * The ЄСВ rate the law sets for employers' payroll: 22 % (Закон України «Про збір та облік єдиного внеску на
 * загальнообов’язкове державне соціальне страхування», ст. 8), percent.
 */
export const LEGAL_ESV_RATE_PERCENT = 22;

/** One value /company offers for an empty field (issue 23), with why, for the user to confirm by saving. */
export interface CompanyInfoSuggestion {
  field: keyof CompanyInfo;
  value: string | number;
  /** Ukrainian, shown beside the offer: where the value comes from. */
  reason: string;
}

/**
 * What a new institution's data page offers (issue 23 "First visit"): the name given at registration when the
 * full name is empty, and the legal ЄСВ rate when none is stored. Nothing for a field that holds a value, so a
 * user's own choice (a 0 % rate included) is never replaced. Suggestions are not stored until the user saves.
 */
export function suggestCompanyInfo(
  stored: CompanyInfo,
  registeredName: string,
): CompanyInfoSuggestion[] {
  const suggestions: CompanyInfoSuggestion[] = [];
  if (stored.name.trim() === '' && registeredName.trim() !== '') {
    suggestions.push({
      field: 'name',
      value: registeredName.trim(),
      reason: 'назва, вказана під час реєстрації',
    });
  }
  if (stored.unified_social_security_contribution_rate === null) {
    suggestions.push({
      field: 'unified_social_security_contribution_rate',
      value: LEGAL_ESV_RATE_PERCENT,
      reason: `ставка ЄСВ ${LEGAL_ESV_RATE_PERCENT} % за законом про єдиний внесок`,
    });
  }
  return suggestions;
}
