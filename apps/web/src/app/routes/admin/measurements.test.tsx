import type { CompanyMeasurement, Measurement } from '@medcalc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { findDialog } from '@/testing/dialogs';
import { requestsTo } from '@/testing/fetch-calls';
import { fakeApi, jsonResponse, renderRoutes, testAdmin, testUser } from '@/testing/test-utils';
import { onePage } from '@/testing/paged-answer';

import { createRoutes } from '../../router';

const STAMP = '2026-03-02T08:15:00.000Z';

afterEach(() => {
  vi.unstubAllGlobals();
});

function fakeServer() {
  let standard: Measurement[] = [{ id: 1, name: 'шт', created_at: STAMP, updated_at: STAMP }];
  const companies: CompanyMeasurement[] = [
    {
      id: 30,
      name: 'крапля',
      company: 'Клініка «Астра»',
      companyIdentifier: 'cmpa',
      created_at: STAMP,
      updated_at: STAMP,
    },
  ];
  return fakeApi((call) => {
    if (call.method === 'GET' && call.path === '/api/measurements') {
      return onePage(standard);
    }
    if (call.method === 'GET' && call.path === '/api/measurements/companies') {
      return onePage(companies);
    }
    if (call.method === 'POST' && call.path === '/api/measurements') {
      const { name } = call.body as { name: string };
      const created = { id: 40 + standard.length, name, created_at: STAMP, updated_at: STAMP };
      standard = [...standard, created];
      return jsonResponse(200, { message: 'Одиницю виміру додано.', data: created });
    }
    if (call.method === 'POST' && call.path === '/api/measurements/companies/30/to-templates') {
      if (standard.some((unit) => unit.name === 'крапля')) {
        const message = 'У шаблонах уже є одиниця виміру з такою назвою.';
        return jsonResponse(422, { message, errors: { name: [message] } });
      }
      const created = {
        id: 40 + standard.length,
        name: 'крапля',
        created_at: STAMP,
        updated_at: STAMP,
      };
      standard = [...standard, created];
      return jsonResponse(200, { message: 'Одиницю виміру додано до шаблонів.', data: created });
    }
    if (call.method === 'DELETE' && call.path === '/api/measurements/1') {
      return jsonResponse(409, { message: 'Одиницю виміру використовують матеріали.' });
    }
    return undefined;
  });
}

const section = (name: string) => screen.findByRole('region', { name }, { timeout: 10_000 });

describe('/admin-panel/measurements', () => {
  it('adds a standard unit', async () => {
    const spy = fakeServer();
    const user = userEvent.setup();
    renderRoutes(createRoutes(), { path: '/admin-panel/measurements', user: testAdmin });
    await within(await section('Стандартні одиниці виміру')).findByText('шт');

    await user.click(screen.getByRole('button', { name: 'Додати' }));
    const dialog = await findDialog('Нова стандартна одиниця виміру');
    await user.type(within(dialog).getByLabelText('Назва'), 'упаковка');
    await user.click(within(dialog).getByRole('button', { name: 'Додати' }));

    expect(await screen.findByText('Одиницю виміру додано.')).toBeInTheDocument();
    expect(requestsTo(spy, 'POST', '/api/measurements').map((request) => request.body)).toEqual([
      { name: 'упаковка' },
    ]);
    expect(
      await within(await section('Стандартні одиниці виміру')).findByText('упаковка'),
    ).toBeInTheDocument();
  });

  it('copies a company’s unit into the standard ones by its name', async () => {
    const spy = fakeServer();
    const user = userEvent.setup();
    renderRoutes(createRoutes(), { path: '/admin-panel/measurements', user: testAdmin });

    const row = (
      await within(await section('Одиниці виміру закладів')).findByText('крапля')
    ).closest('tr') as HTMLElement;
    expect(within(row).getByText('Клініка «Астра»')).toBeInTheDocument();
    const copy = async () => {
      await user.click(within(row).getByRole('button', { name: 'Додати «крапля» до шаблонів' }));
      const dialog = await findDialog('Додати до шаблонів?');
      // After the first copy antd's loading icon leaves with a motion jsdom never ends: its «loading» may lead the name
      // (with no space: the tests put no antd CSS into jsdom, so the icon's wrapper is inline).
      await user.click(within(dialog).getByRole('button', { name: /^(loading ?)?Так, додати$/ }));
      await waitFor(() => expect(dialog).toHaveClass('ant-zoom-leave'));
    };
    await copy();

    expect(await screen.findByText('Одиницю виміру додано до шаблонів.')).toBeInTheDocument();
    expect(requestsTo(spy, 'POST', '/api/measurements')).toHaveLength(0);
    expect(
      await within(await section('Стандартні одиниці виміру')).findByText('крапля'),
    ).toBeInTheDocument();

    // Once the standard units have it, the server's refusal is the toast.
    await copy();
    expect(
      await screen.findByText('У шаблонах уже є одиниця виміру з такою назвою.'),
    ).toBeInTheDocument();
    expect(requestsTo(spy, 'POST', '/api/measurements/companies/30/to-templates')).toHaveLength(2);
  });

  it('shows the server’s refusal to delete a unit in use', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderRoutes(createRoutes(), { path: '/admin-panel/measurements', user: testAdmin });

    await user.click(
      await within(await section('Стандартні одиниці виміру')).findByRole('button', {
        name: 'Видалити «шт»',
      }),
    );
    const dialog = await findDialog('Видалити одиницю виміру?');
    await user.click(within(dialog).getByRole('button', { name: 'Так, видалити' }));
    expect(await screen.findByText('Одиницю виміру використовують матеріали.')).toBeInTheDocument();
  });

  it('shows a company user a no-access page, not empty tables', async () => {
    const spy = fakeServer();
    renderRoutes(createRoutes(), { path: '/admin-panel/measurements', user: testUser });

    expect(await screen.findByText('Доступ заборонено', {}, { timeout: 10_000 })).toBeVisible();
    expect(requestsTo(spy, 'GET', '/api/measurements')).toHaveLength(0);
  });
});
