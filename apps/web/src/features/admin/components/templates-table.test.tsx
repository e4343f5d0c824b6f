import type { AdminTemplate } from '@medcalc/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { chooseOption } from '@/testing/choose-option';
import { answerDeleteQuestion, openDialog } from '@/testing/dialogs';
import { requestsTo } from '@/testing/fetch-calls';
import { jsonResponse, mockFetch, renderAtRoot, testAdmin } from '@/testing/test-utils';
import { emulateWidth } from '@/testing/viewport';

import { TemplatesTable } from './templates-table';

const CATEGORIES = [
  { value: 1, label: 'Ультразвукові дослідження' },
  { value: 2, label: 'Лабораторні дослідження' },
];
const STAMP = '2026-03-02T08:15:00.000Z';

const content = {
  bonus: 0,
  profit: 15,
  stuff: [{ quality: { id: 3, name: 'Лікар УЗД' }, timeSpend: 20, workingDay: 8 }],
  pills: [{ name: 'Гель для УЗД', price: 0.4, spend: 20, measurement_type: 'мл' }],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function fakeServer() {
  let templates: AdminTemplate[] = [
    {
      id: 5,
      category: 'Ультразвукові дослідження',
      categoryId: 1,
      name: 'УЗД органів черевної порожнини',
      template: JSON.stringify(content),
      created_at: STAMP,
      updated_at: STAMP,
    },
  ];
  return mockFetch((call) => {
    if (call.method === 'GET' && call.path === '/api/get-templates') {
      return jsonResponse(200, templates);
    }
    if (call.method === 'PUT' && call.path === '/api/templates/5') {
      const { name, categoryId } = call.body as { name: string; categoryId: number };
      const category = CATEGORIES.find((option) => option.value === categoryId)?.label ?? '';
      templates = templates.map((row) => ({ ...row, name, categoryId, category }));
      return jsonResponse(200, { message: 'Шаблон змінено.' });
    }
    if (call.method === 'DELETE' && call.path === '/api/templates/5') {
      templates = [];
      return jsonResponse(200, { message: 'Шаблон видалено.' });
    }
    return jsonResponse(404, { message: 'Не знайдено.' });
  });
}

function renderTable() {
  return renderAtRoot(<TemplatesTable categories={{ options: CATEGORIES, isLoading: false }} />, {
    user: testAdmin,
  });
}

const table = () => screen.getByRole('region', { name: 'Шаблони' });

describe('TemplatesTable', () => {
  it('leads with the template’s name and category on a phone, ID and category columns from a tablet up', async () => {
    emulateWidth(390);
    fakeServer();
    const view = renderTable();
    let name = await within(await screen.findByRole('region', { name: 'Шаблони' })).findByText(
      'УЗД органів черевної порожнини',
    );
    let cells = within(name.closest('tr') as HTMLElement).getAllByRole('cell');
    expect(cells[0]).toContainElement(name);
    expect(cells[0]).toHaveTextContent('Ультразвукові дослідження');
    expect(screen.queryByRole('columnheader', { name: 'ID' })).not.toBeInTheDocument();
    view.unmount();

    emulateWidth(1366);
    renderTable();
    name = await within(await screen.findByRole('region', { name: 'Шаблони' })).findByText(
      'УЗД органів черевної порожнини',
    );
    cells = within(name.closest('tr') as HTMLElement).getAllByRole('cell');
    expect(cells.slice(0, 2).map((cell) => cell.textContent)).toEqual([
      '5',
      'Ультразвукові дослідження',
    ]);
  });

  it('shows the content as a collapsed JSON tree that opens level by level', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderTable();

    const tree = await screen.findByRole('list', {
      name: 'Вміст шаблону «УЗД органів черевної порожнини»',
    });
    const root = tree.querySelector('details') as HTMLDetailsElement;
    expect(root.open).toBe(false);
    expect(root.querySelector('summary')).toHaveTextContent('template {…} 4');

    await user.click(within(tree).getByText('template'));
    expect(root.open).toBe(true);
    const pills = within(tree).getByText('pills').closest('details') as HTMLDetailsElement;
    expect(pills.open).toBe(false);
    await user.click(within(tree).getByText('pills'));
    await user.click(within(pills).getByText('0'));
    expect(within(pills).getByText('"Гель для УЗД"')).toBeVisible();
    expect(within(tree).getByText('15')).toBeInTheDocument();
  });

  it('reads the content as text: bonus, profitability, staff and material lines (issue 33)', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderTable();

    const name = await within(await screen.findByRole('region', { name: 'Шаблони' })).findByText(
      'УЗД органів черевної порожнини',
    );
    const cell = name.closest('td') as HTMLElement;
    expect(cell).toHaveTextContent('Премія 0 % · Рентабельність 15 %');
    await user.click(within(cell).getByText('Персонал: 1 рядок'));
    expect(
      within(cell).getByRole('list', { name: 'Персонал шаблону «УЗД органів черевної порожнини»' }),
    ).toHaveTextContent('Лікар УЗД — 20 хв');
    await user.click(within(cell).getByText('Матеріали: 1 рядок'));
    expect(
      within(cell).getByRole('list', {
        name: 'Матеріали шаблону «УЗД органів черевної порожнини»',
      }),
    ).toHaveTextContent('Гель для УЗД — 20 мл');
    // Issue 38: a template with no equipment (every template made before it) shows no equipment disclosure.
    expect(within(cell).queryByText(/^Обладнання:/)).toBeNull();
  });

  it('renames a template and moves it to another category', async () => {
    const spy = fakeServer();
    const user = userEvent.setup();
    const { queryClient } = renderTable();
    queryClient.setQueryData(['templates', { view: 'by-category' }], []);

    const dialog = await openDialog(
      user,
      'Редагувати «УЗД органів черевної порожнини»',
      'Редагувати шаблон',
    );
    const name = within(dialog).getByLabelText('Назва шаблону');
    expect(name).toHaveValue('УЗД органів черевної порожнини');
    await user.clear(name);
    await user.type(name, 'УЗД печінки');
    await chooseOption(user, within(dialog).getByLabelText('Категорія'), 'Лабораторні дослідження');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));

    expect(await screen.findByText('Шаблон змінено.')).toBeInTheDocument();
    expect(requestsTo(spy, 'PUT', '/api/templates/5').map((request) => request.body)).toEqual([
      { name: 'УЗД печінки', categoryId: 2 },
    ]);
    const row = (await within(table()).findByText('УЗД печінки')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Лабораторні дослідження')).toBeInTheDocument();
    expect(queryClient.getQueryState(['templates', { view: 'by-category' }])?.isInvalidated).toBe(
      true,
    );
  });

  it('deletes a template after a confirmation that orders keep their copy', async () => {
    const spy = fakeServer();
    const user = userEvent.setup();
    renderTable();

    await answerDeleteQuestion(user, spy, {
      button: 'Видалити «УЗД органів черевної порожнини»',
      title: 'Видалити шаблон?',
      says: 'зберігають власну копію',
      path: '/api/templates/5',
      answer: 'Так, видалити',
    });

    expect(await screen.findByText('Шаблон видалено.')).toBeInTheDocument();
    expect(await within(table()).findByText('Шаблонів ще немає')).toBeInTheDocument();
    expect(requestsTo(spy, 'DELETE', '/api/templates/5')).toHaveLength(1);
  });
});
