import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  jsonResponse,
  mockFetch,
  requestsTo,
  screen,
  setupAtRoot,
  waitFor,
  type FetchCall,
} from '@/testing/test-utils';

import { fileResponse, refusedDownloads, stubFileDownloads } from '@/testing/file-downloads';

import { COSTING_DOWNLOAD_FAILED_MESSAGE } from '../api/download-service-costing';

import { CostingDownloadButton } from './costing-download-button';

const SERVICE = 'УЗД органів черевної порожнини';
const PDF_BYTES = '%PDF-1.7 калькуляція';

const { createObjectURL, downloads } = stubFileDownloads('costing');

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function serve(onPdf: (call: FetchCall) => Response | Promise<Response>) {
  return mockFetch((call) => {
    if (call.method === 'POST' && call.path === '/api/orders/pdf') return onPdf(call);
    return jsonResponse(204);
  });
}

function deferred() {
  let resolve: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const setup = () =>
  setupAtRoot(<CostingDownloadButton identifier="ord-9" calculationId={42} name={SERVICE} />, {
    withMotion: true,
  });

const button = () => screen.getByRole('button', { name: `Калькуляція (PDF) «${SERVICE}»` });
const isSpinning = (element: HTMLElement) =>
  element.getAttribute('aria-busy') === 'true' && element.classList.contains('ant-btn-loading');

describe('CostingDownloadButton', () => {
  it('posts {file: calculation, identifier, calculationId}, spins, and saves under the server’s name', async () => {
    const gate = deferred();
    const fetchSpy = serve(() => gate.promise);
    const { user } = setup();

    await user.click(button());
    await waitFor(() => expect(isSpinning(button())).toBe(true));
    expect(requestsTo(fetchSpy, 'POST', '/api/orders/pdf').map((call) => call.body)).toEqual([
      { file: 'calculation', identifier: 'ord-9', calculationId: 42 },
    ]);

    const fileName = `Калькуляція — ${SERVICE}.pdf`;
    gate.resolve(fileResponse(fileName, { body: PDF_BYTES, fallback: 'calculation.pdf' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.download).toBe(fileName);
    expect(await createObjectURL.mock.calls[0]?.[0].text()).toBe(PDF_BYTES);
    await waitFor(() => expect(isSpinning(button())).toBe(false));
  });

  it('names the file after the service when the server gives no name', async () => {
    serve(() => new Response(PDF_BYTES, { headers: { 'Content-Type': 'application/pdf' } }));
    const { user } = setup();
    await user.click(button());
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.download).toBe(`Калькуляція — ${SERVICE}.pdf`);
  });

  it.each(
    refusedDownloads(
      404,
      'Калькуляцію не знайдено в цьому замовленні.',
      COSTING_DOWNLOAD_FAILED_MESSAGE,
    ),
  )('on %s shows a Ukrainian toast, stops spinning and saves nothing', async (_, answer, toast) => {
    serve(answer);
    const { user } = setup();
    await user.click(button());
    expect(await screen.findByText(toast)).toBeInTheDocument();
    await waitFor(() => expect(isSpinning(button())).toBe(false));
    expect(button()).toBeEnabled();
    expect(downloads).toEqual([]);
  });
});
