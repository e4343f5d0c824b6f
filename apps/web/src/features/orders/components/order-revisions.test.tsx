import {
  APPROVAL_PACKAGE_DOCUMENT,
  ORDER_DOCUMENTS,
  ORDER_WORKBOOK_DOCUMENT,
  XLSX_CONTENT_TYPE,
  emptyCompanyInfo,
} from '@medcalc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { requestsTo } from '@/testing/fetch-calls';
import { retryAfterError } from '@/testing/retry';
import { jsonResponse, mockFetch, renderRoutes, testUser } from '@/testing/test-utils';
import type { FetchCall } from '@/testing/test-utils';

import { DOCUMENT_DOWNLOAD_FAILED_MESSAGE } from '../api/download-order-pdf';
import { fileResponse, stubFileDownloads } from '@/testing/file-downloads';

import { OrdersList } from './orders-list';

const IDENTIFIER = 'ord-9';
const REVISIONS_PATH = `/api/orders/${IDENTIFIER}/revisions`;

const files = stubFileDownloads();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const order = (status: string, revision: number) => ({
  identifier: IDENTIFIER,
  number: 'З-2026-0009',
  name: 'Прайс 2026',
  status,
  createdAt: '2026-03-01T10:15:00.000Z',
  services: 2,
  amount: '480.00',
  revision,
});

const revision = (
  number: number,
  status: string,
  current: boolean,
  approvedAt: string | null = null,
) => ({
  number,
  current,
  status,
  startedAt: '2026-03-01T10:15:00.000Z',
  calculatedAt: '2026-03-02T10:15:00.000Z',
  approvedAt,
  history: [],
});

const revisions = (...list: ReturnType<typeof revision>[]) => ({
  identifier: IDENTIFIER,
  name: 'Прайс 2026',
  revision: list.length,
  revisions: list,
});

/** The order as `GET /api/orders/{identifier}` answers it: one service, code 00003. */
const orderDetail = {
  identifier: IDENTIFIER,
  number: 'З-2026-0009',
  name: 'Прайс 2026',
  status: 'formed',
  companyInfo: emptyCompanyInfo(),
  calculations: {
    УЗД: [
      {
        id: 31,
        identifier: 'calc-31',
        code: '00003',
        categoryId: 2,
        name: 'УЗД органів черевної порожнини',
        calculation: { bonus: 0, profit: 15, stuff: [], pills: [] },
      },
    ],
  },
  priceRounding: 'none',
  revision: 2,
  version: 3,
};

/** A response the test releases when it chooses, to look at the card while the file is generated. */
function deferred() {
  let resolve: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function serve(
  listed: ReturnType<typeof order>,
  onCall: (call: FetchCall) => Response | Promise<Response> | undefined,
) {
  return mockFetch((call) => {
    const answer = onCall(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path === '/api/orders') return jsonResponse(200, [listed]);
    return jsonResponse(204);
  });
}

function render() {
  return renderRoutes([{ path: '/orders', element: <OrdersList onOpen={() => undefined} /> }], {
    path: '/orders',
    user: testUser,
  });
}

const revisionsBlock = async () =>
  within(await screen.findByRole('listitem', { name: 'Прайс 2026' })).findByRole('region', {
    name: 'Редакції',
  });

type Revision = ReturnType<typeof revision>;

/**
 * The orders list with one order at `status` whose revisions are `list` (the last one current), and its
 * «Редакції» block once shown; `onCall` answers the calls the test is about.
 */
async function renderRevisions(
  status: string,
  list: Revision[],
  onCall: (call: FetchCall) => Response | Promise<Response> | undefined = () => undefined,
) {
  const fetchSpy = serve(order(status, list.length), (call) =>
    call.method === 'GET' && call.path === REVISIONS_PATH
      ? jsonResponse(200, revisions(...list))
      : onCall(call),
  );
  render();
  const user = userEvent.setup();
  return { fetchSpy, user, block: await revisionsBlock() };
}

/** Answers the comparison's PDF and Excel with a file each. */
const comparisonFiles = (call: FetchCall) => {
  if (call.path === '/api/orders/pdf') return fileResponse('Порівняння тарифів — Прайс.pdf');
  if (call.path === '/api/orders/xlsx') {
    return fileResponse('Порівняння тарифів — Прайс.xlsx', { type: XLSX_CONTENT_TYPE });
  }
  return undefined;
};

/** Both files of the comparison were asked for once, for revision `number`. */
function expectComparisonOf(fetchSpy: ReturnType<typeof mockFetch>, number: number) {
  expect(requestsTo(fetchSpy, 'POST', '/api/orders/pdf').map((call) => call.body)).toEqual([
    { file: 'comparison', identifier: IDENTIFIER, revision: number },
  ]);
  expect(requestsTo(fetchSpy, 'POST', '/api/orders/xlsx').map((call) => call.body)).toEqual([
    { identifier: IDENTIFIER, file: 'comparison', revision: number },
  ]);
}

describe('OrderRevisions', () => {
  it('lists the revisions, then downloads an earlier revision’s document with `revision`, spinning only its link', async () => {
    const pdf = deferred();
    const { fetchSpy, user, block } = await renderRevisions(
      'formed',
      [revision(1, 'confirmed', false, '2026-03-12T10:00:00.000Z'), revision(2, 'formed', true)],
      (call) =>
        call.method === 'POST' && call.path === '/api/orders/pdf' ? pdf.promise : undefined,
    );

    expect(
      await within(block).findByText('Редакції: 1 — погоджена 12.03.2026; 2 — поточна'),
    ).toBeInTheDocument();
    await user.click(
      within(block).getByRole('button', {
        name: /Документи редакції 1 \(погоджена 12\.03\.2026\)/,
      }),
    );
    const list = await within(block).findByRole('list', { name: 'Документи редакції 1' });
    const links = within(list).getAllByRole('button');
    // The five, the workbook and each service's калькуляція (issue 33), the first six marked as the revision was,
    // and the revision's approval package as Word and PDF (issue 35).
    expect(links.map((link) => link.textContent)).toEqual([
      ...ORDER_DOCUMENTS.map((document) => document.title),
      ORDER_WORKBOOK_DOCUMENT.title,
      'Калькуляції послуг',
      `${APPROVAL_PACKAGE_DOCUMENT.title} (Word)`,
      `${APPROVAL_PACKAGE_DOCUMENT.title} (PDF)`,
    ]);
    expect(within(list).getAllByText('погоджено')).toHaveLength(6);

    const title = within(list).getByRole('button', { name: 'Титульна сторінка (редакція 1)' });
    await user.click(title);
    await waitFor(() => expect(title).toHaveAttribute('aria-busy', 'true'));
    expect(
      within(list).getByRole('button', {
        name: 'Прейскурант використаних матеріалів (редакція 1)',
      }),
    ).toHaveAttribute('aria-busy', 'false');
    expect(requestsTo(fetchSpy, 'POST', '/api/orders/pdf').map((call) => call.body)).toEqual([
      { file: 'title', identifier: IDENTIFIER, revision: 1 },
    ]);
    pdf.resolve(fileResponse('Титульна сторінка — Прайс 2026 (редакція 1).pdf'));
    await waitFor(() =>
      expect(files.fileNames()).toEqual(['Титульна сторінка — Прайс 2026 (редакція 1).pdf']),
    );
    await waitFor(() => expect(title).toHaveAttribute('aria-busy', 'false'));
  });

  it('offers an earlier revision’s workbook and each service’s калькуляція, asked for with `revision` (issue 33)', async () => {
    const { fetchSpy, user, block } = await renderRevisions(
      'formed',
      [revision(1, 'confirmed', false, '2026-03-12T10:00:00.000Z'), revision(2, 'formed', true)],
      (call) => {
        if (call.method === 'GET' && call.path === `/api/orders/${IDENTIFIER}`)
          return jsonResponse(200, orderDetail);
        if (call.path === '/api/orders/pdf') return fileResponse('Калькуляція — УЗД.pdf');
        if (call.path === '/api/orders/xlsx')
          return fileResponse('Калькуляції — Прайс 2026.xlsx', { type: XLSX_CONTENT_TYPE });
        return undefined;
      },
    );
    await user.click(
      await within(block).findByRole('button', { name: /Документи редакції 1 \(погоджена/ }),
    );
    const list = await within(block).findByRole('list', { name: 'Документи редакції 1' });
    await user.click(
      within(list).getByRole('button', { name: `${ORDER_WORKBOOK_DOCUMENT.title} (редакція 1)` }),
    );
    await waitFor(() =>
      expect(requestsTo(fetchSpy, 'POST', '/api/orders/xlsx').map((call) => call.body)).toEqual([
        { identifier: IDENTIFIER, revision: 1 },
      ]),
    );
    await user.click(within(list).getByRole('button', { name: 'Калькуляції послуг' }));
    await user.click(
      await within(list).findByRole('button', {
        name: 'Калькуляція 00003 УЗД органів черевної порожнини (редакція 1)',
      }),
    );
    await waitFor(() =>
      expect(requestsTo(fetchSpy, 'POST', '/api/orders/pdf').map((call) => call.body)).toEqual([
        { file: 'calculation', identifier: IDENTIFIER, calculationId: 31, revision: 1 },
      ]),
    );
  });

  it('offers «Порівняння тарифів» of a calculated current revision as PDF and Excel', async () => {
    const { fetchSpy, user, block } = await renderRevisions(
      'sent',
      [revision(1, 'sent', false), revision(2, 'formed', false), revision(3, 'sent', true)],
      comparisonFiles,
    );

    expect(
      await within(block).findByText('Редакції: 1 — на погодженні; 2 — розрахована; 3 — поточна'),
    ).toBeInTheDocument();
    await user.click(within(block).getByRole('button', { name: 'Порівняння тарифів (PDF)' }));
    await user.click(within(block).getByRole('button', { name: 'Порівняння тарифів (Excel)' }));
    await waitFor(() => expect(files.downloads).toHaveLength(2));
    expectComparisonOf(fetchSpy, 3);

    // An earlier revision that was not approved keeps the mark on its documents (the five and the workbook).
    await user.click(within(block).getByRole('button', { name: /Документи редакції 2/ }));
    const list = await within(block).findByRole('list', { name: 'Документи редакції 2' });
    expect(within(list).getAllByText('не погоджено')).toHaveLength(6);
  });

  it('keeps an earlier revision’s «Порівняння тарифів» with the one before it (1 → 2 after revision 3 exists)', async () => {
    const { fetchSpy, user, block } = await renderRevisions(
      'saved',
      [
        revision(1, 'confirmed', false, '2026-03-12T10:00:00.000Z'),
        revision(2, 'formed', false),
        revision(3, 'saved', true),
      ],
      comparisonFiles,
    );

    expect(
      await within(block).findByText(
        'Редакції: 1 — погоджена 12.03.2026; 2 — розрахована; 3 — поточна',
      ),
    ).toBeInTheDocument();
    // The current revision is not calculated: no comparison of its own.
    expect(within(block).queryByRole('button', { name: /Порівняння тарифів/ })).toBeNull();

    await user.click(within(block).getByRole('button', { name: /Документи редакції 2/ }));
    const list = await within(block).findByRole('list', { name: 'Документи редакції 2' });
    const panel = list.closest('.ant-collapse-panel') as HTMLElement;
    const pdf = within(panel).getByRole('button', {
      name: 'Порівняння тарифів (PDF) (редакція 2)',
    });
    const xlsx = within(panel).getByRole('button', {
      name: 'Порівняння тарифів (Excel) (редакція 2)',
    });
    expect(pdf).toHaveTextContent('Порівняння тарифів (PDF)');
    expect(xlsx).toHaveTextContent('Порівняння тарифів (Excel)');
    await user.click(pdf);
    await user.click(xlsx);
    await waitFor(() => expect(files.downloads).toHaveLength(2));
    expectComparisonOf(fetchSpy, 2);

    // Revision 1 has nothing before it to compare with: only its documents.
    await user.click(within(block).getByRole('button', { name: /Документи редакції 1/ }));
    const first = await within(block).findByRole('list', { name: 'Документи редакції 1' });
    const firstPanel = first.closest('.ant-collapse-panel') as HTMLElement;
    expect(within(firstPanel).getAllByText('погоджено')).toHaveLength(6);
    expect(within(firstPanel).queryByRole('button', { name: /Порівняння тарифів/ })).toBeNull();
  });

  it('has no comparison while the current revision is not calculated, and toasts a failed download in Ukrainian', async () => {
    const { user, block } = await renderRevisions(
      'saved',
      [revision(1, 'formed', false), revision(2, 'saved', true)],
      (call) =>
        call.path === '/api/orders/pdf'
          ? new Response('<html>502</html>', {
              status: 502,
              headers: { 'Content-Type': 'text/html' },
            })
          : undefined,
    );

    expect(
      await within(block).findByText('Редакції: 1 — розрахована; 2 — поточна'),
    ).toBeInTheDocument();
    expect(within(block).queryByRole('button', { name: /Порівняння тарифів/ })).toBeNull();

    await user.click(within(block).getByRole('button', { name: /Документи редакції 1/ }));
    const link = await within(block).findByRole('button', {
      name: 'Перелік послуг, що калькулюються (редакція 1)',
    });
    await user.click(link);
    expect(await screen.findByText(DOCUMENT_DOWNLOAD_FAILED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(link).toHaveAttribute('aria-busy', 'false'));
    expect(files.downloads).toEqual([]);
  });

  it('shows a skeleton while the revisions load and a Ukrainian error with a retry when they fail', async () => {
    let fail = true;
    const answer = deferred();
    serve(order('confirmed', 2), (call) => {
      if (call.method !== 'GET' || call.path !== REVISIONS_PATH) return undefined;
      if (fail) return answer.promise;
      return jsonResponse(
        200,
        revisions(revision(1, 'confirmed', false, null), revision(2, 'confirmed', true)),
      );
    });
    render();
    const user = userEvent.setup();

    const block = await revisionsBlock();
    expect(
      within(block).getByRole('status', { name: 'Завантаження редакцій' }),
    ).toBeInTheDocument();
    answer.resolve(jsonResponse(500, { message: 'Помилка сервера.' }));
    await retryAfterError(
      user,
      'Не вдалося завантажити редакції замовлення.',
      () => (fail = false),
      block,
    );
    expect(
      await within(block).findByText('Редакції: 1 — погоджена; 2 — поточна'),
    ).toBeInTheDocument();
  });
});
