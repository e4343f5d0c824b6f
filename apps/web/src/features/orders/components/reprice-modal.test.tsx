import {
  REPRICE_NOT_ALLOWED_MESSAGE,
  REPRICED_MESSAGE,
  REVISION_CHANGED_MESSAGE,
} from '@medcalc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { requestsTo } from '@/testing/fetch-calls';
import { jsonResponse, mockFetch, renderRoutes, testUser } from '@/testing/test-utils';
import type { FetchCall } from '@/testing/test-utils';
import { emulateWidth } from '@/testing/viewport';

import { OrdersList } from './orders-list';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const IDENTIFIER = 'ord-5';
const PREVIEW_PATH = `/api/orders/${IDENTIFIER}/reprice-preview`;
const REPRICE_PATH = `/api/orders/${IDENTIFIER}/reprice`;
const ULTRASOUND = 'УЗД органів черевної порожнини';

const ORDER = {
  identifier: IDENTIFIER,
  number: 'З-2026-0004',
  name: 'Прайс 2026',
  status: 'confirmed',
  createdAt: '2026-03-01T10:15:00.000Z',
  services: 3,
  amount: '720.00',
  revision: 2,
};

const REVISIONS = {
  identifier: IDENTIFIER,
  name: 'Прайс 2026',
  revision: 2,
  revisions: [1, 2].map((number) => ({
    number,
    current: number === 2,
    status: 'confirmed',
    startedAt: '2026-03-01T10:15:00.000Z',
    calculatedAt: '2026-03-02T10:15:00.000Z',
    approvedAt: '2026-03-12T10:15:00.000Z',
    history: [],
  })),
};

/** One service of the preview: its cost and tariff before → after, and the change of its tariff. */
const comparedService = (
  id: number,
  name: string,
  [summaryBefore, tariffBefore]: [string, string],
  [summaryAfter, tariffAfter]: [string, string],
  delta: string,
  deltaPercent: string,
) => ({
  id,
  identifier: `calc-${id}`,
  code: String(id).padStart(5, '0'),
  name,
  before: { summary: summaryBefore, tariff: tariffBefore },
  after: { summary: summaryAfter, tariff: tariffAfter },
  delta,
  deltaPercent,
});

const preview = (revision = 2, changes: unknown[] = CHANGES) => ({
  identifier: IDENTIFIER,
  name: 'Прайс 2026',
  status: 'confirmed',
  revision,
  priceRounding: 'none',
  categories: [
    {
      category: 'Діагностика',
      services: [
        comparedService(42, ULTRASOUND, ['243.34', '279.84'], ['250.00', '287.50'], '7.66', '2.74'),
        comparedService(
          43,
          'ЕКГ у спокої',
          ['1200.00', '1380.00'],
          ['1100.00', '1265.00'],
          '-115.00',
          '-8.33',
        ),
      ],
    },
    {
      category: 'Хірургія',
      services: [
        comparedService(
          50,
          'Апендектомія',
          ['5000.00', '5750.00'],
          ['5000.00', '5750.00'],
          '0.00',
          '0.00',
        ),
      ],
    },
  ],
  totals: {
    before: { summary: '6443.34', tariff: '7409.84' },
    after: { summary: '6350.00', tariff: '7302.50' },
    delta: '-107.34',
    deltaPercent: '-1.45',
  },
  changes,
});

const CHANGES = [
  {
    kind: 'missing-material',
    text: 'Гель для УЗД: матеріалу вже немає серед матеріалів закладу, залишено ціну 3,50 грн/мл',
    services: [ULTRASOUND],
  },
  {
    kind: 'salary',
    text: 'Лікар, вища: оклад 20 000,00 → 22 000,00 грн',
    services: [ULTRASOUND, 'ЕКГ у спокої'],
  },
  {
    kind: 'institution',
    text: 'Витрати на комунальні послуги: 100 000,00 → 90 000,00 грн',
    services: [],
  },
];

/** A response the test releases when it chooses, to look at the screen while it waits. */
function deferred() {
  let resolve: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function serve(onCall: (call: FetchCall) => Response | Promise<Response> | undefined) {
  return mockFetch((call) => {
    const answer = onCall(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path === '/api/orders') return jsonResponse(200, [ORDER]);
    if (call.method === 'GET' && call.path === `/api/orders/${IDENTIFIER}/revisions`) {
      return jsonResponse(200, REVISIONS);
    }
    return jsonResponse(204);
  });
}

function render() {
  return renderRoutes(
    [
      { path: '/orders', element: <OrdersList onOpen={() => undefined} /> },
      { path: '/orders/create/:identifier', element: <p>Майстер замовлення</p> },
    ],
    { path: '/orders', user: testUser },
  );
}

async function openPreview() {
  const user = userEvent.setup();
  const card = await screen.findByRole('listitem', { name: 'Прайс 2026' });
  await user.click(within(card).getByRole('button', { name: /Оновити дані в калькуляції/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Оновити дані в калькуляції' });
  return { user, dialog };
}

const confirmButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: 'Оновити дані' });

describe('RepriceModal', () => {
  it('shows a skeleton, then per category each service before → after with a signed, coloured Δ, the totals and what changed', async () => {
    const answer = deferred();
    serve((call) => (call.path === PREVIEW_PATH ? answer.promise : undefined));
    render();
    const { dialog } = await openPreview();

    expect(
      within(dialog).getByRole('status', { name: 'Завантаження попереднього перегляду' }),
    ).toBeInTheDocument();
    expect(confirmButton(dialog)).toBeDisabled();
    answer.resolve(jsonResponse(200, preview()));

    const diagnostics = await within(dialog).findByRole('table', {
      name: 'Порівняння: Діагностика',
    });
    const rows = within(diagnostics).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      `00042${ULTRASOUND}243,34 → 250,00279,84 → 287,50+7,66+2,74 %`,
      '00043ЕКГ у спокої1\u00a0200,00 → 1\u00a0100,001\u00a0380,00 → 1\u00a0265,00−115,00−8,33 %',
    ]);
    // Green when the tariff goes down, red when it goes up, plain when it stays.
    expect(within(rows[0] as HTMLElement).getByText('+7,66')).toHaveClass('ant-typography-danger');
    expect(within(rows[1] as HTMLElement).getByText('−115,00')).toHaveClass(
      'ant-typography-success',
    );
    const surgery = within(dialog).getByRole('table', { name: 'Порівняння: Хірургія' });
    expect(within(surgery).getByText('0,00')).not.toHaveClass('ant-typography-success');
    expect(within(surgery).getByText('0,00 %')).toBeInTheDocument();
    expect(within(dialog).getByRole('table', { name: 'Разом за замовленням' })).toHaveTextContent(
      'Разом за замовленням6 443,34 → 6 350,007 409,84 → 7 302,50−107,34−1,45 %',
    );

    const changes = within(dialog).getByRole('region', { name: 'Що змінилося' });
    const warning = within(changes).getByRole('alert');
    expect(warning).toHaveTextContent('Гель для УЗД: матеріалу вже немає');
    expect(warning).toHaveTextContent(`Послуги: ${ULTRASOUND}.`);
    const items = within(within(changes).getByRole('list', { name: 'Зміни' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      `ОкладЛікар, вища: оклад 20 000,00 → 22 000,00 грнПослуги: ${ULTRASOUND}, ЕКГ у спокої.`,
      'Дані закладуВитрати на комунальні послуги: 100 000,00 → 90 000,00 грнСтосується всіх послуг замовлення.',
    ]);
    expect(dialog).toHaveTextContent(
      'Буде створено нову редакцію замовлення (3) — без нової оплати.',
    );
    expect(dialog).toHaveTextContent('«У процесі формування (чернетка)»');
    expect(dialog).toHaveTextContent('Затверджені документи редакції 2 залишаться доступними');
    expect(confirmButton(dialog)).toBeEnabled();
  });

  it('says so when nothing changed', async () => {
    serve((call) => (call.path === PREVIEW_PATH ? jsonResponse(200, preview(2, [])) : undefined));
    render();
    const { dialog } = await openPreview();

    const changes = await within(dialog).findByRole('region', { name: 'Що змінилося' });
    expect(changes).toHaveTextContent('не змінилися з часу розрахунку');
    expect(within(changes).queryByRole('list')).not.toBeInTheDocument();
    expect(within(changes).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows each service as a card on a 390 px phone', async () => {
    emulateWidth(390);
    serve((call) => (call.path === PREVIEW_PATH ? jsonResponse(200, preview()) : undefined));
    render();
    const { dialog } = await openPreview();

    const list = await within(dialog).findByRole('list', { name: 'Порівняння: Діагностика' });
    expect(within(dialog).queryByRole('table', { name: /Порівняння/ })).not.toBeInTheDocument();
    const ultrasound = within(list).getByRole('listitem', { name: `Послуга: ${ULTRASOUND}` });
    expect(ultrasound).toHaveTextContent('Собівартість, грн243,34 → 250,00');
    expect(ultrasound).toHaveTextContent('Тариф, грн279,84 → 287,50');
    expect(ultrasound).toHaveTextContent('Зміна тарифу+7,66 (+2,74 %)');
    expect(
      within(dialog).getByRole('listitem', { name: 'Разом за замовленням' }),
    ).toHaveTextContent('Тариф, грн7 409,84 → 7 302,50');
  });

  it('sends one request even on a double click, stays busy until the answer, then toasts and opens the wizard', async () => {
    const answer = deferred();
    const fetchSpy = serve((call) => {
      if (call.path === PREVIEW_PATH) return jsonResponse(200, preview());
      if (call.method === 'POST' && call.path === REPRICE_PATH) return answer.promise;
      return undefined;
    });
    const { router } = render();
    const { user, dialog } = await openPreview();
    await within(dialog).findByRole('table', { name: 'Порівняння: Діагностика' });

    await user.dblClick(confirmButton(dialog));
    await user.click(confirmButton(dialog));
    expect(confirmButton(dialog)).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByRole('button', { name: 'Скасувати' })).toBeDisabled();
    await waitFor(() => expect(requestsTo(fetchSpy, 'POST', REPRICE_PATH)).toHaveLength(1));
    expect(requestsTo(fetchSpy, 'POST', REPRICE_PATH)[0]?.body).toEqual({ revision: 2 });

    answer.resolve(jsonResponse(200, { message: REPRICED_MESSAGE, status: 'saved', revision: 3 }));
    expect(await screen.findByText('Майстер замовлення')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/orders/create/${IDENTIFIER}`);
    expect(await screen.findByText(REPRICED_MESSAGE)).toBeInTheDocument();
    expect(requestsTo(fetchSpy, 'POST', REPRICE_PATH)).toHaveLength(1);
  });

  it('on 409 says why, reloads the preview and confirms the revision it shows now', async () => {
    let revision = 2;
    const fetchSpy = serve((call) => {
      if (call.path === PREVIEW_PATH) return jsonResponse(200, preview(revision));
      if (call.method === 'POST' && call.path === REPRICE_PATH) {
        if ((call.body as { revision: number }).revision !== revision) {
          return jsonResponse(409, { message: REVISION_CHANGED_MESSAGE });
        }
        return jsonResponse(200, { message: REPRICED_MESSAGE, status: 'saved', revision: 4 });
      }
      return undefined;
    });
    render();
    const { user, dialog } = await openPreview();
    await within(dialog).findByRole('table', { name: 'Порівняння: Діагностика' });
    // Another tab updates the order meanwhile.
    revision = 3;

    await user.click(confirmButton(dialog));
    expect(await within(dialog).findByText(REVISION_CHANGED_MESSAGE)).toBeInTheDocument();
    // Said once, in the preview: not also as a toast.
    expect(screen.getAllByText(REVISION_CHANGED_MESSAGE)).toHaveLength(1);
    await waitFor(() => expect(requestsTo(fetchSpy, 'GET', PREVIEW_PATH)).toHaveLength(2));
    await waitFor(() =>
      expect(dialog).toHaveTextContent('Буде створено нову редакцію замовлення (4)'),
    );
    await waitFor(() => expect(confirmButton(dialog)).toBeEnabled());

    await user.click(confirmButton(dialog));
    expect(await screen.findByText('Майстер замовлення')).toBeInTheDocument();
    expect(requestsTo(fetchSpy, 'POST', REPRICE_PATH).map((call) => call.body)).toEqual([
      { revision: 2 },
      { revision: 3 },
    ]);
  });

  it('shows the server’s refusal in the preview and keeps «Оновити дані» off', async () => {
    serve((call) =>
      call.path === PREVIEW_PATH
        ? jsonResponse(409, { message: REPRICE_NOT_ALLOWED_MESSAGE })
        : undefined,
    );
    render();
    const { dialog } = await openPreview();

    expect(await within(dialog).findByText(REPRICE_NOT_ALLOWED_MESSAGE)).toBeInTheDocument();
    expect(
      within(dialog).getByText('Не вдалося підготувати попередній перегляд.'),
    ).toBeInTheDocument();
    expect(confirmButton(dialog)).toBeDisabled();
  });
});
