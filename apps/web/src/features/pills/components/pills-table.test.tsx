import type { Pill } from '@medcalc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { expectFieldError } from '@/testing/field-errors';
import { openDialog } from '@/testing/dialogs';
import { requestsTo } from '@/testing/fetch-calls';
import { fakeApi, jsonResponse, renderAtRoot, testUser, testViewer } from '@/testing/test-utils';
import type { CallOverrides } from '@/testing/test-utils';
import { onePage } from '@/testing/paged-answer';
import { emulateWidth } from '@/testing/viewport';
import { formatMoney } from '@/utils/format';

import { submitNewPill } from '../test/submit-pill-form';

import { PillsTable } from './pills-table';
import type { UnitChoices } from './unit-select';

const COMPANY = testUser.companyIdentifier;
const PILLS_PATH = `/api/company/${COMPANY}/pills`;
const UNITS: UnitChoices = { standard: ['шт', 'мл'], own: ['крапля'], isLoading: false };

const pill = (id: number, name: string, price: number, measurementType = 'шт'): Pill => ({
  id,
  name,
  measurementType,
  price,
  companyIdentifier: COMPANY,
  created_at: '2026-11-22T08:15:00.000Z',
  updated_at: '2026-11-22T08:15:00.000Z',
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function fakeServer(initial: Pill[], overrides?: CallOverrides) {
  let rows = [...initial];
  return fakeApi((call) => {
    if (call.method === 'GET' && call.path === PILLS_PATH) {
      return onePage(rows);
    }
    if (call.method === 'GET' && call.path.endsWith('/orders')) {
      return jsonResponse(200, { total: 0, orders: [] });
    }
    if (call.method === 'POST' && call.path === PILLS_PATH) {
      const input = call.body as Pick<Pill, 'name' | 'measurementType' | 'price'>;
      const created = { ...pill(rows.length + 1, input.name, input.price), ...input };
      rows = [...rows, created];
      return jsonResponse(200, { message: 'Матеріал додано.', data: created });
    }
    return undefined;
  }, overrides);
}

function renderTable({ withMotion = false } = {}) {
  return renderAtRoot(<PillsTable companyIdentifier={COMPANY} units={UNITS} />, {
    user: testUser,
    withMotion,
  });
}

const table = () => screen.getByRole('region', { name: 'Власні матеріали' });

describe('PillsTable', () => {
  it('lists the materials to a «Перегляд» member with no add, edit or delete (issue 22)', async () => {
    fakeServer([pill(1, 'Гель для УЗД', 1234.56, 'мл')]);
    renderAtRoot(<PillsTable companyIdentifier={COMPANY} units={UNITS} />, { user: testViewer });

    const row = (await screen.findByText('Гель для УЗД')).closest('tr') as HTMLElement;
    expect(within(row).queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Додати' })).toBeNull();
    expect(screen.getByLabelText('Пошук матеріалів')).toBeEnabled();
  });

  it('lists the materials with their unit and a uk-UA price', async () => {
    emulateWidth(1366);
    fakeServer([pill(1, 'Гель для УЗД', 1234.56, 'мл')]);
    renderTable();

    const name = await screen.findByText('Гель для УЗД');
    const cells = within(name.closest('tr') as HTMLElement).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('мл');
    expect(cells[2]?.textContent).toBe(formatMoney(1234.56));
    expect(cells[2]?.textContent).toBe('1\u00a0234,56');
  });

  it('shows a price with up to four decimals where it has them (issue 33)', async () => {
    emulateWidth(1366);
    fakeServer([pill(1, 'Реагент', 2.375, 'мл'), pill(2, 'Бинт', 12.5)]);
    renderTable();

    const reagent = await screen.findByText('Реагент');
    expect(within(reagent.closest('tr') as HTMLElement).getAllByRole('cell')[2]?.textContent).toBe(
      '2,375',
    );
    const bandage = screen.getByText('Бинт');
    expect(within(bandage.closest('tr') as HTMLElement).getAllByRole('cell')[2]?.textContent).toBe(
      '12,50',
    );
  });

  it('on a phone puts the unit under the price, leaving the name, price and actions (issue 33)', async () => {
    emulateWidth(390);
    fakeServer([pill(1, 'Гель для УЗД', 1234.56, 'мл')]);
    renderTable();

    const name = await screen.findByText('Гель для УЗД');
    const row = name.closest('tr') as HTMLElement;
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Гель для УЗД',
      '1\u00a0234,56за мл',
      '',
    ]);
    expect(within(row).getByRole('button', { name: /Редагувати/ })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /Видалити/ })).toBeInTheDocument();
  });

  it('shows an empty state for a company without materials', async () => {
    fakeServer([]);
    renderTable();

    expect(
      await screen.findByText('Власних матеріалів ще немає. Додайте перший.'),
    ).toBeInTheDocument();
  });

  it('adds a material with an own unit and reloads the list', async () => {
    const spy = fakeServer([]);
    const user = userEvent.setup();
    renderTable();
    await screen.findByText('Власних матеріалів ще немає. Додайте перший.');

    const dialog = await openDialog(user, 'Додати', 'Новий матеріал');
    await submitNewPill(user, dialog, { name: 'Бинт', unit: 'крапля', price: '7,5' });

    expect(await within(table()).findByText('Бинт')).toBeInTheDocument();
    expect(requestsTo(spy, 'POST', PILLS_PATH).map((request) => request.body)).toEqual([
      { name: 'Бинт', measurementType: 'крапля', price: 7.5 },
    ]);
    expect(requestsTo(spy, 'GET', PILLS_PATH)).toHaveLength(2);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('puts the server’s 422 message under the price', async () => {
    fakeServer([pill(1, 'Бинт', 7.5)], (call) =>
      call.method === 'PUT'
        ? jsonResponse(422, {
            message: 'Дані містять помилки. Перевірте виділені поля.',
            errors: { price: ['Поле «Ціна» завелике.'] },
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderTable();

    const dialog = await openDialog(user, 'Редагувати «Бинт»', 'Редагувати матеріал');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));

    await expectFieldError('Ціна за одиницю, грн', 'Поле «Ціна» завелике.', dialog);
    expect(dialog).toBeInTheDocument();
  });

  it('deletes after confirmation and closes the modal even when the server refuses', async () => {
    const spy = fakeServer([pill(4, 'Бинт', 7.5)], (call) =>
      call.method === 'DELETE'
        ? jsonResponse(404, { message: 'Матеріал не знайдено.' })
        : undefined,
    );
    const user = userEvent.setup();
    renderTable();

    const dialog = await openDialog(user, 'Видалити «Бинт»', 'Видалити матеріал?');
    await user.click(within(dialog).getByRole('button', { name: 'Так, видалити' }));

    expect(await screen.findByText('Матеріал не знайдено.')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(requestsTo(spy, 'DELETE', `${PILLS_PATH}/4`)).toHaveLength(1);
  });

  it('names the orders that use the material in its delete question, with a spinner meanwhile (issue 33)', async () => {
    let answer: (response: Response) => void = () => undefined;
    const usage = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    fakeServer([pill(4, 'Бинт', 7.5)], (call) =>
      call.path === `${PILLS_PATH}/4/orders` ? usage : undefined,
    );
    const user = userEvent.setup();
    renderTable();

    const dialog = await openDialog(user, 'Видалити «Бинт»', 'Видалити матеріал?');
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Перевіряємо, чи використовується в замовленнях…',
    );
    answer(
      jsonResponse(200, {
        total: 3,
        orders: [
          { identifier: 'ord-1', name: 'Планові УЗД' },
          { identifier: 'ord-2', name: 'Профогляд' },
        ],
      }),
    );
    expect(
      await within(dialog).findByText(
        'Використовується в замовленнях: «Планові УЗД» (ord-1), «Профогляд» (ord-2) та ще 1.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('status')).toBeNull();
  });

  it('says when no order uses the material', async () => {
    fakeServer([pill(4, 'Бинт', 7.5)]);
    const user = userEvent.setup();
    renderTable();

    const dialog = await openDialog(user, 'Видалити «Бинт»', 'Видалити матеріал?');
    expect(
      await within(dialog).findByText('Не використовується в жодному замовленні.'),
    ).toBeInTheDocument();
  });

  // The tables clear the chosen row as a modal closes; antd must keep showing the last contents until the
  // close animation is over, or the question would read «» and the form would empty on the way out.
  it('keeps the names in the modals while they close', async () => {
    fakeServer([pill(4, 'Бинт', 7.5)]);
    const user = userEvent.setup();
    // With motion: jsdom never ends antd's close animation, so a closing modal stays in its leave state.
    renderTable({ withMotion: true });

    const question = await openDialog(user, 'Видалити «Бинт»', 'Видалити матеріал?');
    await user.click(within(question).getByRole('button', { name: 'Скасувати' }));
    // Closing: the modal plays its leave animation, with its last contents.
    await waitFor(() => expect(question).toHaveClass('ant-zoom-leave'));
    expect(question).toHaveTextContent('Матеріал «Бинт» буде видалено');

    const form = await openDialog(user, 'Редагувати «Бинт»', 'Редагувати матеріал');
    await user.click(within(form).getByRole('button', { name: 'Скасувати' }));
    await waitFor(() => expect(form).toHaveClass('ant-zoom-leave'));
    expect(within(form).getByLabelText('Назва')).toHaveValue('Бинт');
  });
});
