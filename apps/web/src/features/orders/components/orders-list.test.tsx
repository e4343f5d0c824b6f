import { APPROVED_ORDER_DELETE_MESSAGE, PAYMENT_PENDING_MESSAGE } from '@medcalc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { requestsTo } from '@/testing/fetch-calls';
import { fileResponse } from '@/testing/file-downloads';
import {
  fetchedPaths,
  jsonResponse,
  mockFetch,
  renderRoutes,
  testUser,
  testViewer,
  type FetchCall,
} from '@/testing/test-utils';

import { releasePrintFrame } from '../utils/print-pdf';

import { OrdersList } from './orders-list';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const DOCUMENTS = [
  'Титульна сторінка',
  'Інформація про заклад',
  'Прейскурант використаних матеріалів',
  'Витрати використаних матеріалів',
  'Перелік послуг, що калькулюються',
];

const order = (
  identifier: string,
  status: string,
  name = `Замовлення ${identifier}`,
  services = 1,
) => ({
  identifier,
  number: `З-2026-${identifier.replace(/\D/g, '').padStart(4, '0')}`,
  name,
  status,
  createdAt: '2026-11-22T10:15:00.000Z',
  services,
  amount: (240 * services).toFixed(2),
  revision: 1,
});

/** One order of each status, named after it. */
const ONE_ORDER_A_STATUS = [
  order('c', 'created', 'Створене'),
  order('p', 'payed', 'Оплачене'),
  order('s', 'saved', 'Збережене'),
  order('f', 'formed', 'Сформоване'),
  order('n', 'sent', 'Надіслане'),
  order('a', 'confirmed', 'Погоджене'),
];

function serve(
  orders: () => unknown[],
  onCall: (call: FetchCall) => Response | undefined = () => undefined,
) {
  return mockFetch((call) => {
    const answer = onCall(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path === '/api/orders') return jsonResponse(200, orders());
    return jsonResponse(204);
  });
}

function render(user = testUser) {
  const onOpen = vi.fn();
  const view = renderRoutes([{ path: '/orders', element: <OrdersList onOpen={onOpen} /> }], {
    path: '/orders',
    user,
  });
  return { ...view, onOpen };
}

const card = (name: string) => screen.findByRole('listitem', { name });

describe('OrdersList', () => {
  it('lets a «Перегляд» member download and print but not send, duplicate, re-price or delete (issue 22)', async () => {
    serve(() => [order('f', 'formed', 'Сформоване')]);
    render(testViewer);

    const formed = await card('Сформоване');
    const documents = within(formed).getByRole('list', { name: 'Документи' });
    within(documents)
      .getAllByRole('button')
      .forEach((button) => expect(button).toBeEnabled());
    expect(within(formed).getByRole('button', { name: /^Друк/ })).toBeEnabled();
    for (const name of [
      /Відправити на погодження/,
      /Створити на основі цього/,
      /Оновити дані/,
      /Видалити/,
    ]) {
      expect(within(formed).queryByRole('button', { name })).toBeNull();
    }
  });

  it('shows a skeleton, then one card per order with the six statuses and the current one marked', async () => {
    serve(() => [order('ord-1', 'payed', 'Перше'), order('ord-2', 'confirmed', 'Друге')]);
    render();

    expect(screen.getByRole('status', { name: 'Завантаження замовлень' })).toBeInTheDocument();
    const first = await card('Перше');
    const statuses = within(
      within(first).getByRole('list', { name: 'Статус замовлення' }),
    ).getAllByRole('listitem');
    expect(statuses.map((item) => item.textContent?.trim())).toEqual([
      'Заявку на оплату сформовано',
      'Оплачено, можна починати заповнення',
      'У процесі формування (чернетка)',
      'Розраховано, готово до відправлення на погодження',
      'Відправлено на погодження',
      'Розраховано та погоджено',
    ]);
    expect(statuses.filter((item) => item.getAttribute('aria-current') === 'step')).toEqual([
      statuses[1],
    ]);

    const second = await card('Друге');
    expect(within(second).getByRole('listitem', { current: 'step' })).toHaveTextContent(
      'Розраховано та погоджено',
    );
  });

  it('says so when there are no orders', async () => {
    serve(() => []);
    render();

    expect(await screen.findByText(/Замовлень ще немає/)).toBeInTheDocument();
  });

  it('fills the documents column by status', async () => {
    serve(() => ONE_ORDER_A_STATUS);
    render();

    const created = await card('Створене');
    expect(within(created).getByText(/можна буде заповнити після оплати/)).toBeInTheDocument();
    expect(within(created).queryByRole('list', { name: 'Документи' })).not.toBeInTheDocument();
    for (const name of ['Оплачене', 'Збережене']) {
      const current = await card(name);
      expect(
        within(current).getByText(/Завершіть розрахунок, щоб завантажити документи/),
      ).toBeInTheDocument();
      expect(within(current).queryByRole('list', { name: 'Документи' })).not.toBeInTheDocument();
    }

    for (const name of ['Сформоване', 'Надіслане', 'Погоджене']) {
      const documents = within(await card(name)).getByRole('list', { name: 'Документи' });
      const buttons = within(documents).getAllByRole('button');
      expect(buttons.map((button) => button.textContent?.trim())).toEqual(DOCUMENTS);
      buttons.forEach((button) => expect(button).toBeEnabled());
      expect(within(documents).queryAllByText('не погоджено')).toHaveLength(
        name === 'Погоджене' ? 0 : 5,
      );
    }

    const formed = await card('Сформоване');
    expect(within(formed).getByRole('button', { name: /Відправити на погодження/ })).toBeEnabled();
    const sent = await card('Надіслане');
    expect(within(sent).getByText('Розрахунок на погодженні')).toBeInTheDocument();
    expect(
      within(sent).queryByRole('button', { name: /Відправити на погодження/ }),
    ).not.toBeInTheDocument();
    const confirmed = await card('Погоджене');
    expect(within(confirmed).getByText('Погоджено')).toBeInTheDocument();
    expect(
      within(confirmed).queryByRole('button', { name: /Відправити на погодження/ }),
    ).not.toBeInTheDocument();
  });

  it('shows what a person needs to recognise and pay an order: number, date, services, sum due', async () => {
    serve(() => [order('ord-7', 'created', 'Березень', 3)]);
    render();
    const item = await card('Березень');
    // The number people quote (issue 33), not the random identifier of the URL.
    expect(within(item).getByText('З-2026-0007')).toBeInTheDocument();
    expect(item).toHaveTextContent('Створено22.11.2026');
    expect(item).toHaveTextContent('Послуг3');
    expect(item).toHaveTextContent('До сплати240 грн × 3 = 720 грн');
  });

  it('explains the payment wait for a created order, lists its services read-only, and opens any other', async () => {
    const fetchSpy = serve(
      () => [order('ord-c', 'created', 'Неоплачене', 2), order('ord-p', 'saved', 'Чернетка')],
      (call) =>
        call.method === 'GET' && call.path === '/api/orders/ord-c/services'
          ? jsonResponse(200, {
              identifier: 'ord-c',
              number: 'З-2026-0003',
              name: 'Неоплачене',
              status: 'created',
              calculations: {
                Діагностика: [{ identifier: 'c1', name: 'УЗД органів черевної порожнини' }],
                Хірургія: [{ identifier: 'c2', name: 'Апендектомія' }],
              },
            })
          : undefined,
    );
    const { onOpen } = render();
    const user = userEvent.setup();

    await user.click(within(await card('Неоплачене')).getByRole('button', { name: 'Неоплачене' }));
    const hint = await screen.findByRole('dialog', { name: 'Замовлення очікує оплати' });
    expect(hint).toHaveTextContent(PAYMENT_PENDING_MESSAGE);
    expect(hint).toHaveTextContent('«Неоплачене»');
    const surgery = await within(hint).findByRole('region', { name: 'Хірургія' });
    expect(within(surgery).getByRole('listitem')).toHaveTextContent('Апендектомія');
    expect(within(hint).getByRole('region', { name: 'Діагностика' })).toHaveTextContent(
      'УЗД органів черевної порожнини',
    );
    expect(hint).toHaveTextContent('До сплати: 240 грн × 2 = 480 грн');
    // Read-only: nothing in it edits, and the wizard's read (403 before payment) is not asked.
    expect(within(hint).queryByRole('textbox')).not.toBeInTheDocument();
    expect(fetchedPaths(fetchSpy)).not.toContain('GET /api/orders/ord-c');
    expect(onOpen).not.toHaveBeenCalled();
    await user.click(within(hint).getByRole('button', { name: 'Зрозуміло' }));

    await user.click(within(await card('Чернетка')).getByRole('button', { name: 'Чернетка' }));
    expect(onOpen).toHaveBeenCalledWith('ord-p');
  });

  it('sends a formed order for approval and reloads the list', async () => {
    let status = 'formed';
    const fetchSpy = serve(
      () => [order('ord-f', status, 'Готове')],
      (call) => {
        if (call.method === 'POST' && call.path === '/api/calculations/approve-from-user') {
          expect(call.body).toEqual({ identifier: 'ord-f' });
          status = 'sent';
          return jsonResponse(200, { message: 'Розрахунок відправлено на погодження.' });
        }
        return undefined;
      },
    );
    const { queryClient } = render();
    const ownKey = ['calculations', { companyIdentifier: testUser.companyIdentifier }];
    queryClient.setQueryData(ownKey, []);

    await userEvent
      .setup()
      .click(
        within(await card('Готове')).getByRole('button', { name: /Відправити на погодження/ }),
      );

    expect(await screen.findByText('Розрахунок на погодженні')).toBeInTheDocument();
    expect(queryClient.getQueryState(ownKey)?.isInvalidated).toBe(true);
    expect(screen.getByText('Розрахунок відправлено на погодження.')).toBeInTheDocument();
    expect(fetchedPaths(fetchSpy).filter((path) => path !== 'GET /sanctum/csrf-cookie')).toEqual([
      'GET /api/orders',
      'POST /api/calculations/approve-from-user',
      'GET /api/orders',
    ]);
  });

  it('duplicates an order and reloads the list', async () => {
    const orders = [order('ord-1', 'confirmed', 'Основне')];
    const fetchSpy = serve(
      () => orders,
      (call) => {
        if (call.method === 'POST' && call.path === '/api/orders/duplicate') {
          expect(call.body).toEqual({ identifier: 'ord-1' });
          orders.push(order('ord-2', 'created', 'Основне (копія)'));
          return jsonResponse(200, { message: 'Замовлення скопійовано.', identifier: 'ord-2' });
        }
        return undefined;
      },
    );
    render();
    const user = userEvent.setup();
    const duplicate = async () =>
      user.click(
        within(await card('Основне')).getByRole('button', {
          name: /Створити новий розрахунок на основі цього/,
        }),
      );

    // A new order is a new payment: the click only asks, with the create page's sum.
    await duplicate();
    let dialog = await screen.findByRole('dialog', {
      name: 'Створити нове замовлення на основі цього?',
    });
    expect(dialog).toHaveTextContent('До сплати: 240 грн × 1 = 240 грн');
    await user.click(within(dialog).getByRole('button', { name: 'Скасувати' }));
    expect(fetchedPaths(fetchSpy)).not.toContain('POST /api/orders/duplicate');

    await duplicate();
    dialog = await screen.findByRole('dialog', {
      name: 'Створити нове замовлення на основі цього?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Так, підтверджую' }));
    expect(await card('Основне (копія)')).toBeInTheDocument();
    expect(fetchedPaths(fetchSpy)).toContain('POST /api/orders/duplicate');
  });

  it('enables «Оновити дані» only for a calculated order, saying why otherwise, and keeps print off until the documents exist', async () => {
    serve(() => ONE_ORDER_A_STATUS);
    render();

    const current = await card('Оплачене');
    expect(
      within(current).getByRole('button', {
        name: /Оновити дані в калькуляції: .*лише в розрахованому замовленні/,
      }),
    ).toBeDisabled();
    expect(
      within(await card('Збережене')).getByRole('button', {
        name: /Оновити дані в калькуляції: .*лише в розрахованому замовленні/,
      }),
    ).toBeDisabled();
    expect(
      within(await card('Створене')).getByRole('button', {
        name: /Оновити дані в калькуляції: .*після оплати/,
      }),
    ).toBeDisabled();
    for (const name of ['Надіслане', 'Сформоване', 'Погоджене']) {
      expect(
        within(await card(name)).getByRole('button', {
          name: /Оновити дані в калькуляції: Перерахувати послуги/,
        }),
      ).toBeEnabled();
    }
    expect(
      within(current).getByRole('button', { name: /Друк: .*після розрахунку замовлення/ }),
    ).toBeDisabled();
    expect(
      within(await card('Створене')).getByRole('button', { name: /Друк: .*після оплати/ }),
    ).toBeDisabled();
    expect(
      within(await card('Надіслане')).getByRole('button', {
        name: /Друк: Надрукувати всі документи/,
      }),
    ).toBeEnabled();
    // Nothing is marked as in development any more.
    expect(screen.queryByText(/у розробці/)).not.toBeInTheDocument();
    expect(within(current).getByRole('button', { name: /Друк/ })).toHaveTextContent(/^Друк$/);
    // Short visible labels (the full wording is the accessible name and the tooltip). The name starts with the
    // visible label (issue 21, WCAG 2.5.3 "Label in Name").
    for (const button of within(current).getAllByRole('button')) {
      const visible = (button.textContent ?? '').trim();
      const name = button.getAttribute('aria-label') ?? visible;
      expect(name.startsWith(visible), `«${name}» starts with «${visible}»`).toBe(true);
    }
    expect(
      within(current).getByRole('button', { name: /Створити новий розрахунок на основі цього/ }),
    ).toHaveTextContent(/^Створити на основі цього$/);
    expect(
      within(current).getByRole('button', { name: /Оновити дані в калькуляції/ }),
    ).toHaveTextContent(/^Оновити дані$/);
    // A card of an order whose data was never updated has no «Редакції» block.
    expect(within(current).queryByRole('region', { name: 'Редакції' })).not.toBeInTheDocument();
  });

  it('prints the whole set of a calculated order: fetches the print PDF and opens the print dialog on it', async () => {
    const fetchSpy = serve(
      () => [order('ord-1', 'formed', 'Перше')],
      (call) =>
        call.method === 'POST' && call.path === '/api/orders/pdf'
          ? fileResponse('Комплект документів — Перше.pdf', { body: '%PDF' })
          : undefined,
    );
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: () => 'blob:print-1',
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    render();

    const button = within(await card('Перше')).getByRole('button', { name: /Друк/ });
    await userEvent.setup().click(button);

    const frame = await waitFor(() => {
      const found = document.querySelector('iframe');
      if (!found?.contentWindow) throw new Error('no print frame yet');
      return found;
    });
    expect(frame.getAttribute('src')).toBe('blob:print-1');
    expect(requestsTo(fetchSpy, 'POST', '/api/orders/pdf').map((call) => call.body)).toEqual([
      { file: 'print', identifier: 'ord-1' },
    ]);
    expect(button).toHaveAttribute('aria-busy', 'true');
    const view = frame.contentWindow as Window;
    vi.spyOn(view, 'focus').mockImplementation(() => undefined);
    const print = vi.spyOn(view, 'print').mockImplementation(() => undefined);
    frame.dispatchEvent(new Event('load'));

    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'false'));
    releasePrintFrame();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('downloads a document of the card’s own order', async () => {
    const fetchSpy = serve(
      () => [order('ord-1', 'formed', 'Перше'), order('ord-2', 'confirmed', 'Друге')],
      (call) =>
        call.method === 'POST' && call.path === '/api/orders/pdf'
          ? fileResponse('Прейскурант — Друге.pdf', { body: '%PDF' })
          : undefined,
    );
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:1' });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    render();

    await userEvent.setup().click(
      within(await card('Друге')).getByRole('button', {
        name: 'Прейскурант використаних матеріалів',
      }),
    );

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(click.mock.contexts[0]).toHaveProperty('download', 'Прейскурант — Друге.pdf');
    expect(requestsTo(fetchSpy, 'POST', '/api/orders/pdf').map((call) => call.body)).toEqual([
      { file: 'price_list', identifier: 'ord-2' },
    ]);
  });

  it('after deleting, marks the company’s own calculations stale so the create-order tab reloads them', async () => {
    let orders = [order('ord-1', 'confirmed', 'Погоджене')];
    serve(
      () => orders,
      (call) => {
        if (call.method !== 'DELETE') return undefined;
        orders = [];
        return jsonResponse(200, { message: 'Замовлення видалено.' });
      },
    );
    const { queryClient } = render();
    // What the create-order page cached earlier: a calculation of the order about to be deleted.
    const ownKey = ['calculations', { companyIdentifier: testUser.companyIdentifier }];
    queryClient.setQueryData(ownKey, [{ categoryId: 1, categoryName: 'Огляди', calculations: [] }]);
    const user = userEvent.setup();

    await user.click(within(await card('Погоджене')).getByRole('button', { name: /Видалити/ }));
    await user.click(
      within(
        await screen.findByRole('dialog', { name: 'Видалити оплачене замовлення?' }),
      ).getByRole('button', { name: 'Так, видалити' }),
    );

    await waitFor(() => expect(queryClient.getQueryState(ownKey)?.isInvalidated).toBe(true));
  });

  it('leaves an approved order’s delete to the owner: an economist sees it disabled with why (issue 33)', async () => {
    serve(() => [order('ord-1', 'confirmed', 'Погоджене'), order('ord-2', 'formed', 'Сформоване')]);
    render({ ...testUser, companyRole: 'economist' });

    expect(
      within(await card('Погоджене')).getByRole('button', {
        name: `Видалити: ${APPROVED_ORDER_DELETE_MESSAGE}`,
      }),
    ).toBeDisabled();
    expect(
      within(await card('Сформоване')).getByRole('button', { name: 'Видалити' }),
    ).toBeEnabled();
  });

  it('deletes only after the confirmation, then reloads', async () => {
    let orders = [order('ord-1', 'created', 'Зайве'), order('ord-2', 'payed', 'Потрібне')];
    const fetchSpy = serve(
      () => orders,
      (call) => {
        if (call.method === 'DELETE') {
          orders = orders.filter((item) => `/api/orders/${item.identifier}` !== call.path);
          return jsonResponse(200, { message: 'Замовлення видалено.' });
        }
        return undefined;
      },
    );
    render();
    const user = userEvent.setup();

    await user.click(within(await card('Зайве')).getByRole('button', { name: /Видалити/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Видалити замовлення?' });
    expect(dialog).toHaveTextContent(/неможливо буде відновити/);
    expect(dialog).not.toHaveTextContent(/оплачен/);
    await user.click(within(dialog).getByRole('button', { name: 'Скасувати' }));
    expect(fetchedPaths(fetchSpy)).not.toContain('DELETE /api/orders/ord-1');

    await user.click(within(await card('Зайве')).getByRole('button', { name: /Видалити/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Видалити замовлення?' })).getByRole(
        'button',
        { name: 'Так, видалити' },
      ),
    );

    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Зайве' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('listitem', { name: 'Потрібне' })).toBeInTheDocument();
    expect(fetchedPaths(fetchSpy)).toContain('DELETE /api/orders/ord-1');
  });

  it('warns in its own words that a paid order’s services go with it', async () => {
    serve(() => [order('ord-1', 'formed', 'Оплачене', 4)]);
    render();
    const user = userEvent.setup();

    await user.click(within(await card('Оплачене')).getByRole('button', { name: /Видалити/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Видалити оплачене замовлення?' });
    expect(dialog).toHaveTextContent('Це замовлення вже оплачено.');
    expect(dialog).toHaveTextContent(/зникнуть оплачені послуги \(4\)/);
  });
});
