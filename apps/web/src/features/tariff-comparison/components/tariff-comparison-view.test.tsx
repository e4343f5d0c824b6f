import type { BenchmarkService } from '@medcalc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { chooseOption } from '@/testing/choose-option';
import { fetchedRequests, lastRequest } from '@/testing/fetch-calls';
import { fileResponse, stubFileDownloads } from '@/testing/file-downloads';
import { roleTexts } from '@/testing/role-texts';
import { benchmarkResponse } from '@/testing/tariff-comparison';
import { emulateWidth } from '@/testing/viewport';
import { jsonResponse, mockFetch, renderRoutes, testUser } from '@/testing/test-utils';

import { TariffComparisonView } from './tariff-comparison-view';

const COMPANY = testUser.companyIdentifier;
const PATH = `/api/company/${COMPANY}/tariff-comparison`;

const files = stubFileDownloads('comparison');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SHOWN: BenchmarkService = {
  templateId: 7,
  name: 'УЗД органів черевної порожнини',
  ourTariff: '279.84',
  statistics: {
    n: 12,
    median: 310,
    p25: 270,
    p75: 1350,
    ourPosition: 'within',
    ourPercentile: 35,
    articles: [
      { key: 'labour', median: 44, ours: 40 },
      { key: 'esv', median: 10, ours: 9 },
      { key: 'materials', median: 9, ours: 11 },
      { key: 'depreciation', median: 13, ours: 17 },
      { key: 'overhead', median: 24, ours: 23 },
      { key: 'profit', median: 20, ours: 15 },
    ],
  },
  hidden: null,
};

const HIDDEN: BenchmarkService = {
  templateId: 8,
  name: 'Консультація лікаря',
  ourTariff: '400.00',
  statistics: null,
  hidden: 'differencing',
};

/** Hidden because an institution of the set it showed is gone. */
const CHANGING: BenchmarkService = {
  templateId: 9,
  name: 'Рентгенографія',
  ourTariff: '210.00',
  statistics: null,
  hidden: 'changing',
};

const renderView = () =>
  renderRoutes([{ path: '/', element: <TariffComparisonView companyIdentifier={COMPANY} /> }], {
    user: testUser,
  });

describe('TariffComparisonView (issue 41)', () => {
  it('shows each service in a table and a card, uk-UA formatted, and why a hidden one is hidden', async () => {
    mockFetch(() => benchmarkResponse([SHOWN, HIDDEN, CHANGING]));
    renderView();
    expect(
      await screen.findByText('Медіана 12 закладів: 310 грн; ваш тариф 279,84 — 35-й процентиль'),
    ).toBeInTheDocument();
    const [summary] = screen.getAllByRole('table');
    if (!summary) throw new Error('no summary table');
    const row = within(summary).getByRole('row', { name: /УЗД органів черевної порожнини/ });
    expect(roleTexts(row, 'cell')).toEqual([
      'УЗД органів черевної порожнини',
      '279,84',
      '12',
      '270 грн',
      '310 грн',
      '1\u00a0350 грн',
      '35-й процентиль',
    ]);
    const hiddenRow = within(summary).getByRole('row', { name: /Консультація лікаря/ });
    expect(within(hiddenRow).getAllByRole('cell')[2]).toHaveTextContent('—');
    expect(
      screen.getByText(/Приховано: цей відбір відрізняється від іншого показаного відбору/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/вийшов із порівняння або його затвердження більше не діє/),
    ).toBeInTheDocument();
    // The cost articles beside ours, in whole percent, in the калькуляція's order: the equipment's depreciation
    // (issue 38) under its short label after the materials.
    const [, articles] = screen.getAllByRole('table');
    if (!articles) throw new Error('no articles table');
    expect(
      within(articles)
        .getAllByRole('row')
        .slice(1)
        .map((row) => roleTexts(row, 'cell')),
    ).toEqual([
      ['Оплата праці', '44 %', '40 %'],
      ['ЄСВ', '10 %', '9 %'],
      ['Матеріали', '9 %', '11 %'],
      ['Амортизація', '13 %', '17 %'],
      ['Накладні витрати', '24 %', '23 %'],
      ['Прибуток', '20 %', '15 %'],
    ]);
  });

  it('says only «below the 25th percentile» for a tariff under the shown P25', async () => {
    const below: BenchmarkService = {
      ...SHOWN,
      ourTariff: '199.00',
      statistics: SHOWN.statistics && {
        ...SHOWN.statistics,
        ourPosition: 'below',
        ourPercentile: null,
      },
    };
    mockFetch(() => benchmarkResponse([below]));
    renderView();
    expect(
      await screen.findByText(
        'Медіана 12 закладів: 310 грн; ваш тариф 199,00 — нижче 25-го процентиля',
      ),
    ).toBeInTheDocument();
    const [summary] = screen.getAllByRole('table');
    if (!summary) throw new Error('no summary table');
    const row = within(summary).getByRole('row', { name: /УЗД органів черевної порожнини/ });
    expect(within(row).getAllByRole('cell').at(-1)).toHaveTextContent('нижче 25-го процентиля');
  });

  it('asks again with the oblast and size filters', async () => {
    const spy = mockFetch(() => benchmarkResponse([SHOWN]));
    const user = userEvent.setup();
    renderView();
    await screen.findByText(/Медіана 12 закладів/);
    await chooseOption(user, screen.getByLabelText('Область'), 'Волинська');
    await waitFor(() =>
      expect(
        fetchedRequests(spy).map((request) => request.url.searchParams.get('oblast')),
      ).toContain('Волинська'),
    );
    await chooseOption(user, screen.getByLabelText('Розмір закладу'), '101–300 ліжок');
    await waitFor(() =>
      expect(lastRequest(spy)).toEqual({
        pathname: PATH,
        query: { oblast: 'Волинська', size: 'medium' },
      }),
    );
  });

  it('downloads the comparison as an .xlsx with the filters chosen', async () => {
    const spy = mockFetch((call) =>
      call.path === `${PATH}/export`
        ? fileResponse('Порівняння тарифів.xlsx', { body: 'PK', type: 'application/vnd.ms-excel' })
        : benchmarkResponse([SHOWN]),
    );
    const user = userEvent.setup();
    renderView();
    await screen.findByText(/Медіана 12 закладів/);
    await chooseOption(user, screen.getByLabelText('Розмір закладу'), 'понад 300 ліжок');
    await user.click(screen.getByRole('button', { name: /Завантажити XLSX/ }));
    await waitFor(() => {
      const exported = fetchedRequests(spy).filter(
        (request) => request.url.pathname === `${PATH}/export`,
      );
      expect(exported.map((request) => Object.fromEntries(request.url.searchParams))).toEqual([
        { size: 'large' },
      ]);
    });
    await waitFor(() => expect(files.fileNames()).toEqual(['Порівняння тарифів.xlsx']));
  });

  it('tells a company not taking part how to join (give to get)', async () => {
    mockFetch(() =>
      jsonResponse(403, { message: 'Порівняння бачать лише заклади, що беруть у ньому участь.' }),
    );
    renderView();
    expect(
      await screen.findByText(/Порівняння бачать лише заклади, що беруть у ньому участь/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Перейти до даних закладу' })).toHaveAttribute(
      'href',
      '/company',
    );
  });

  it('fits a 390 px phone: the summary table scrolls inside itself', async () => {
    emulateWidth(390);
    mockFetch(() => benchmarkResponse([SHOWN]));
    const { container } = renderView();
    await screen.findByText(/Медіана 12 закладів/);
    // antd's table scrolls its own content (scroll.x), so the page itself never gets wider than the phone.
    expect(container.querySelector('.ant-table-content')).toHaveStyle({ overflowX: 'auto' });
  });
});
