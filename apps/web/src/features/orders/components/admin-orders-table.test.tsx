import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { chooseOption } from '@/testing/choose-option';
import { requestsTo } from '@/testing/fetch-calls';
import { retryAfterError } from '@/testing/retry';
import { fileResponse } from '@/testing/file-downloads';
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

const adminOrder = (
  identifier: string,
  status: string,
  company = 'Міська клініка',
  deletedAt: string | null = null,
) => ({
  identifier,
  number: `З-2026-${identifier.replace(/\D/g, '').padStart(4, '0')}`,
  name: `Замовлення ${identifier}`,
  status,
  company,
  companyIdentifier: company === 'Міська клініка' ? 'clinic-1' : 'clinic-2',
  services: 2,
  amount: '480.00',
  contactEmail: 'olena@clinic.test',
  contactPhone: '380501112233',
  deletedAt,
  createdAt: CREATED_AT,
  updatedAt: UPDATED_AT,
});

const COMPANIES = [
  { value: 'clinic-1', label: 'Міська клініка' },
  { value: 'clinic-2', label: 'Інша клініка' },
];

function serve(
  orders: (query: URLSearchParams) => unknown[],
  onPatch: (call: FetchCall) => Response = () => jsonResponse(200, { message: 'Статус змінено.' }),
  extra: (call: FetchCall) => Response | undefined = () => undefined,
) {
  // The query string of the list request being answered (the spy records a call before answering it).
  const currentQuery = () =>
    requestsTo(spy, 'GET', '/api/administrator/orders').at(-1)?.url.searchParams ??
    new URLSearchParams();
  const spy = mockFetch((call) => {
    if (call.method === 'GET' && call.path === '/api/administrator/orders') {
      return jsonResponse(200, orders(currentQuery()));
    }
    if (call.method === 'GET' && call.path === '/api/get-companies-list') {
      return jsonResponse(200, COMPANIES);
    }
    const answer = extra(call);
    if (answer) return answer;
    if (call.method === 'PATCH' && call.path === '/api/administrator/orders/change-status') {
      return onPatch(call);
    }
    return jsonResponse(204);
  });
  return spy;
}

function render() {
  return renderRoutes([{ path: '/admin-panel/orders', element: <AdminOrdersTable /> }], {
    path: '/admin-panel/orders',
    user: testAdmin,
  });
}

/** A row by its order's identifier, printed under the order's number (issue 33). */
const row = async (identifier: string) =>
  (await screen.findByText(identifier, { selector: 'td span' })).closest('tr') as HTMLElement;

const statusGroup = (tableRow: HTMLElement, identifier: string) =>
  within(tableRow).getByRole('group', { name: `Статус замовлення ${identifier}` });
/** One button of a row's status group; `pressed` is true for the current status. */
/**
 * A status button by its name. After an answer antd's loading icon leaves with a motion that jsdom never ends, so
 * the name may still start with the icon's «loading» (`aria-busy` is false by then); with no space after it, as the
 * tests put no antd CSS into jsdom (`testing/antd-styles.ts`) and the icon's wrapper is then inline.
 */
const statusButton = (tableRow: HTMLElement, name: string) =>
  within(tableRow).getByRole('button', { name: new RegExp(`^(loading ?)?${name}$`) });

/** The table with the one order `ord-1` at `status`, its drawer opened; `onCall` answers the drawer's calls. */
async function openOrder(status: string, onCall: (call: FetchCall) => Response | undefined) {
  serve(() => [adminOrder('ord-1', status)], undefined, onCall);
  render();
  const user = userEvent.setup();
  await user.click(
    within(await row('ord-1')).getByRole('button', { name: 'Відкрити замовлення ord-1' }),
  );
  return { user, drawer: await screen.findByRole('dialog') };
}

describe('AdminOrdersTable', () => {
  it('lists every company’s orders with the current status selected and the dates formatted', async () => {
    serve(() => [adminOrder('ord-1', 'payed'), adminOrder('ord-2', 'confirmed', 'Інша клініка')]);
    render();

    expect(screen.getByRole('status', { name: 'Завантаження замовлень' })).toBeInTheDocument();
    const first = await row('ord-1');
    expect(within(first).getByText('Замовлення ord-1')).toBeInTheDocument();
    expect(within(first).getByText('Міська клініка')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Відкрити замовлення ord-1' })).toBeEnabled();
    // Issue 11: the fee with the number of services, and the company's contact under its name.
    expect(within(first).getByText('480,00')).toBeInTheDocument();
    expect(within(first).getByText('2 посл.')).toBeInTheDocument();
    expect(within(first).getByText('olena@clinic.test, +380 50 111 22 33')).toBeInTheDocument();
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
    // Issue 33: «Дії» holds real actions: the invoice at any status, the documents once the order is calculated.
    expect(within(first).queryByText('у розробці')).not.toBeInTheDocument();
    expect(
      within(first).getByRole('button', {
        name: /^Рахунок: Рахунок на оплату \(PDF\) замовлення З-2026-0001$/,
      }),
    ).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /^Документи:/ })).not.toBeInTheDocument();
    expect(
      within(second).getByRole('button', {
        name: /^Документи: Комплект документів \(PDF\) замовлення З-2026-0002$/,
      }),
    ).toBeInTheDocument();
    expect(within(first).queryByText('—')).not.toBeInTheDocument();
  });

  it('downloads an order’s invoice and its set of documents from the «Дії» column (issue 33)', async () => {
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: vi.fn(() => 'blob:http://localhost/pdf-1'),
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const pdfBodies: unknown[] = [];
    serve(
      () => [adminOrder('ord-7', 'confirmed')],
      undefined,
      (call) => {
        if (call.method !== 'POST' || call.path !== '/api/administrator/orders/pdf')
          return undefined;
        pdfBodies.push(call.body);
        return fileResponse('Документ — Замовлення ord-7.pdf', { fallback: 'd.pdf' });
      },
    );
    render();
    const user = userEvent.setup();
    const actions = await row('ord-7');

    await user.click(within(actions).getByRole('button', { name: /^Рахунок:/ }));
    await user.click(within(actions).getByRole('button', { name: /^Документи:/ }));

    await waitFor(() =>
      expect(pdfBodies).toEqual([
        { file: 'invoice', identifier: 'ord-7' },
        { file: 'print', identifier: 'ord-7' },
      ]),
    );
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
    const user = userEvent.setup();
    // 'Оплачено' looks irreversible to the company (and mails it): the button asks first.
    await user.click(statusButton(current, 'Оплачено'));
    const question = await screen.findByRole('tooltip', { name: /Встановити статус «Оплачено»\?/ });
    expect(question).toHaveTextContent('Оплачено, можна починати заповнення');
    await user.click(within(question).getByRole('button', { name: 'Скасувати' }));
    expect(fetchedPaths(fetchSpy)).not.toContain('PATCH /api/administrator/orders/change-status');
    await user.click(statusButton(current, 'Оплачено'));
    await user.click(
      within(
        await screen.findByRole('tooltip', { name: /Встановити статус «Оплачено»\?/ }),
      ).getByRole('button', { name: 'Так, встановити' }),
    );

    expect(await screen.findByText('Статус замовлення змінено.')).toBeInTheDocument();
    await waitFor(async () =>
      expect(statusButton(await row('ord-1'), 'Оплачено')).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(statusButton(await row('ord-1'), 'Створено')).toHaveAttribute('aria-pressed', 'false');
    expect(queryClient.getQueryState(ownKey)?.isInvalidated).toBe(true);
    expect(
      fetchedPaths(fetchSpy).filter(
        (path) => path !== 'GET /sanctum/csrf-cookie' && path !== 'GET /api/get-companies-list',
      ),
    ).toEqual([
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

    const user = userEvent.setup();
    await user.click(statusButton(await row('ord-1'), 'Погоджено'));
    await user.click(
      within(
        await screen.findByRole('tooltip', { name: /Встановити статус «Погоджено»\?/ }),
      ).getByRole('button', { name: 'Так, встановити' }),
    );

    expect(await screen.findByText('Невідомий статус замовлення.')).toBeInTheDocument();
    await waitFor(async () =>
      expect(statusButton(await row('ord-1'), 'Чернетка')).toHaveAttribute('aria-pressed', 'true'),
    );
    // Its loading icon leaves with antd's motion after the answer; the button has its plain name again after it.
    await waitFor(async () =>
      expect(statusButton(await row('ord-1'), 'Погоджено')).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
  });

  it('marks an order the company deleted and keeps its status buttons off', async () => {
    const sent: unknown[] = [];
    serve(
      () => [adminOrder('ord-1', 'formed', 'Міська клініка', '2026-11-24T09:00:00.000Z')],
      (call) => {
        sent.push(call.body);
        return jsonResponse(200, { message: 'Статус замовлення змінено.' });
      },
    );
    render();

    const deleted = await row('ord-1');
    expect(within(deleted).getByText('Видалено')).toBeInTheDocument();
    expect(deleted).toHaveTextContent('Видалено компанією; статус не змінюється.');
    for (const name of ['Створено', 'Оплачено', 'Чернетка', 'Надіслано', 'Погоджено']) {
      expect(statusButton(deleted, name)).toBeDisabled();
    }
    await userEvent.setup().click(statusButton(deleted, 'Розраховано'));
    expect(sent).toEqual([]);
  });

  it('shows the full meaning of the hovered status under the group, covering no button', async () => {
    serve(() => [adminOrder('ord-1', 'saved')]);
    render();
    const current = await row('ord-1');
    expect(current).toHaveTextContent('У процесі формування (чернетка)');
    await userEvent.setup().hover(statusButton(current, 'Надіслано'));
    expect(current).toHaveTextContent('Відправлено на погодження');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
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

  it('applies the search after the typing pause, and the company and status filters at once', async () => {
    const fetchSpy = serve((query) => {
      if (query.get('companyIdentifier') === 'clinic-2') {
        return query.get('status') === 'payed'
          ? []
          : [adminOrder('ord-2', 'saved', 'Інша клініка')];
      }
      return [adminOrder('ord-1', 'payed'), adminOrder('ord-2', 'saved', 'Інша клініка')];
    });
    render();
    const user = userEvent.setup();
    await row('ord-1');
    const listQueries = () =>
      requestsTo(fetchSpy, 'GET', '/api/administrator/orders').map((request) =>
        Object.fromEntries(request.url.searchParams),
      );

    await user.type(screen.getByRole('searchbox', { name: 'Пошук замовлень' }), 'ЛІК');
    // One request for the whole word, after the pause (SEARCH_DEBOUNCE_MS), not one per letter.
    await waitFor(() => expect(listQueries()).toEqual([{}, { search: 'ЛІК' }]), {
      timeout: 4000,
    });

    await user.click(screen.getByRole('combobox', { name: 'Компанія' }));
    await user.type(screen.getByRole('combobox', { name: 'Компанія' }), 'інша');
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find(
        (element) => element.getAttribute('title') === 'Інша клініка',
      );
      if (!(found instanceof HTMLElement)) throw new Error('no company option yet');
      return found;
    });
    // The search narrows the company options by name.
    expect(
      [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title')),
    ).toEqual(['Інша клініка']);
    await user.click(option);
    await waitFor(() =>
      expect(listQueries().at(-1)).toEqual({ search: 'ЛІК', companyIdentifier: 'clinic-2' }),
    );
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'ord-1' })).toBeNull());
    expect(await row('ord-2')).toBeInTheDocument();

    await chooseOption(
      user,
      screen.getByRole('combobox', { name: 'Статус' }),
      'Оплачено, можна починати заповнення',
    );
    await waitFor(() =>
      expect(listQueries().at(-1)).toEqual({
        search: 'ЛІК',
        companyIdentifier: 'clinic-2',
        status: 'payed',
      }),
    );
    expect(await screen.findByText('Замовлень за цими умовами не знайдено.')).toBeInTheDocument();
  });

  it('opens an order read-only: services by category, results, history and documents', async () => {
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: vi.fn(() => 'blob:http://localhost/pdf-1'),
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const pdfBodies: unknown[] = [];
    const { user, drawer } = await openOrder('formed', (call) => {
      if (call.method === 'GET' && call.path === '/api/administrator/orders/ord-1') {
        return jsonResponse(200, ORDER_DETAIL);
      }
      if (call.method === 'POST' && call.path === '/api/administrator/orders/pdf') {
        pdfBodies.push(call.body);
        return fileResponse('Титульна сторінка — Замовлення ord-1.pdf', { fallback: 't.pdf' });
      }
      return undefined;
    });
    expect(await within(drawer).findByText('Міська клініка')).toBeInTheDocument();
    const services = within(drawer).getByRole('region', { name: 'Послуги' });
    const diagnostics = within(services).getByRole('region', { name: 'Діагностика' });
    expect(within(diagnostics).getByText('УЗД органів черевної порожнини')).toBeInTheDocument();
    expect(within(diagnostics).getByText('243,34 грн')).toBeInTheDocument();
    expect(within(diagnostics).getByText('279,84 грн')).toBeInTheDocument();
    expect(
      within(diagnostics).getByRole('list', { name: 'Персонал: УЗД органів черевної порожнини' })
        .textContent,
    ).toContain('Лікар, вища, немає: 30 хв');
    expect(
      within(diagnostics).getByRole('list', { name: 'Матеріали: УЗД органів черевної порожнини' })
        .textContent,
    ).toContain('Рукавички: 2 пара');
    // A deleted category's service, not yet calculated.
    const uncategorised = within(services).getByRole('region', { name: 'Без категорії' });
    expect(within(uncategorised).getAllByText('—')).toHaveLength(2);

    const history = within(drawer).getByRole('region', { name: 'Історія статусів замовлення' });
    expect(history.textContent).toContain(formatDateTime('2026-11-22T08:15:00.000Z'));
    expect(history.textContent).toContain('Олена Коваль');
    expect(history.textContent).toContain('Створено: «Заявку на оплату сформовано»');
    expect(history.textContent).toContain(
      '«Заявку на оплату сформовано» → «Оплачено, можна починати заповнення»',
    );
    expect(history.textContent).toContain('Користувача видалено');
    // Issue 18: each revision with its own status history, the current one first.
    const revisions = within(history).getAllByRole('region', { name: /^Редакція \d$/ });
    expect(revisions.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Редакція 2',
      'Редакція 1',
    ]);
    expect(revisions[0]).toHaveTextContent('Редакція 2 — поточна');
    expect(revisions[0]).toHaveTextContent(
      '«Розраховано та погоджено» → «У процесі формування (чернетка)»',
    );
    expect(revisions[0]).not.toHaveTextContent('Андрій Адмін');
    expect(revisions[1]).toHaveTextContent(`Редакція 1 — погоджена 25.11.2026`);
    expect(revisions[1]).toHaveTextContent(
      '«Відправлено на погодження» → «Розраховано та погоджено»',
    );
    expect(revisions[1]).toHaveTextContent('Андрій Адмін');
    expect(revisions[1]).toHaveTextContent(formatDateTime('2026-11-25T10:00:00.000Z'));

    const documents = within(drawer).getByRole('list', { name: 'Документи' });
    expect(within(documents).getAllByRole('button')).toHaveLength(5);
    await user.click(within(documents).getByRole('button', { name: /Титульна сторінка/ }));
    await waitFor(() => expect(pdfBodies).toEqual([{ file: 'title', identifier: 'ord-1' }]));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(within(drawer).getByRole('button', { name: /Рахунок на оплату/ })).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('shows a Ukrainian error when the order cannot be opened, and no documents before calculation', async () => {
    let fail = true;
    const { user, drawer } = await openOrder('payed', (call) => {
      if (call.method === 'GET' && call.path === '/api/administrator/orders/ord-1') {
        return fail
          ? jsonResponse(404, { message: 'Замовлення не знайдено.' })
          : jsonResponse(200, { ...ORDER_DETAIL, status: 'payed' });
      }
      return undefined;
    });
    await retryAfterError(user, 'Не вдалося завантажити замовлення.', () => (fail = false), drawer);
    expect(
      await within(drawer).findByText('Документи будуть доступні, коли розрахунок завершено.'),
    ).toBeInTheDocument();
    expect(within(drawer).queryByRole('list', { name: 'Документи' })).toBeNull();
  });
});

const ORDER_DETAIL = {
  ...adminOrder('ord-1', 'formed'),
  calculations: [
    {
      id: 42,
      identifier: 'calc-42',
      categoryId: 1,
      categoryName: 'Діагностика',
      name: 'УЗД органів черевної порожнини',
      code: '00042',
      summary: '243.34',
      summaryWithProfit: '279.84',
      calculation: {
        bonus: 10,
        profit: 15,
        stuff: [
          {
            quality: { id: 7, name: 'Лікар, вища, немає' },
            salary: 20000,
            timeSpend: 30,
            conditionPercent: 0,
            workingDay: 8,
          },
        ],
        pills: [{ id: 3, name: 'Рукавички', price: 3.5, spend: 2, measurement_type: 'пара' }],
      },
    },
    {
      id: 43,
      identifier: 'calc-43',
      categoryId: null,
      categoryName: null,
      name: 'Стара послуга',
      code: '00043',
      summary: null,
      summaryWithProfit: null,
      calculation: { bonus: 0, profit: 0, stuff: [], pills: [] },
    },
  ],
  history: [
    { fromStatus: null, toStatus: 'created', userName: 'Олена Коваль', created_at: CREATED_AT },
    { fromStatus: 'created', toStatus: 'payed', userName: null, created_at: UPDATED_AT },
  ],
  revisions: [
    {
      number: 1,
      current: false,
      status: 'confirmed',
      startedAt: CREATED_AT,
      calculatedAt: '2026-11-24T09:00:00.000Z',
      approvedAt: '2026-11-25T10:00:00.000Z',
      history: [
        { fromStatus: null, toStatus: 'created', userName: 'Олена Коваль', created_at: CREATED_AT },
        { fromStatus: 'created', toStatus: 'payed', userName: null, created_at: UPDATED_AT },
        {
          fromStatus: 'sent',
          toStatus: 'confirmed',
          userName: 'Андрій Адмін',
          created_at: '2026-11-25T10:00:00.000Z',
        },
      ],
    },
    {
      number: 2,
      current: true,
      status: 'formed',
      startedAt: '2026-12-01T08:00:00.000Z',
      calculatedAt: '2026-12-01T09:30:00.000Z',
      approvedAt: null,
      history: [
        {
          fromStatus: 'confirmed',
          toStatus: 'saved',
          userName: 'Олена Коваль',
          created_at: '2026-12-01T08:00:00.000Z',
        },
        {
          fromStatus: 'saved',
          toStatus: 'formed',
          userName: 'Олена Коваль',
          created_at: '2026-12-01T09:30:00.000Z',
        },
      ],
    },
  ],
};
