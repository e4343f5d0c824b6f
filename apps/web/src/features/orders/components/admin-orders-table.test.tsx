import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { formatDateTime } from '@/utils/format';
import {
  fetchedPaths,
  jsonResponse,
  mockFetch,
  renderRoutes,
  testAdmin,
  type FetchCall,
} from '@/testing/test-utils';

import { AdminOrdersTable } from './admin-orders-table';

afterEach(() => {
  vi.unstubAllGlobals();
});

const CREATED_AT = '2026-11-22T08:15:00.000Z';
const UPDATED_AT = '2026-11-23T12:40:00.000Z';

const adminOrder = (identifier: string, status: string, company = 'Міська клініка') => ({
  identifier,
  name: `Замовлення ${identifier}`,
  status,
  company,
  createdAt: CREATED_AT,
  updatedAt: UPDATED_AT,
});

function serve(
  orders: () => unknown[],
  onPatch: (call: FetchCall) => Response = () => jsonResponse(200, { message: 'Статус змінено.' }),
) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.path === '/api/administrator/orders') {
      return jsonResponse(200, orders());
    }
    if (call.method === 'PATCH' && call.path === '/api/administrator/orders/change-status') {
      return onPatch(call);
    }
    return jsonResponse(204);
  });
}

function render() {
  return renderRoutes([{ path: '/admin-panel/orders', element: <AdminOrdersTable /> }], {
    path: '/admin-panel/orders',
    user: testAdmin,
  });
}

const row = async (identifier: string) =>
  (await screen.findByRole('cell', { name: identifier })).closest('tr') as HTMLElement;

const statusGroup = (tableRow: HTMLElement, identifier: string) =>
  within(tableRow).getByRole('group', { name: `Статус замовлення ${identifier}` });
/** One button of a row's status group; `pressed` is true for the current status. */
const statusButton = (tableRow: HTMLElement, name: string) =>
  within(tableRow).getByRole('button', { name });

describe('AdminOrdersTable', () => {
  it('lists every company’s orders with the current status selected and the dates formatted', async () => {
    serve(() => [adminOrder('ord-1', 'payed'), adminOrder('ord-2', 'confirmed', 'Інша клініка')]);
    render();

    expect(screen.getByRole('status', { name: 'Завантаження замовлень' })).toBeInTheDocument();
    const first = await row('ord-1');
    expect(within(first).getByText('Замовлення ord-1')).toBeInTheDocument();
    expect(within(first).getByText('Міська клініка')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Відкрити' })).toBeDisabled();
    expect(within(first).getByText(formatDateTime(CREATED_AT))).toBeInTheDocument();
    expect(within(first).getByText(formatDateTime(UPDATED_AT))).toBeInTheDocument();

    const buttons = within(statusGroup(first, 'ord-1')).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Створено',
      'Оплачено',
      'Чернетка',
      'Розраховано',
      'Надіслано',
      'Погоджено',
    ]);
    expect(within(first).getAllByRole('button', { pressed: true })).toEqual([
      statusButton(first, 'Оплачено'),
    ]);
    const second = await row('ord-2');
    expect(within(second).getAllByRole('button', { pressed: true })).toEqual([
      statusButton(second, 'Погоджено'),
    ]);
    expect(within(second).getByText('Інша клініка')).toBeInTheDocument();
    // The spec's actions column says why it is empty rather than showing a bare dash.
    expect(within(first).getByText('у розробці')).toBeInTheDocument();
    expect(within(first).queryByText('—')).not.toBeInTheDocument();
  });

  it('sets another status, then reloads the list', async () => {
    let status = 'created';
    const fetchSpy = serve(
      () => [adminOrder('ord-1', status)],
      (call) => {
        expect(call.body).toEqual({ identifier: 'ord-1', status: 'payed' });
        status = 'payed';
        return jsonResponse(200, { message: 'Статус замовлення змінено.' });
      },
    );
    const { queryClient } = render();
    // The company's own calculations are chosen by status: a cached list must not outlive the change.
    const ownKey = ['calculations', { companyIdentifier: 'company-1' }];
    queryClient.setQueryData(ownKey, []);

    const current = await row('ord-1');
    expect(statusButton(current, 'Створено')).toHaveAttribute('aria-pressed', 'true');
    await userEvent.setup().click(statusButton(current, 'Оплачено'));

    expect(await screen.findByText('Статус замовлення змінено.')).toBeInTheDocument();
    await waitFor(async () =>
      expect(statusButton(await row('ord-1'), 'Оплачено')).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(statusButton(await row('ord-1'), 'Створено')).toHaveAttribute('aria-pressed', 'false');
    expect(queryClient.getQueryState(ownKey)?.isInvalidated).toBe(true);
    expect(fetchedPaths(fetchSpy).filter((path) => path !== 'GET /sanctum/csrf-cookie')).toEqual([
      'GET /api/administrator/orders',
      'PATCH /api/administrator/orders/change-status',
      'GET /api/administrator/orders',
    ]);
  });

  it('shows the server’s message when the change fails and keeps the stored status', async () => {
    serve(
      () => [adminOrder('ord-1', 'saved')],
      () => jsonResponse(422, { message: 'Невідомий статус замовлення.', errors: {} }),
    );
    render();

    await userEvent.setup().click(statusButton(await row('ord-1'), 'Погоджено'));

    expect(await screen.findByText('Невідомий статус замовлення.')).toBeInTheDocument();
    await waitFor(async () =>
      expect(statusButton(await row('ord-1'), 'Чернетка')).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(statusButton(await row('ord-1'), 'Погоджено')).toHaveAttribute('aria-pressed', 'false');
  });

  it('sends nothing when the current status is chosen again', async () => {
    const sent: unknown[] = [];
    serve(
      () => [adminOrder('ord-1', 'formed')],
      (call) => {
        sent.push(call.body);
        return jsonResponse(200, { message: 'Статус замовлення змінено.' });
      },
    );
    render();
    const user = userEvent.setup();

    await user.click(statusButton(await row('ord-1'), 'Розраховано'));
    await user.click(statusButton(await row('ord-1'), 'Надіслано'));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent).toEqual([{ identifier: 'ord-1', status: 'sent' }]);
  });
});
