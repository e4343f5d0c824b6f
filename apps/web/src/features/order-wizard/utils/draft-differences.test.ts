import { emptyCompanyInfo, type WizardCalculationItem } from '@medcalc/domain';
import { describe, expect, it } from 'vitest';

import { SCANNER_LINE } from '@/testing/equipment';

import { draftDifferences, type SavedParts } from './draft-differences';

const item = (calculation: Partial<WizardCalculationItem['calculation']> = {}) => ({
  id: 5,
  name: 'УЗД нирок',
  calculation: { bonus: 0, profit: 15, stuff: [], pills: [], ...calculation },
});

const parts = (service: WizardCalculationItem): SavedParts => ({
  name: 'Прайс',
  companyInfo: emptyCompanyInfo(),
  calculations: { УЗД: [service] },
  priceRounding: 'none',
});

describe('draftDifferences with equipment lines (issue 38)', () => {
  it('takes a service with no equipment key and one with an empty list for the same', () => {
    const saved = parts(item());
    expect(draftDifferences(parts(item({ equipment: [] })), saved, saved)).toEqual([]);
  });

  it('names a service whose equipment lines differ, as the user’s change', () => {
    const saved = parts(item());
    expect(draftDifferences(parts(item({ equipment: [SCANNER_LINE] })), saved, saved)).toEqual([
      { text: 'Послуга «УЗД нирок»: змінена', owner: 'mine' },
    ]);
  });
});
