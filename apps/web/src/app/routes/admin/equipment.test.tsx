import type { Equipment } from '@medcalc/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { findDialog } from '@/testing/dialogs';
import { equipmentInputOf, equipmentRowsCalls, SCANNER_LINE } from '@/testing/equipment';
import { requestsTo } from '@/testing/fetch-calls';
import { roleTexts } from '@/testing/role-texts';
import {
  fakeApi,
  fetchedPaths,
  renderRoutes,
  screen,
  testAdmin,
  userEvent,
  waitFor,
  within,
} from '@/testing/test-utils';
import { emulateWidth } from '@/testing/viewport';

import { createRoutes } from '../../router';

const TEMPLATES_PATH = '/api/equipment';
const STAMP = '2026-11-30T08:15:00.000Z';

/** A template row: no company, no inventory number. */
const CENTRIFUGE: Equipment = {
  id: 7,
  name: 'Центрифуга лабораторна',
  inventoryNumber: '',
  firstCost: 60000,
  residualValue: 0,
  usefulLifeYears: 5,
  hoursPerYear: 1940.4,
  companyIdentifier: null,
  created_at: STAMP,
  updated_at: STAMP,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The administrator's template equipment calls (`/api/equipment`). */
const fakeServer = (initial: Equipment[]) =>
  fakeApi(
    equipmentRowsCalls(initial, {
      path: TEMPLATES_PATH,
      companyIdentifier: null,
      newId: 50,
      stamp: STAMP,
    }),
  );

const renderTab = () =>
  renderRoutes(createRoutes(), { path: '/admin-panel/equipment', user: testAdmin });

/** Clicks the row action `action` («Редагувати», «Видалити») of `name` and answers the dialog `title` it opens. */
async function openRowDialog(
  user: ReturnType<typeof userEvent.setup>,
  action: string,
  name: string,
  title: string,
) {
  await user.click(
    await within(await table()).findByRole('button', { name: `${action} «${name}»` }),
  );
  return findDialog(title);
}

// The tab's first render compiles its lazy page module under vitest (seconds on a busy machine).
const table = () =>
  screen.findByRole('region', { name: 'Обладнання шаблонів' }, { timeout: 20_000 });

describe('/admin-panel/equipment (issue 38, the template equipment)', () => {
  it('lists the template equipment with V, S, N, T and the cost of one minute, without inventory numbers', async () => {
    emulateWidth(1366);
    fakeServer([CENTRIFUGE]);
    renderTab();

    const region = await table();
    const row = (await within(region).findByText(CENTRIFUGE.name)).closest('tr') as HTMLElement;
    expect(roleTexts(row, 'cell').slice(0, 6)).toEqual([
      'Центрифуга лабораторна',
      '60\u00a0000,00',
      '0,00',
      '5',
      '1\u00a0940,4',
      // 60 000 / 5 / (1 940,4 × 60) = 0,10307…
      '0,1031',
    ]);
    expect(roleTexts(region, 'columnheader')).not.toContain('Інвентарний номер');
    const tabs = screen.getByRole('navigation', { name: 'Розділи адміністрування' });
    expect(within(tabs).getByRole('link', { name: 'Обладнання' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('adds a template row through the equipment form, toasts the answer and lists it', async () => {
    emulateWidth(1366);
    const spy = fakeServer([]);
    renderTab();
    const user = userEvent.setup();

    expect(
      await within(await table()).findByText('Обладнання шаблонів ще немає. Додайте обладнання.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Додати обладнання' }));
    const dialog = await findDialog('Нове обладнання шаблонів');
    // An inventory number is each institution's own: the template form has no field for it.
    expect(within(dialog).queryByLabelText(/Інвентарний номер/)).toBeNull();
    await user.type(within(dialog).getByLabelText('Назва'), 'Ультразвуковий сканер');
    await user.type(within(dialog).getByLabelText('Первісна вартість (V), грн'), '1200000');
    await user.type(within(dialog).getByLabelText('Строк корисного використання, років (N)'), '5');
    expect(
      within(dialog).getByRole('status', { name: 'Вартість однієї хвилини' }),
    ).toHaveTextContent('2,0614 грн/хв');
    await user.click(within(dialog).getByRole('button', { name: 'Додати' }));

    expect(await screen.findByText('Обладнання додано до шаблонів.')).toBeInTheDocument();
    expect(requestsTo(spy, 'POST', TEMPLATES_PATH).map((request) => request.body)).toEqual([
      equipmentInputOf(SCANNER_LINE, ''),
    ]);
    const row = (await within(await table()).findByText('Ультразвуковий сканер')).closest(
      'tr',
    ) as HTMLElement;
    expect(row).toHaveTextContent('2,0614');
  });

  it('changes a template row’s values', async () => {
    emulateWidth(1366);
    const spy = fakeServer([CENTRIFUGE]);
    renderTab();
    const user = userEvent.setup();

    const dialog = await openRowDialog(
      user,
      'Редагувати',
      CENTRIFUGE.name,
      'Редагувати обладнання шаблонів',
    );
    const years = within(dialog).getByLabelText('Строк корисного використання, років (N)');
    await user.clear(years);
    await user.type(years, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));

    await waitFor(() => expect(requestsTo(spy, 'PUT', `${TEMPLATES_PATH}/7`)).toHaveLength(1));
    expect(requestsTo(spy, 'PUT', `${TEMPLATES_PATH}/7`)[0]?.body).toMatchObject({
      name: CENTRIFUGE.name,
      usefulLifeYears: 10,
    });
    expect(await screen.findByText('Обладнання шаблонів збережено.')).toBeInTheDocument();
  });

  it('asks before deleting a template row, saying calculations keep their copy', async () => {
    emulateWidth(1366);
    const spy = fakeServer([CENTRIFUGE]);
    renderTab();
    const user = userEvent.setup();

    const dialog = await openRowDialog(user, 'Видалити', CENTRIFUGE.name, 'Видалити обладнання?');
    expect(dialog).toHaveTextContent(
      'Обладнання шаблонів «Центрифуга лабораторна» буде видалено. Розрахунки, у яких воно вже є, зберігають свою копію.',
    );
    // Asked, not yet done; no usage call at the template level.
    expect(requestsTo(spy, 'DELETE', `${TEMPLATES_PATH}/7`)).toHaveLength(0);
    expect(fetchedPaths(spy).filter((call) => call.endsWith('/orders'))).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: /Так, видалити/ }));

    await waitFor(() => expect(requestsTo(spy, 'DELETE', `${TEMPLATES_PATH}/7`)).toHaveLength(1));
    expect(await screen.findByText('Обладнання видалено з шаблонів.')).toBeInTheDocument();
    expect(
      await within(await table()).findByText('Обладнання шаблонів ще немає. Додайте обладнання.'),
    ).toBeVisible();
  });
});
