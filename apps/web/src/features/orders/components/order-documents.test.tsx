import {
  DOCUMENTS_BUSY_MESSAGE,
  ORDER_DOCUMENTS,
  ORDER_WORKBOOK_DOCUMENT,
  XLSX_CONTENT_TYPE,
  type OrderStatus,
} from '@medcalc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { RETRY_LABEL } from '@/lib/busy-retry';
import { requestsTo } from '@/testing/fetch-calls';
import { jsonResponse, mockFetch, renderRoutes, testUser } from '@/testing/test-utils';
import type { FetchCall } from '@/testing/test-utils';

import { DOCUMENT_DOWNLOAD_FAILED_MESSAGE } from '../api/download-order-pdf';
import { WORKBOOK_DOWNLOAD_FAILED_MESSAGE } from '../api/download-order-workbook';
import { fileResponse, refusedDownloads, stubFileDownloads } from '@/testing/file-downloads';

import { OrderDocuments } from './order-documents';

const TITLES = ORDER_DOCUMENTS.map((document) => document.title);
const PDF_BYTES = '%PDF-1.7 medcalc';

const files = stubFileDownloads('pdf');
const { createObjectURL, downloads } = files;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const pdfResponse = (fileName: string) =>
  fileResponse(fileName, { body: PDF_BYTES, fallback: 'document.pdf' });

/** Answers `POST path` (a PDF by default) with `onFile`, anything else with 204. */
function serve(
  onFile: (call: FetchCall) => Response | Promise<Response>,
  path = '/api/orders/pdf',
) {
  return mockFetch((call) =>
    call.method === 'POST' && call.path === path ? onFile(call) : jsonResponse(204),
  );
}

function render(status: OrderStatus, identifier = 'ord-7') {
  return renderRoutes(
    [{ path: '/orders', element: <OrderDocuments identifier={identifier} status={status} /> }],
    { path: '/orders', user: testUser },
  );
}

/** A response the test releases when it chooses, to look at the card while the file is generated. */
function deferred() {
  let resolve: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const link = (title: string) => screen.getByRole('button', { name: title });
const isSpinning = (button: HTMLElement) =>
  button.getAttribute('aria-busy') === 'true' && button.classList.contains('ant-btn-loading');

describe('OrderDocuments', () => {
  it('lists the domain’s five documents as working links, each marked «не погоджено» while formed', () => {
    serve(() => pdfResponse('x.pdf'));
    render('formed');

    const list = screen.getByRole('list', { name: 'Документи' });
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((button) => button.textContent?.trim())).toEqual(TITLES);
    buttons.forEach((button) => expect(button).toBeEnabled());
    expect(within(list).getAllByText('не погоджено')).toHaveLength(5);
    expect(screen.queryByText(/у розробці|найближчим часом/)).not.toBeInTheDocument();
    // The rest of the column is as before: a formed order can be sent for approval.
    expect(screen.getByRole('button', { name: /Відправити на погодження/ })).toBeEnabled();
  });

  it.each<[OrderStatus, number]>([
    ['sent', 5],
    ['confirmed', 0],
  ])('marks the documents «не погоджено» by status: %s → %i', (status, count) => {
    serve(() => pdfResponse('x.pdf'));
    render(status);

    const list = screen.getByRole('list', { name: 'Документи' });
    expect(within(list).queryAllByText('не погоджено')).toHaveLength(count);
    expect(
      screen.queryByRole('button', { name: /Відправити на погодження/ }),
    ).not.toBeInTheDocument();
  });

  it.each<[OrderStatus, RegExp]>([
    ['created', /можна буде заповнити після оплати/],
    ['payed', /Завершіть розрахунок, щоб завантажити документи/],
    ['saved', /Завершіть розрахунок, щоб завантажити документи/],
  ])('offers no documents while %s', (status, explanation) => {
    serve(() => pdfResponse('x.pdf'));
    render(status);

    expect(screen.getByText(explanation)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Документи' })).not.toBeInTheDocument();
  });

  it('posts {file, identifier} and saves the PDF under the server’s Ukrainian name', async () => {
    const fileName = 'Витрати використаних матеріалів — Замовлення №7.pdf';
    const fetchSpy = serve(() => pdfResponse(fileName));
    render('sent', 'ord-7');

    await userEvent.setup().click(link('Витрати використаних матеріалів'));

    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(requestsTo(fetchSpy, 'POST', '/api/orders/pdf').map((call) => call.body)).toEqual([
      { file: 'materials_spending', identifier: 'ord-7' },
    ]);
    expect(downloads).toEqual([{ href: 'blob:http://localhost/pdf-1', download: fileName }]);
    const saved = createObjectURL.mock.calls[0]?.[0];
    expect(await saved?.text()).toBe(PDF_BYTES);
    expect(isSpinning(link('Витрати використаних матеріалів'))).toBe(false);
  });

  it.each<OrderStatus>(['created', 'payed', 'saved', 'formed', 'sent', 'confirmed'])(
    'offers the invoice «Рахунок на оплату (PDF)» while %s, outside the five documents',
    (status) => {
      serve(() => pdfResponse('x.pdf'));
      render(status);

      expect(link('Рахунок на оплату (PDF)')).toBeEnabled();
      const list = screen.queryByRole('list', { name: 'Документи' });
      if (list) expect(within(list).queryByText(/Рахунок на оплату/)).not.toBeInTheDocument();
    },
  );

  it('downloads the invoice of a created order beside the payment note: posts {file: invoice, identifier}', async () => {
    const fileName = 'Рахунок на оплату — Замовлення №7.pdf';
    const fetchSpy = serve(() => pdfResponse(fileName));
    render('created', 'ord-7');
    expect(screen.getByText(/можна буде заповнити після оплати/)).toBeInTheDocument();

    await userEvent.setup().click(link('Рахунок на оплату (PDF)'));

    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(requestsTo(fetchSpy, 'POST', '/api/orders/pdf').map((call) => call.body)).toEqual([
      { file: 'invoice', identifier: 'ord-7' },
    ]);
    expect(downloads[0]?.download).toBe(fileName);
  });

  it('names the file after the document when the server gives no name', async () => {
    serve(() => new Response(PDF_BYTES, { headers: { 'Content-Type': 'application/pdf' } }));
    render('confirmed');

    await userEvent.setup().click(link('Титульна сторінка'));

    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.download).toBe('Титульна сторінка.pdf');
  });

  it('spins only the link whose file is being generated; the others stay usable', async () => {
    const pending = new Map<string, ReturnType<typeof deferred>>();
    const fetchSpy = serve((call) => {
      const answer = deferred();
      pending.set((call.body as { file: string }).file, answer);
      return answer.promise;
    });
    render('formed');
    const user = userEvent.setup();

    await user.click(link('Титульна сторінка'));

    await waitFor(() => expect(isSpinning(link('Титульна сторінка'))).toBe(true));
    for (const title of TITLES.slice(1)) {
      expect(isSpinning(link(title))).toBe(false);
      expect(link(title)).toBeEnabled();
    }

    // Another document can be asked for meanwhile, and spins on its own.
    await user.click(link('Перелік послуг, що калькулюються'));
    await waitFor(() => expect(isSpinning(link('Перелік послуг, що калькулюються'))).toBe(true));
    expect(isSpinning(link('Титульна сторінка'))).toBe(true);
    expect(isSpinning(link('Інформація про заклад'))).toBe(false);
    expect(requestsTo(fetchSpy, 'POST', '/api/orders/pdf').map((call) => call.body)).toEqual([
      { file: 'title', identifier: 'ord-7' },
      { file: 'order_list', identifier: 'ord-7' },
    ]);

    pending.get('order_list')?.resolve(pdfResponse('Перелік.pdf'));
    await waitFor(() => expect(isSpinning(link('Перелік послуг, що калькулюються'))).toBe(false));
    expect(isSpinning(link('Титульна сторінка'))).toBe(true);

    pending.get('title')?.resolve(pdfResponse('Титульна.pdf'));
    await waitFor(() => expect(isSpinning(link('Титульна сторінка'))).toBe(false));
    expect(downloads.map((download) => download.download)).toEqual(['Перелік.pdf', 'Титульна.pdf']);
  });
});

describe('OrderDocuments: the workbook «Калькуляції (Excel)»', () => {
  const XLSX_BYTES = 'PK\u0003\u0004 medcalc';
  const WORKBOOK = 'Калькуляції (Excel)';

  function xlsxResponse(fileName?: string): Response {
    if (fileName === undefined) {
      return new Response(XLSX_BYTES, { headers: { 'Content-Type': XLSX_CONTENT_TYPE } });
    }
    return fileResponse(fileName, {
      body: XLSX_BYTES,
      type: XLSX_CONTENT_TYPE,
      fallback: 'workbook.xlsx',
    });
  }

  const serveWorkbook = (onXlsx: (call: FetchCall) => Response | Promise<Response>) =>
    serve(onXlsx, '/api/orders/xlsx');

  it.each<OrderStatus>(['formed', 'sent', 'confirmed'])(
    'offers the workbook, titled from the domain, outside the five documents while %s',
    (status) => {
      serveWorkbook(() => xlsxResponse());
      render(status);

      expect(ORDER_WORKBOOK_DOCUMENT.title).toBe(WORKBOOK);
      expect(link(WORKBOOK)).toBeEnabled();
      const list = screen.getByRole('list', { name: 'Документи' });
      expect(within(list).queryByText(WORKBOOK)).not.toBeInTheDocument();
    },
  );

  it.each<OrderStatus>(['created', 'payed', 'saved'])('offers no workbook while %s', (status) => {
    serveWorkbook(() => xlsxResponse());
    render(status);

    expect(screen.queryByRole('button', { name: WORKBOOK })).not.toBeInTheDocument();
  });

  it('posts {identifier}, spins while the file is generated and saves it under the server’s name', async () => {
    const gate = deferred();
    const fetchSpy = serveWorkbook(() => gate.promise);
    render('formed', 'ord-7');

    await userEvent.setup().click(link(WORKBOOK));

    await waitFor(() => expect(isSpinning(link(WORKBOOK))).toBe(true));
    // The PDFs stay usable meanwhile.
    expect(isSpinning(link('Титульна сторінка'))).toBe(false);
    expect(link('Титульна сторінка')).toBeEnabled();
    expect(requestsTo(fetchSpy, 'POST', '/api/orders/xlsx').map((call) => call.body)).toEqual([
      { identifier: 'ord-7' },
    ]);

    const fileName = 'Калькуляції — Замовлення №7.xlsx';
    gate.resolve(xlsxResponse(fileName));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.download).toBe(fileName);
    expect(await createObjectURL.mock.calls[0]?.[0]?.text()).toBe(XLSX_BYTES);
    await waitFor(() => expect(isSpinning(link(WORKBOOK))).toBe(false));
  });

  it('names the file «Калькуляції.xlsx» when the server gives no name', async () => {
    serveWorkbook(() => xlsxResponse());
    render('confirmed');

    await userEvent.setup().click(link(WORKBOOK));

    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.download).toBe('Калькуляції.xlsx');
  });
});

describe.each([
  {
    title: 'Інформація про заклад',
    path: '/api/orders/pdf',
    fallback: DOCUMENT_DOWNLOAD_FAILED_MESSAGE,
  },
  {
    title: 'Калькуляції (Excel)',
    path: '/api/orders/xlsx',
    fallback: WORKBOOK_DOWNLOAD_FAILED_MESSAGE,
  },
])('OrderDocuments: a refused «$title»', ({ title, path, fallback }) => {
  it.each(refusedDownloads(409, 'Документи будуть доступні після розрахунку.', fallback))(
    'on %s shows a Ukrainian toast, stops spinning and saves nothing',
    async (_, answer, toast) => {
      const gate = deferred();
      serve(() => gate.promise, path);
      render('formed');

      await userEvent.setup().click(link(title));
      await waitFor(() => expect(isSpinning(link(title))).toBe(true));
      gate.resolve(answer());

      expect(await screen.findByText(toast)).toBeInTheDocument();
      await waitFor(() => expect(isSpinning(link(title))).toBe(false));
      expect(link(title)).toBeEnabled();
      expect(downloads).toEqual([]);
      expect(createObjectURL).not.toHaveBeenCalled();
    },
  );
});

describe.each([
  {
    title: 'Інформація про заклад',
    path: '/api/orders/pdf',
    fileName: 'Інформація.pdf',
    status: 503,
  },
  {
    title: 'Калькуляції (Excel)',
    path: '/api/orders/xlsx',
    fileName: 'Калькуляції.xlsx',
    status: 503,
  },
  // Issue 34: the company's own share of the document workers is taken (429 with Retry-After).
  {
    title: 'Інформація про заклад',
    path: '/api/orders/pdf',
    fileName: 'Інформація.pdf',
    status: 429,
  },
])(
  'OrderDocuments: «$title» while the server is busy ($status)',
  ({ title, path, fileName, status }) => {
    it('shows the server’s message with «Спробувати ще раз», which asks again and saves the file', async () => {
      let asked = 0;
      const fetchSpy = serve(() => {
        asked += 1;
        return asked === 1
          ? jsonResponse(status, { message: DOCUMENTS_BUSY_MESSAGE })
          : fileResponse(fileName, { body: PDF_BYTES, fallback: 'document.bin' });
      }, path);
      render('formed');
      const user = userEvent.setup();

      await user.click(link(title));

      // The server's own words, once (no second, generic toast), and nothing saved yet.
      expect(await screen.findByText(DOCUMENTS_BUSY_MESSAGE)).toBeInTheDocument();
      expect(screen.getAllByText(DOCUMENTS_BUSY_MESSAGE)).toHaveLength(1);
      expect(downloads).toEqual([]);
      await waitFor(() => expect(isSpinning(link(title))).toBe(false));

      await user.click(screen.getByRole('button', { name: RETRY_LABEL }));

      await waitFor(() => expect(downloads).toHaveLength(1));
      expect(downloads[0]?.download).toBe(fileName);
      expect(requestsTo(fetchSpy, 'POST', path)).toHaveLength(2);
    });
  },
);
