import { formatMoney, type OrderInvoice } from '@medcalc/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { expectLinkTo } from '@/testing/links';
import { retryAfterError } from '@/testing/retry';
import { fileResponse, stubFileDownloads } from '@/testing/file-downloads';
import { emulateWidth } from '@/testing/viewport';
import {
  fakeApi,
  jsonResponse,
  requestsTo,
  screen,
  setupAtRoot,
  testViewer,
  waitFor,
  within,
  type CallOverrides,
} from '@/testing/test-utils';

import { InvoicesTable, NUMBER_PENDING_TEXT } from './invoices-table';

const files = stubFileDownloads('invoice');

// A laptop's width unless a test says otherwise: the table; a phone gets cards.
beforeEach(() => {
  emulateWidth(1366);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PAID: OrderInvoice = {
  identifier: 'ord-0002',
  orderName: 'Розрахунок для: 20.11.2026',
  number: '7/2026',
  date: '2026-11-20T09:30:00.000Z',
  services: 1,
  amount: '240.00',
  status: 'payed',
  isPaid: true,
};
const UNPAID: OrderInvoice = {
  identifier: 'ord-0001',
  orderName: 'Лабораторія, грудень',
  number: null,
  date: '2026-11-03T12:00:00.000Z',
  services: 5,
  amount: '1200.00',
  status: 'created',
  isPaid: false,
};

/**
 * The table as a «Перегляд» member sees it, on a fake of the invoices call (whose second answer numbers the downloaded
 * invoice as the server does) after the test's `overrides`.
 */
function setup(overrides?: CallOverrides) {
  let issued = false;
  const spy = fakeApi((call) => {
    if (call.method === 'GET' && call.path === '/api/invoices')
      return jsonResponse(200, [PAID, { ...UNPAID, number: issued ? '8/2026' : null }]);
    if (call.method === 'POST' && call.path === '/api/orders/pdf') {
      issued = true;
      return fileResponse('Рахунок на оплату — Лабораторія, грудень.pdf');
    }
    return undefined;
  }, overrides);
  return { spy, ...setupAtRoot(<InvoicesTable />, { as: testViewer }) };
}

const table = () => screen.getByRole('region', { name: 'Рахунки на оплату' });

describe('InvoicesTable (issue 33, «Оплата»)', () => {
  it('lists each invoice with its number, date, amount and payment, and what is due', async () => {
    setup();

    expect(screen.getByRole('status', { name: /Рахунки на оплату: завантаження/ })).toBeVisible();
    const rows = within(await screen.findByRole('region', { name: 'Рахунки на оплату' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 6)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['№ 7/2026', '20.11.2026', 'Розрахунок для: 20.11.2026', '1', '240,00', 'Оплачено'],
      [
        NUMBER_PENDING_TEXT,
        '03.11.2026',
        'Лабораторія, грудень',
        '5',
        formatMoney(1200),
        'Очікує оплати',
      ],
    ]);
    // Testing Library reads the amount's no-break group space as a plain one.
    expect(screen.getByText(/^До сплати: 1 200,00 грн \(рахунків: 1\)\./)).toBeInTheDocument();
  });

  it('downloads an invoice, then shows the number it was given', async () => {
    const { spy, user } = setup();

    await user.click(
      await within(await screen.findByRole('region', { name: 'Рахунки на оплату' })).findByRole(
        'button',
        { name: 'Рахунок на оплату (PDF): Лабораторія, грудень' },
      ),
    );
    await waitFor(() =>
      expect(files.fileNames()).toEqual(['Рахунок на оплату — Лабораторія, грудень.pdf']),
    );
    expect(requestsTo(spy, 'POST', '/api/orders/pdf').map((call) => call.body)).toEqual([
      { file: 'invoice', identifier: 'ord-0001' },
    ]);
    expect(await within(table()).findByText('№ 8/2026')).toBeInTheDocument();
  });

  it('shows each invoice as a card on a phone, with its payment and its PDF', async () => {
    emulateWidth(390);
    setup();

    const list = await screen.findByRole('list', { name: 'Рахунки на оплату' });
    const card = within(list).getByRole('listitem', { name: 'Лабораторія, грудень' });
    expect(within(card).getByText('Очікує оплати')).toBeInTheDocument();
    expect(within(card).getByText(NUMBER_PENDING_TEXT)).toBeInTheDocument();
    expect(within(card).getByText('03.11.2026')).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'Рахунок на оплату (PDF): Лабораторія, грудень' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Рахунки на оплату' })).not.toBeInTheDocument();
  });

  it('says in Ukrainian when the invoices cannot be loaded, and tries again', async () => {
    let fail = true;
    const { user } = setup((call) =>
      call.path === '/api/invoices' && fail
        ? jsonResponse(500, { message: 'Помилка сервера. Спробуйте пізніше.' })
        : undefined,
    );

    await retryAfterError(user, 'Не вдалося завантажити рахунки', () => (fail = false));
    expect(
      await within(await screen.findByRole('region', { name: 'Рахунки на оплату' })).findByText(
        '№ 7/2026',
      ),
    ).toBeInTheDocument();
  });

  it('says how an invoice comes when there is none yet', async () => {
    setup((call) => (call.path === '/api/invoices' ? jsonResponse(200, []) : undefined));

    expect(await screen.findByText(/Рахунків ще немає/)).toBeInTheDocument();
    expectLinkTo('Оформити замовлення', '/orders/create_order');
  });
});
