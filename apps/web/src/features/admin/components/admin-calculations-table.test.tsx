import { ORDER_STATUS_LABELS, type AdminCalculation } from '@medcalc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { expectFieldError } from '@/testing/field-errors';
import { chooseOption } from '@/testing/choose-option';
import { openDialog } from '@/testing/dialogs';
import { requestsTo } from '@/testing/fetch-calls';
import { jsonResponse, mockFetch, renderAtRoot, testAdmin } from '@/testing/test-utils';
import { emulateWidth } from '@/testing/viewport';
import { formatDateTime } from '@/utils/format';

import { AdminCalculationsTable } from './admin-calculations-table';

const COMPANIES = [
  { value: 'cmpa', label: 'Клініка «Астра»' },
  { value: 'cmpb', label: 'Лікарня «Берегиня»' },
];
const CATEGORIES = [
  { value: 1, label: 'Ультразвукові дослідження' },
  { value: 2, label: 'Лабораторні дослідження' },
];
const LIST_PATH = '/api/company/cmpb/calculations/calculations-list';

const calculation: AdminCalculation = {
  id: 11,
  identifier: 'calc0011',
  companyCode: '0011',
  name: 'УЗД органів черевної порожнини',
  orderName: 'Замовлення на березень',
  orderStatus: 'confirmed',
  categoryId: 1,
  categoryName: 'Ультразвукові дослідження',
  created_at: '2026-03-02T08:15:00.000Z',
  updated_at: '2026-03-05T10:40:00.000Z',
};

// A laptop's width: the date columns show from a tablet's width up (components/ui/paged-table.tsx).
beforeEach(() => {
  emulateWidth(1366);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function fakeServer(
  promote = () => jsonResponse(200, { message: 'Шаблон створено.', templateId: 9 }),
) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.path === '/api/get-companies-list') {
      return jsonResponse(200, COMPANIES);
    }
    if (call.method === 'GET' && call.path === LIST_PATH) return jsonResponse(200, [calculation]);
    if (call.method === 'GET' && call.path.endsWith('/calculations/calculations-list')) {
      return jsonResponse(200, []);
    }
    if (call.method === 'POST' && call.path === '/api/calculations/add-to-template') {
      return promote();
    }
    return jsonResponse(404, { message: 'Не знайдено.' });
  });
}

function renderTable() {
  return renderAtRoot(
    <AdminCalculationsTable categories={{ options: CATEGORIES, isLoading: false }} />,
    { user: testAdmin },
  );
}

describe('AdminCalculationsTable', () => {
  it('asks for a company first, then lists its calculations with the status text and uk-UA dates', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderTable();

    expect(screen.getByText('Оберіть заклад, щоб побачити його послуги')).toBeInTheDocument();
    await chooseOption(user, screen.getByLabelText('Заклад'), 'Лікарня «Берегиня»');

    const region = await screen.findByRole('region', { name: 'Послуги закладу' });
    const row = (await within(region).findByText(calculation.name)).closest('tr') as HTMLElement;
    // The `responsive` date columns come a render after the first row (antd's breakpoint subscription).
    await waitFor(() => expect(within(row).getAllByRole('cell').length).toBeGreaterThan(4));
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('0011');
    expect(cells[2]).toHaveTextContent('Замовлення на березень');
    expect(cells[3]).toHaveTextContent(ORDER_STATUS_LABELS.confirmed);
    expect(cells[4]).toHaveTextContent(formatDateTime(calculation.created_at));
  });

  it('promotes a calculation into a template with the name and category asked for', async () => {
    const spy = fakeServer();
    const user = userEvent.setup();
    const { queryClient } = renderTable();
    // The create-order page's templates (another feature's query) must reload at once.
    queryClient.setQueryData(['templates', { view: 'by-category' }], []);

    await chooseOption(user, screen.getByLabelText('Заклад'), 'Лікарня «Берегиня»');
    const dialog = await openDialog(
      user,
      `Додати «${calculation.name}» до шаблонів`,
      'Додати послугу до шаблонів',
    );
    const name = within(dialog).getByLabelText('Назва шаблону');
    // Proposed: the calculation's own name and category.
    expect(name).toHaveValue(calculation.name);
    expect(within(dialog).getByTitle('Ультразвукові дослідження')).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'УЗД черевної порожнини (шаблон)');
    await chooseOption(user, within(dialog).getByLabelText('Категорія'), 'Лабораторні дослідження');
    await user.click(within(dialog).getByRole('button', { name: 'Створити шаблон' }));

    expect(await screen.findByText('Шаблон створено.')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(requestsTo(spy, 'POST', '/api/calculations/add-to-template').map((r) => r.body)).toEqual(
      [
        {
          templateName: 'УЗД черевної порожнини (шаблон)',
          calculationIdentifier: 'calc0011',
          categoryId: 2,
        },
      ],
    );
    expect(queryClient.getQueryState(['templates', { view: 'by-category' }])?.isInvalidated).toBe(
      true,
    );
  });

  it('keeps the dialog open with the server’s message under the name', async () => {
    fakeServer(() =>
      jsonResponse(422, {
        message: 'Дані містять помилки. Перевірте виділені поля.',
        errors: { templateName: ['Шаблон з такою назвою вже є.'] },
      }),
    );
    const user = userEvent.setup();
    renderTable();

    await chooseOption(user, screen.getByLabelText('Заклад'), 'Лікарня «Берегиня»');
    const dialog = await openDialog(
      user,
      `Додати «${calculation.name}» до шаблонів`,
      'Додати послугу до шаблонів',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Створити шаблон' }));

    await expectFieldError('Назва шаблону', 'Шаблон з такою назвою вже є.', dialog);
    expect(dialog).toBeInTheDocument();
  });

  it('says so when the company has no calculations', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderTable();

    await chooseOption(user, screen.getByLabelText('Заклад'), 'Клініка «Астра»');
    expect(await screen.findByText('У закладі ще немає розрахованих послуг')).toBeInTheDocument();
  });
});
