import {
  WORKED_EXAMPLE_COMPANY_INFO,
  type CalculationContent,
  type OrderCalculationItem,
  type OrderDetail,
} from '@medcalc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { requestsTo } from '@/testing/fetch-calls';
import { roleTexts } from '@/testing/role-texts';
import { jsonResponse, mockFetch, renderRoutes, testUser } from '@/testing/test-utils';
import type { FetchCall } from '@/testing/test-utils';

import { fileResponse, stubFileDownloads } from '@/testing/file-downloads';

import { OrderServiceCostings } from './order-service-costings';

const CONTENT: CalculationContent = { bonus: 20, profit: 15, stuff: [], pills: [] };
const LONG_NAME =
  'Комплексне ультразвукове дослідження органів черевної порожнини, нирок і сечового міхура з доплерографією';

const service = (id: number, categoryId: number, name: string): OrderCalculationItem => ({
  id,
  identifier: `calc-${id}`,
  // The code is the service's number in its company (issue 23), not its id.
  code: String(id + 1000).padStart(5, '0'),
  categoryId,
  name,
  calculation: CONTENT,
});

const detail = (identifier: string): OrderDetail => ({
  identifier,
  number: 'З-2027-0001',
  name: 'Прайс 2027',
  status: 'formed',
  companyInfo: { ...WORKED_EXAMPLE_COMPANY_INFO, name: 'КНП «Лікарня»' },
  calculations: {
    'Ультразвукова діагностика': [
      service(42, 3, 'УЗД органів черевної порожнини'),
      service(7, 3, LONG_NAME),
    ],
    'Функціональна діагностика': [service(108, 4, 'ЕКГ у спокої')],
  },
  priceRounding: 'none',
  revision: 1,
  version: 1,
});

const { downloads } = stubFileDownloads();

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A response the test releases when it chooses. */
function deferred() {
  let resolve: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function serve(handlers: {
  order?: (call: FetchCall) => Response | Promise<Response>;
  pdf?: (call: FetchCall) => Response | Promise<Response>;
}) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.path === '/api/orders/ord-7')
      return handlers.order ? handlers.order(call) : jsonResponse(200, detail('ord-7'));
    if (call.method === 'POST' && call.path === '/api/orders/pdf')
      return handlers.pdf ? handlers.pdf(call) : fileResponse('Калькуляція.pdf');
    return jsonResponse(204);
  });
}

const render = () =>
  renderRoutes([{ path: '/orders', element: <OrderServiceCostings identifier="ord-7" /> }], {
    path: '/orders',
    user: testUser,
  });

const toggle = () => screen.getByRole('button', { name: /Калькуляції послуг/ });
const isSpinning = (button: HTMLElement) =>
  button.getAttribute('aria-busy') === 'true' && button.classList.contains('ant-btn-loading');

describe('OrderServiceCostings', () => {
  it('reads nothing until opened, then shows a skeleton and one link per service «<code> <name>»', async () => {
    const answer = deferred();
    const fetchSpy = serve({ order: () => answer.promise });
    render();

    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(toggle()).toHaveTextContent(/^Калькуляції послуг$/);
    expect(requestsTo(fetchSpy, 'GET', '/api/orders/ord-7')).toHaveLength(0);

    await userEvent.setup().click(toggle());

    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('status', { name: 'Завантаження калькуляцій' })).toBeVisible();
    answer.resolve(jsonResponse(200, detail('ord-7')));

    const list = await screen.findByRole('list', { name: 'Калькуляції послуг' });
    expect(roleTexts(list, 'button')).toEqual([
      '01042 УЗД органів черевної порожнини',
      `01007 ${LONG_NAME}`,
      '01108 ЕКГ у спокої',
    ]);
    expect(toggle()).toHaveTextContent('Калькуляції послуг (3)');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(requestsTo(fetchSpy, 'GET', '/api/orders/ord-7')).toHaveLength(1);
  });

  it('downloads the калькуляція of the service clicked, spinning only its own link', async () => {
    const answer = deferred();
    const fetchSpy = serve({ pdf: () => answer.promise });
    render();
    const user = userEvent.setup();
    await user.click(toggle());
    const list = await screen.findByRole('list', { name: 'Калькуляції послуг' });
    const ecg = within(list).getByRole('button', { name: /01108 ЕКГ у спокої/ });
    const ultrasound = within(list).getByRole('button', { name: /01042 УЗД/ });

    await user.click(ecg);

    await waitFor(() => expect(isSpinning(ecg)).toBe(true));
    expect(isSpinning(ultrasound)).toBe(false);
    expect(ultrasound).toBeEnabled();
    answer.resolve(fileResponse('Калькуляція — ЕКГ у спокої.pdf'));

    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(requestsTo(fetchSpy, 'POST', '/api/orders/pdf').map((call) => call.body)).toEqual([
      { file: 'calculation', identifier: 'ord-7', calculationId: 108 },
    ]);
    expect(downloads[0]?.download).toBe('Калькуляція — ЕКГ у спокої.pdf');
    await waitFor(() => expect(isSpinning(ecg)).toBe(false));
  });

  it('shows a Ukrainian error with a retry when the services cannot be read', async () => {
    let fail = true;
    serve({
      order: () =>
        fail
          ? jsonResponse(500, { message: 'Помилка сервера.' })
          : jsonResponse(200, detail('ord-7')),
    });
    render();
    const user = userEvent.setup();
    await user.click(toggle());

    expect(await screen.findByText('Не вдалося завантажити перелік послуг.')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));

    expect(await screen.findByRole('list', { name: 'Калькуляції послуг' })).toBeVisible();
  });

  it('closes again on a second click and says so when the order has no services', async () => {
    serve({ order: () => jsonResponse(200, { ...detail('ord-7'), calculations: {} }) });
    render();
    const user = userEvent.setup();
    await user.click(toggle());

    expect(await screen.findByText('У замовленні немає послуг.')).toBeVisible();
    expect(toggle()).toHaveTextContent('Калькуляції послуг (0)');
    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('У замовленні немає послуг.')).not.toBeInTheDocument();
  });
});
