import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { configureApiClient } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/auth';
import { jsonResponse, testUser } from '@/testing/test-utils';

import { QUERY_STATE_ELEMENT_ID, takeServerAnswers } from './query-state';
import { createPageRenderer } from './server-render';

/*
 * Issue 39: the server draws `/orders` and the wizard for a signed-in visitor, through the page's own loaders and
 * components, and sends the answers with the page so that the app's first render draws the same page. Here the
 * transport answers as the server's API would.
 */
const ORDER = {
  identifier: 'ord-0001',
  number: 'З-2026-0001',
  name: 'УЗД органів черевної порожнини',
  status: 'payed',
  createdAt: '2026-11-22T10:15:00.000Z',
  services: 1,
  amount: '240.00',
  revision: 1,
};

/** A transport answering `answers[path]` (a status, or a status and a body), recording what was asked. */
function transportFor(answers: Record<string, [number, unknown?]>) {
  const asked: string[] = [];
  const transport: typeof fetch = async (input, init) => {
    const path = String(input);
    asked.push(`${init?.method ?? 'GET'} ${path}`);
    const answer = answers[path.split('?')[0] ?? ''];
    return answer === undefined
      ? jsonResponse(404, { message: 'Не знайдено.' })
      : jsonResponse(...answer);
  };
  return { transport, asked };
}

/** Draws `path` with a fresh renderer; the API client's transport is put back afterwards. */
async function draw(path: string, answers: Record<string, [number, unknown?]>) {
  const { transport, asked } = transportFor(answers);
  const restore = configureApiClient({});
  try {
    const page = await createPageRenderer(transport)(`http://localhost${path}`, 'phone');
    return { page, asked };
  } finally {
    restore();
  }
}

describe('a signed-in first screen drawn on the server (issue 39)', () => {
  it('draws /orders with the order card, antd’s styles and the answers it was drawn from', async () => {
    const { page, asked } = await draw('/orders', {
      '/api/user': [200, testUser],
      '/api/orders': [200, [ORDER]],
    });
    expect(asked).toEqual(['GET /api/user', 'GET /api/orders']);
    expect(page).not.toBeNull();
    const document = new DOMParser().parseFromString(
      `<html><head>${page?.head}</head><body><div id="root">${page?.root}</div>${page?.afterRoot}</body></html>`,
      'text/html',
    );
    const card = document.querySelector('.ant-card[role="listitem"]');
    expect(card?.textContent).toContain('УЗД органів черевної порожнини');
    expect(card?.textContent).toContain('З-2026-0001');
    expect(document.querySelector('h1')?.textContent).toBe('Список розрахованих послуг');
    expect(document.querySelector('.page-skeleton')).toBeNull();
    expect(document.head.querySelectorAll('style').length).toBeGreaterThan(0);
    expect(document.head.textContent).toContain('.ant-card');

    // The app starts with what the page was drawn from: no skeleton, no second wait.
    const queryClient = new QueryClient();
    takeServerAnswers(queryClient, document);
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toEqual(testUser);
    expect(queryClient.getQueryData(['orders', { scope: 'company' }])).toEqual([ORDER]);
    expect(document.getElementById(QUERY_STATE_ELEMENT_ID)).toBeNull();
  });

  it('sends a page the same styles whatever the renderer drew before', async () => {
    const answers: Record<string, [number, unknown?]> = {
      '/api/user': [200, testUser],
      '/api/orders': [200, [ORDER]],
    };
    const fresh = (await draw('/orders', answers)).page;
    const empty = (await draw('/orders', { ...answers, '/api/orders': [200, []] })).page;
    // One renderer, as the server keeps: an empty list (antd's Empty) drawn first, then the card.
    let orders: unknown[] = [];
    const { transport } = transportFor({ '/api/user': [200, testUser] });
    const restore = configureApiClient({});
    try {
      const renderer = createPageRenderer((input, init) =>
        String(input).startsWith('/api/orders')
          ? Promise.resolve(jsonResponse(200, orders))
          : transport(input, init),
      );
      const before = await renderer('http://localhost/orders', 'phone');
      orders = [ORDER];
      const after = await renderer('http://localhost/orders', 'phone');
      expect(before?.head).toBe(empty?.head);
      expect(fresh?.head).not.toBe(empty?.head);
      expect(after?.head).toBe(fresh?.head);
      expect(after?.root).toBe(fresh?.root);
    } finally {
      restore();
    }
  });

  it('keeps an answer from closing its script element early', async () => {
    const sly = { ...ORDER, name: '</script><script>alert(1)</script><!--' };
    const { page } = await draw('/orders', {
      '/api/user': [200, testUser],
      '/api/orders': [200, [sly]],
    });
    expect(page?.afterRoot.match(/<\/script>/g)).toHaveLength(1);
    expect(page?.afterRoot).not.toContain('<!--');
    const document = new DOMParser().parseFromString(
      `<body>${page?.afterRoot}</body>`,
      'text/html',
    );
    const queryClient = new QueryClient();
    takeServerAnswers(queryClient, document);
    expect(queryClient.getQueryData(['orders', { scope: 'company' }])).toEqual([sly]);
  });

  it.each<[string, Record<string, [number, unknown?]>]>([
    ['nobody is signed in', { '/api/user': [401, { message: 'Unauthenticated.' }] }],
    ['the orders could not be read', { '/api/user': [200, testUser], '/api/orders': [503] }],
  ])('sends the page undrawn when %s', async (_case, answers) => {
    const { page } = await draw('/orders', answers);
    expect(page).toBeNull();
  });
});
