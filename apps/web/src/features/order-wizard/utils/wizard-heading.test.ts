import { ORDER_STATUSES } from '@medcalc/domain';
import { describe, expect, it } from 'vitest';

import { wizardBanner, wizardTitle } from './wizard-heading';

describe('the wizard’s title and banner follow the order’s stage (issue 33)', () => {
  it('titles a new or draft order as spec §2 does, and a calculated, sent or approved one as what it is', () => {
    expect(ORDER_STATUSES.map(wizardTitle)).toEqual([
      'Розрахувати нові послуги',
      'Розрахувати нові послуги',
      'Розрахувати нові послуги',
      'Калькуляції розраховано',
      'Калькуляції на погодженні',
      'Погоджені калькуляції',
    ]);
    // Before the order is loaded: the spec's title.
    expect(wizardTitle(undefined)).toBe('Розрахувати нові послуги');
  });

  it('says nothing more for a new order or a draft of the first revision', () => {
    expect(wizardBanner('payed', 1)).toBeNull();
    expect(wizardBanner('saved', 1)).toBeNull();
  });

  it('says what a re-priced revision must do before it is calculated again', () => {
    expect(wizardBanner('saved', 2)?.text).toMatch(/^Редакція 2: дані оновлено/);
    expect(wizardBanner('payed', 3)?.text).toMatch(/^Редакція 3: /);
  });

  it('warns that editing a calculated order makes it a draft again, at any revision', () => {
    expect(wizardBanner('formed', 2)).toEqual({
      type: 'info',
      text: expect.stringMatching(/знову стане чернеткою/),
    });
  });

  it('says an order on approval or approved is read-only, and how an approved one is re-priced', () => {
    expect(wizardBanner('sent', 1)?.text).toMatch(/на погодженні: калькуляції лише для перегляду/);
    const approved = wizardBanner('confirmed', 4);
    expect(approved?.type).toBe('success');
    expect(approved?.text).toMatch(
      /лише для перегляду.*«Оновити дані в калькуляції».*нову редакцію/,
    );
  });
});
