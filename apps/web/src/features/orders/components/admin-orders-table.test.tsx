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
  within(tableRow).getByRole('radiogroup', { name: `Статус замовлення ${identifier}` });

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

    const radios = within(statusGroup(first, 'ord-1')).getAllByRole('radio');
    expect(radios).toHaveLength(6);
    expect(radios.filter((radio) => (radio as HTMLInputElement).checked)).toEqual([
      within(first).getByRole('radio', { name: 'Оплачено' }),
    ]);
    const second = await row('ord-2');
    expect(within(second).getByRole('radio', { name: 'Погоджено' })).toBeChecked();
    expect(within(second).getByText('Інша клініка')).toBeInTheDocument();
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
    render();

    const current = await row('ord-1');
    expect(within(current).getByRole('radio', { name: 'Створено' })).toBeChecked();
    await userEvent.setup().click(within(current).getByText('Оплачено'));

    expect(await screen.findByText('Статус замовлення змінено.')).toBeInTheDocument();
    await waitFor(async () =>
      expect(within(await row('ord-1')).getByRole('radio', { name: 'Оплачено' })).toBeChecked(),
    );
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

    await userEvent.setup().click(within(await row('ord-1')).getByText('Погоджено'));

    expect(await screen.findByText('Невідомий статус замовлення.')).toBeInTheDocument();
    await waitFor(async () =>
      expect(within(await row('ord-1')).getByRole('radio', { name: 'Чернетка' })).toBeChecked(),
    );
    expect(within(await row('ord-1')).getByRole('radio', { name: 'Погоджено' })).not.toBeChecked();
  });
});
