import { describe, expect, it } from 'vitest';
import { emptyCompanyInfo } from './company-info.schema';
import { LEGAL_ESV_RATE_PERCENT, suggestCompanyInfo } from './company-info-suggestions';

const fields = (suggestions: ReturnType<typeof suggestCompanyInfo>) =>
  suggestions.map(({ field, value }) => [field, value]);

describe('suggestCompanyInfo (issue 23)', () => {
  it('offers the registered name and the legal ЄСВ rate for a new institution', () => {
    expect(fields(suggestCompanyInfo(emptyCompanyInfo(), '  КНП «Лікарня № 5»  '))).toEqual([
      ['name', 'КНП «Лікарня № 5»'],
      ['unified_social_security_contribution_rate', 22],
    ]);
    expect(LEGAL_ESV_RATE_PERCENT).toBe(22);
  });

  it('never replaces what the institution stored, a 0 % rate included', () => {
    const stored = {
      ...emptyCompanyInfo(),
      name: 'КНП «Інша назва»',
      unified_social_security_contribution_rate: 0,
    };
    expect(suggestCompanyInfo(stored, 'КНП «Лікарня № 5»')).toEqual([]);
  });

  it('offers no name when none was registered', () => {
    expect(fields(suggestCompanyInfo(emptyCompanyInfo(), ' '))).toEqual([
      ['unified_social_security_contribution_rate', 22],
    ]);
  });
});
