import type { BenchmarkService } from '@medcalc/domain';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { chooseOption } from '@/testing/choose-option';
import { lastRequest } from '@/testing/fetch-calls';
import { roleTexts } from '@/testing/role-texts';
import { benchmarkResponse } from '@/testing/tariff-comparison';
import { emulateWidth } from '@/testing/viewport';
import { mockFetch, renderAtRoot, screen, testAdmin, waitFor, within } from '@/testing/test-utils';

import AdminTariffComparisonRoute from './tariff-comparison';

const PATH = '/api/administrator/tariff-comparison';

afterEach(() => {
  vi.unstubAllGlobals();
});

// The administrator's answer: no institution is «ours», so every ourTariff, ourPosition and ourPercentile is null.
const SHOWN: BenchmarkService = {
  templateId: 3,
  name: 'Аналіз крові загальний',
  ourTariff: null,
  statistics: {
    n: 14,
    median: 1310,
    p25: 980,
    p75: 1625,
    ourPosition: null,
    ourPercentile: null,
    articles: [
      { key: 'labour', median: 46, ours: null },
      { key: 'esv', median: 10, ours: null },
      { key: 'materials', median: 12, ours: null },
      { key: 'depreciation', median: 8, ours: null },
      { key: 'overhead', median: 24, ours: null },
      { key: 'profit', median: 16, ours: null },
    ],
  },
  hidden: null,
};

const TOO_FEW: BenchmarkService = {
  templateId: 4,
  name: 'Рентгенографія',
  ourTariff: null,
  statistics: null,
  hidden: 'too-few',
};

describe('admin «Порівняння тарифів» (issue 41, the provider’s view)', () => {
  it('shows every template service across the participants, without any «ours»', async () => {
    mockFetch(() => benchmarkResponse([SHOWN, TOO_FEW]));
    renderAtRoot(<AdminTariffComparisonRoute />, { user: testAdmin });

    expect(await screen.findByText('Медіана 14 закладів: 1 310 грн')).toBeInTheDocument();
    const [summary] = screen.getAllByRole('table');
    if (!summary) throw new Error('no summary table');
    expect(
      within(summary)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Послуга', 'Закладів', '25-й процентиль', 'Медіана', '75-й процентиль']);
    expect(roleTexts(within(summary).getByRole('row', { name: /Аналіз крові/ }), 'cell')).toEqual([
      'Аналіз крові загальний',
      '14',
      '980 грн',
      '1\u00a0310 грн',
      '1\u00a0625 грн',
    ]);
    expect(roleTexts(within(summary).getByRole('row', { name: /Рентгенографія/ }), 'cell')).toEqual(
      ['Рентгенографія', '—', '—', '—', '—'],
    );
    expect(screen.getByText(/Замало закладів для порівняння/)).toBeInTheDocument();
    // The articles' medians, with no column of «ours».
    expect(roleTexts(screen.getByRole('row', { name: /Оплата праці/ }), 'cell')).toEqual([
      'Оплата праці',
      '46 %',
    ]);
    expect(roleTexts(screen.getByRole('row', { name: /Амортизація/ }), 'cell')).toEqual([
      'Амортизація',
      '8 %',
    ]);
    expect(screen.queryByText(/Ваш/)).not.toBeInTheDocument();
  });

  it('asks again with the filters, which stay on screen', async () => {
    const spy = mockFetch(() => benchmarkResponse([SHOWN]));
    const user = userEvent.setup();
    renderAtRoot(<AdminTariffComparisonRoute />, { user: testAdmin });
    await screen.findByText(/Медіана 14 закладів/);
    await chooseOption(user, screen.getByLabelText('Область'), 'Житомирська');
    await chooseOption(user, screen.getByLabelText('Розмір закладу'), 'до 100 ліжок');
    await waitFor(() =>
      expect(lastRequest(spy)).toEqual({
        pathname: PATH,
        query: { oblast: 'Житомирська', size: 'small' },
      }),
    );
    await screen.findByText(/Медіана 14 закладів/);
  });

  it('says so when no template has figures yet', async () => {
    mockFetch(() => benchmarkResponse([]));
    renderAtRoot(<AdminTariffComparisonRoute />, { user: testAdmin });
    expect(
      await screen.findByText('Жоден шаблон ще не має затверджених тарифів учасників порівняння.'),
    ).toBeInTheDocument();
  });

  it('fits a 390 px phone: the summary table scrolls inside itself', async () => {
    emulateWidth(390);
    mockFetch(() => benchmarkResponse([SHOWN]));
    const { container } = renderAtRoot(<AdminTariffComparisonRoute />, { user: testAdmin });
    await screen.findByText(/Медіана 14 закладів/);
    expect(container.querySelector('.ant-table-content')).toHaveStyle({ overflowX: 'auto' });
  });
});
