import type { Measurement, Pill } from '@medcalc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { findDialog } from '@/testing/dialogs';
import { requestsTo } from '@/testing/fetch-calls';
import { fakeApi, jsonResponse, renderRoutes, testUser } from '@/testing/test-utils';
import { onePage } from '@/testing/paged-answer';

import { createRoutes } from '../../router';

const COMPANY = testUser.companyIdentifier;
const UNITS_PATH = `/api/company/${COMPANY}/measurements`;
const PILLS_PATH = `/api/company/${COMPANY}/pills`;
const STAMP = '2026-11-22T08:15:00.000Z';

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * The server side of units and materials as spec §3 has it: a material names its unit, and the name is the
 * unit's current one (the server keeps the unit's id and joins the name), so a rename shows in every material.
 */
function fakeServer() {
  let units: Measurement[] = [
    { id: 1, name: 'крапля', created_at: STAMP, updated_at: STAMP },
    { id: 2, name: 'пакет', created_at: STAMP, updated_at: STAMP },
  ];
  const pills = [{ id: 7, name: 'Гель для УЗД', unitId: 1, price: 12.5 }];
  return fakeApi((call) => {
    if (call.method === 'GET' && call.path === '/api/get-measurements') {
      return jsonResponse(200, [{ value: 100, label: 'шт' }]);
    }
    if (call.method === 'GET' && call.path === `${UNITS_PATH}/list`) {
      return jsonResponse(200, units);
    }
    if (call.method === 'GET' && call.path === UNITS_PATH) return onePage(units);
    const unitId = Number(call.path.slice(UNITS_PATH.length + 1));
    if (call.method === 'PUT' && call.path === `${UNITS_PATH}/${unitId}`) {
      const { name } = call.body as { name: string };
      units = units.map((unit) => (unit.id === unitId ? { ...unit, name } : unit));
      return jsonResponse(200, {
        message: 'Одиницю виміру змінено.',
        data: units.find((unit) => unit.id === unitId),
      });
    }
    if (call.method === 'DELETE' && call.path === `${UNITS_PATH}/${unitId}`) {
      units = units.filter((unit) => unit.id !== unitId);
      return jsonResponse(200, { message: 'Одиницю виміру видалено.' });
    }
    if (call.method === 'GET' && call.path === PILLS_PATH) {
      const rows: Pill[] = pills.map(({ unitId: id, ...pill }) => ({
        ...pill,
        measurementType: units.find((unit) => unit.id === id)?.name ?? '',
        companyIdentifier: COMPANY,
        created_at: STAMP,
        updated_at: STAMP,
      }));
      return onePage(rows);
    }
    return undefined;
  });
}

/** Waits for a lazily loaded page: its chunk is transformed on first use, which can take a while here. */
const pageHeading = (name: string) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });

/** The material's row, once the lazily loaded page has its table (the same wait as {@link pageHeading}). */
const materialRow = async () =>
  (
    await within(
      await screen.findByRole('region', { name: 'Власні матеріали' }, { timeout: 10_000 }),
    ).findByText('Гель для УЗД')
  ).closest('tr') as HTMLElement;

describe('/pills after a unit changes on /measurements', () => {
  it('shows the renamed unit in the materials list, not the cached old name', async () => {
    fakeServer();
    const user = userEvent.setup();
    const { router } = renderRoutes(createRoutes(), { path: '/pills', user: testUser });
    expect(within(await materialRow()).getByText(/крапля/)).toBeInTheDocument();

    await router.navigate('/measurements');
    await pageHeading('Одиниці виміру');
    await user.click(await screen.findByRole('button', { name: 'Редагувати «крапля»' }));
    const dialog = await findDialog('Редагувати одиницю виміру');
    await user.clear(within(dialog).getByLabelText('Назва'));
    await user.type(within(dialog).getByLabelText('Назва'), 'краплі');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByText('Одиницю виміру змінено.')).toBeInTheDocument();

    await router.navigate('/pills');
    await pageHeading('Витратні матеріали');
    const row = await materialRow();
    await waitFor(() => expect(within(row).getByText(/краплі/)).toBeInTheDocument());
    expect(within(row).queryByText('крапля')).not.toBeInTheDocument();
  });

  it('reloads the materials after a unit is deleted', async () => {
    const spy = fakeServer();
    const user = userEvent.setup();
    const { router } = renderRoutes(createRoutes(), { path: '/pills', user: testUser });
    await materialRow();
    const loads = requestsTo(spy, 'GET', PILLS_PATH).length;

    await router.navigate('/measurements');
    await pageHeading('Одиниці виміру');
    await user.click(await screen.findByRole('button', { name: 'Видалити «пакет»' }));
    const dialog = await findDialog('Видалити одиницю виміру?');
    await user.click(within(dialog).getByRole('button', { name: 'Так, видалити' }));
    expect(await screen.findByText('Одиницю виміру видалено.')).toBeInTheDocument();

    await router.navigate('/pills');
    await pageHeading('Витратні матеріали');
    await materialRow();
    await waitFor(() => expect(requestsTo(spy, 'GET', PILLS_PATH)).toHaveLength(loads + 1));
  });
});
