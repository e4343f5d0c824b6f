import { ORDER_STATUS_LABELS, type CalculatedService } from '@medcalc/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { chooseOption } from '@/testing/choose-option';
import { useFakeTimersWithTestingLibrary } from '@/testing/fake-timers';
import { requestsTo } from '@/testing/fetch-calls';
import { goToPage, pagedAnswer } from '@/testing/paged-answer';
import { jsonResponse, mockFetch, renderRoutes, testUser } from '@/testing/test-utils';
import { emulateWidth } from '@/testing/viewport';
import { WithoutMotion } from '@/testing/without-motion';
import { formatDateTime } from '@/utils/format';

import { calculatedService } from '../test/calculated-service';

import { CalculatedServicesTable } from './calculated-services-table';

const COMPANY = testUser.companyIdentifier;
const LIST_PATH = `/api/company/${COMPANY}/calculated-services`;

// A laptop's width: the date columns show from a tablet's width up (components/ui/paged-table.tsx).
beforeEach(() => {
  emulateWidth(1366);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The calculated-services call as the server answers it: filtered by `search`, paged by `page`/`perPage`. */
function fakeServer(rows: CalculatedService[]) {
  const spy = mockFetch((call) => {
    if (call.method === 'GET' && call.path === LIST_PATH) {
      return pagedAnswer(spy, rows);
    }
    return jsonResponse(404, { message: 'Не знайдено.' });
  });
  return spy;
}

function renderTable() {
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <WithoutMotion>
            <CalculatedServicesTable companyIdentifier={COMPANY} />
          </WithoutMotion>
        ),
      },
      { path: '/orders/create/:identifier', element: <p>Майстер замовлення</p> },
    ],
    { user: testUser },
  );
}

const table = () => screen.getByRole('region', { name: 'Розраховані послуги' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const numbered = (count: number) =>
  Array.from({ length: count }, (_, index) => calculatedService(index + 1, `Послуга ${index + 1}`));

describe('CalculatedServicesTable', () => {
  it('lists each service with its code, order, status text, uk-UA money and dates', async () => {
    const first = calculatedService(12, 'УЗД органів черевної порожнини', {
      summary: '1234.56',
      summaryWithProfit: '1419.74',
      tariff: '1704.00',
    });
    fakeServer([
      first,
      calculatedService(13, 'УЗД щитоподібної залози', {
        summary: null,
        tariff: null,
        orderStatus: 'sent',
      }),
    ]);
    const user = userEvent.setup();
    const { router } = renderTable();

    const name = await screen.findByText('УЗД органів черевної порожнини');
    const cellsOf = () => within(name.closest('tr') as HTMLElement).getAllByRole('cell');
    // antd's Table adds the `responsive` date columns once its own breakpoint subscription has answered, which
    // can be a render after the first row appears.
    await waitFor(() => expect(cellsOf()).toHaveLength(9));
    const cells = cellsOf();
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '00012',
      'УЗД органів черевної порожниниУльтразвукова діагностика',
      'Розрахунок для: 22.11.2026',
      ORDER_STATUS_LABELS.formed,
      '1\u00a0234,56',
      '1\u00a0419,74',
      '1\u00a0704,00',
      formatDateTime(first.created_at),
      formatDateTime(first.updated_at),
    ]);

    const second = (await screen.findByText('УЗД щитоподібної залози')).closest(
      'tr',
    ) as HTMLElement;
    expect(within(second).getByText(ORDER_STATUS_LABELS.sent)).toBeInTheDocument();
    expect(within(second).getAllByText('—')).toHaveLength(2);

    const link = within(cells[2] as HTMLElement).getByRole('link', {
      name: 'Розрахунок для: 22.11.2026',
    });
    expect(link).toHaveAttribute('href', '/orders/create/ord-0007');
    await user.click(link);
    expect(await screen.findByText('Майстер замовлення')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/orders/create/ord-0007');
  });

  it('says so when nothing has been calculated yet', async () => {
    fakeServer([]);
    renderTable();

    expect(await screen.findByText('Калькуляції ще не створені')).toBeInTheDocument();
  });

  it('pages through the services and changes the page size', async () => {
    const spy = fakeServer(numbered(12));
    const user = userEvent.setup();
    renderTable();
    await within(await screen.findByRole('region', { name: 'Розраховані послуги' })).findByText(
      'Послуга 1',
    );
    expect(bodyRows()).toHaveLength(10);

    await goToPage(user, table(), 2, 'Послуга 11');
    expect(bodyRows()).toHaveLength(2);
    expect(
      Object.fromEntries(requestsTo(spy, 'GET', LIST_PATH).at(-1)?.url.searchParams ?? []),
    ).toEqual({ page: '2', perPage: '10', search: '' });

    await chooseOption(user, within(table()).getByRole('combobox'), '5 / сторінці');
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    expect(within(table()).getByText('Послуга 1')).toBeInTheDocument();
    expect(
      Object.fromEntries(requestsTo(spy, 'GET', LIST_PATH).at(-1)?.url.searchParams ?? []),
    ).toEqual({ page: '1', perPage: '5', search: '' });
  });

  it('searches 1 s after typing stops, once, from page 1', async () => {
    useFakeTimersWithTestingLibrary();
    const spy = fakeServer([...numbered(12), calculatedService(40, 'УЗД нирок')]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderTable();
    await within(await screen.findByRole('region', { name: 'Розраховані послуги' })).findByText(
      'Послуга 1',
    );
    await goToPage(user, table(), 2, 'Послуга 11');
    const before = requestsTo(spy, 'GET', LIST_PATH).length;

    const search = screen.getByRole('searchbox', { name: 'Пошук послуг' });
    for (const letter of 'узд') {
      await user.type(search, letter);
      await act(() => vi.advanceTimersByTimeAsync(400));
    }
    await act(() => vi.advanceTimersByTimeAsync(599));
    expect(requestsTo(spy, 'GET', LIST_PATH)).toHaveLength(before);
    await act(() => vi.advanceTimersByTimeAsync(1));

    await within(table()).findByText('УЗД нирок');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    const searches = requestsTo(spy, 'GET', LIST_PATH).slice(before);
    expect(searches.map((request) => Object.fromEntries(request.url.searchParams))).toEqual([
      { page: '1', perPage: '10', search: 'узд' },
    ]);
    expect(bodyRows()).toHaveLength(1);
  });

  it('says what was searched for when nothing matches', async () => {
    useFakeTimersWithTestingLibrary();
    fakeServer(numbered(3));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderTable();
    await within(await screen.findByRole('region', { name: 'Розраховані послуги' })).findByText(
      'Послуга 1',
    );

    await user.type(screen.getByRole('searchbox', { name: 'Пошук послуг' }), 'рентген');
    await act(() => vi.advanceTimersByTimeAsync(1000));

    expect(
      await within(table()).findByText('Нічого не знайдено за запитом «рентген»'),
    ).toBeInTheDocument();
  });
});
