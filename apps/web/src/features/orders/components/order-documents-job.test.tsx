import { DOCUMENT_JOB_PREPARING_TITLE, ORDER_DOCUMENTS, type DocumentJob } from '@medcalc/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DOCUMENT_JOB_POLL_MS } from '@/lib/document-job';
import { fileResponse, stubFileDownloads } from '@/testing/file-downloads';
import {
  fetchedPaths,
  jsonResponse,
  mockFetch,
  renderRoutes,
  testUser,
} from '@/testing/test-utils';

import { OrderDocuments } from './order-documents';

/*
 * A large document answered as a job (issue 24 §1): the card's download follows it with «Формуємо документ…» and a
 * progress bar, then saves the file; a failed job shows the server's Ukrainian message; the job is no longer asked
 * for once the page has gone.
 */

const { downloads } = stubFileDownloads('pdf');

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const SPENDING = ORDER_DOCUMENTS[3].title;

const job = (patch: Partial<DocumentJob>): DocumentJob => ({
  id: 'job-1',
  status: 'queued',
  progress: { unit: 'pages', done: 0, total: 0, percent: 0 },
  fileName: null,
  message: null,
  expiresAt: '2026-11-27T10:00:00.000Z',
  ...patch,
});

function render() {
  return renderRoutes(
    [{ path: '/orders', element: <OrderDocuments identifier="ord-7" status="formed" /> }],
    { path: '/orders', user: testUser },
  );
}

describe('OrderDocuments with a document job', () => {
  it('shows «Формуємо документ…» with the job’s progress bar, then saves the file the job made', async () => {
    const states = [
      job({ status: 'running', progress: { unit: 'pages', done: 40, total: 100, percent: 42 } }),
      job({
        status: 'done',
        fileName: 'Витрати.pdf',
        progress: { unit: 'pages', done: 97, total: 100, percent: 100 },
      }),
    ];
    const spy = mockFetch((call) => {
      if (call.method === 'POST' && call.path === '/api/orders/pdf')
        return jsonResponse(202, { job: job({}) });
      if (call.path === '/api/document-jobs/job-1')
        return jsonResponse(200, { job: states.length > 1 ? states.shift() : states[0] });
      if (call.path === '/api/document-jobs/job-1/file') return fileResponse('Витрати — ord.pdf');
      return jsonResponse(204);
    });
    render();

    await userEvent.click(screen.getByRole('button', { name: SPENDING }));
    expect(await screen.findByText(DOCUMENT_JOB_PREPARING_TITLE)).toBeInTheDocument();
    const bar = await screen.findByRole('progressbar', { name: DOCUMENT_JOB_PREPARING_TITLE });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '42'), { timeout: 4000 });
    expect(screen.getByText('Сторінок сформовано: 40 з приблизно 100')).toBeInTheDocument();
    await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 10_000 });
    expect(downloads[0]?.download).toBe('Витрати — ord.pdf');
    expect(fetchedPaths(spy)).toContain('GET /api/document-jobs/job-1/file');
  }, 15_000);

  it('shows the failed job’s Ukrainian message and saves nothing', async () => {
    mockFetch((call) => {
      if (call.method === 'POST' && call.path === '/api/orders/pdf')
        return jsonResponse(202, { job: job({}) });
      if (call.path === '/api/document-jobs/job-1')
        return jsonResponse(200, {
          job: job({
            status: 'failed',
            message: 'Не вдалося сформувати документ. Спробуйте ще раз.',
          }),
        });
      return jsonResponse(204);
    });
    render();

    await userEvent.click(screen.getByRole('button', { name: SPENDING }));
    expect(
      await screen.findByText('Не вдалося сформувати документ. Спробуйте ще раз.', undefined, {
        timeout: 4000,
      }),
    ).toBeInTheDocument();
    expect(downloads).toEqual([]);
  }, 15_000);

  it('stops asking for the job once the page that asked for it goes away', async () => {
    const spy = mockFetch((call) => {
      if (call.method === 'POST' && call.path === '/api/orders/pdf')
        return jsonResponse(202, { job: job({}) });
      if (call.path === '/api/document-jobs/job-1')
        return jsonResponse(200, { job: job({ status: 'running' }) });
      return jsonResponse(204);
    });
    const view = render();

    await userEvent.click(screen.getByRole('button', { name: SPENDING }));
    const asked = () =>
      fetchedPaths(spy).filter((path) => path === 'GET /api/document-jobs/job-1').length;
    await waitFor(() => expect(asked()).toBeGreaterThan(0), { timeout: 4000 });
    view.unmount();
    const atUnmount = asked();
    // Two more intervals of the job's query: nothing is asked any more.
    await new Promise((resolve) => setTimeout(resolve, 2 * DOCUMENT_JOB_POLL_MS + 500));
    expect(asked()).toBe(atUnmount);
    expect(downloads).toEqual([]);
  }, 15_000);
});
