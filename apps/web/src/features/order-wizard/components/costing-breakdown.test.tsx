import { newStuffLine, type WizardCalculationItem } from '@medcalc/domain';
import { describe, expect, it } from 'vitest';

import { renderAtRoot, screen, testUser, waitFor, within } from '@/testing/test-utils';
import { emulateWidth } from '@/testing/viewport';

import { CostingBreakdown } from './costing-breakdown';

const ITEM: WizardCalculationItem = {
  id: 1,
  name: 'УЗД нирок',
  calculation: {
    bonus: 20,
    profit: 15,
    stuff: [
      {
        ...newStuffLine(),
        quality: { id: 3, name: 'Лікар УЗД' },
        salary: 24000,
        conditionPercent: 10,
        timeSpend: 15,
      },
    ],
    pills: [],
  },
};

// Testing Library reads the no-break space of «24 000,00» as a plain one.
const FORMULA = '24 000,00 грн × (1 + 10 %) × (1 + 20 %) / 21 дн. / (7,7 год × 60) × 15 хв';

const renderBreakdown = () =>
  renderAtRoot(
    <CostingBreakdown item={ITEM} costing={undefined} priceRounding="none" isRecomputing={false} />,
    { user: testUser },
  );

const region = () => screen.getByRole('region', { name: 'Калькуляція послуги «УЗД нирок»' });

describe('CostingBreakdown (issue 33)', () => {
  it('shows a staff line’s formula with the conditions and bonus factors it applies', async () => {
    emulateWidth(1366);
    renderBreakdown();

    await waitFor(() =>
      expect(within(region()).getByRole('columnheader', { name: 'Формула' })).toBeInTheDocument(),
    );
    const row = within(region()).getByText('Лікар УЗД').closest('tr') as HTMLElement;
    expect(within(row).getByText(FORMULA)).toBeInTheDocument();
    expect(within(row).getByText('умови праці 10 %, премія 20 %')).toBeInTheDocument();
  });

  it('on a phone reads the formula and coefficient under the article, in two columns', () => {
    emulateWidth(390);
    renderBreakdown();

    expect(
      within(region())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Стаття витрат', 'Сума, грн']);
    const row = within(region()).getByText('Лікар УЗД').closest('tr') as HTMLElement;
    expect(within(row).getByText(`${FORMULA}; умови праці 10 %, премія 20 %`)).toBeInTheDocument();
  });
});
