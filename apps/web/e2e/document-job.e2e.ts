import { execFileSync } from 'node:child_process';

import {
  apiRoutes,
  DOCUMENT_JOB_PREPARING_TITLE,
  WORKED_EXAMPLE_COMPANY_INFO,
} from '@medcalc/domain';
import type { Page, Response } from 'playwright-core';
import { describe, expect } from 'vitest';

import { checkPage } from './support/axe';
import * as flows from './support/flows';
import { adminEnv, startJourney, test } from './support/journey';
import { ordersUi } from './support/ui';

// A long print set made as a job (issue 24 §1) in Debian's chromium against the real server: with
// DOCUMENT_JOB_LINES=1 the print set of a small calculated order counts as long, so «Друк» on the /orders card gets
// 202 with a job, shows «Формуємо документ…» with its progress bar (axe-clean, at 390 px), and the set arrives
// through the job's file download; another company cannot fetch that file.

const stamp = flows.uniqueStamp();
const admin = flows.adminCredentials(stamp);
const user = flows.newCompanyUser(stamp, 'Ірина Друкарка', `Лікарня довгих документів ${stamp}`);
const ORDER_NAME = `Довгий комплект e2e ${stamp}`;
/** The seeded template of docs/methodology.md's worked example. */
const SERVICE = flows.TEMPLATE_SERVICE;
const COUNT = 12;

let page: Page;
let jobId = '';

const { api } = flows;

const isCall = (method: string, path: RegExp) => (response: Response) =>
  response.request().method() === method && path.test(new URL(response.url()).pathname);

startJourney({
  serverEnv: { ...adminEnv(admin), DOCUMENT_JOB_LINES: '1' },
  takePage: (first) => (page = first),
});

describe('a long print set through its progress bar (issue 24 §1)', () => {
  test('a calculated order of twelve worked-example services', async ({ signedIn }) => {
    const company = await flows.registerCompany(page, user);
    const identifier = await flows.placeTemplateOrder(page, company, ORDER_NAME, SERVICE, COUNT);
    await signedIn(admin, (adminPage) => flows.setOrderStatus(adminPage, identifier, 'paid'));
    const detail = (await api(page, apiRoutes.orders.detail, { params: { identifier } })) as {
      calculations: unknown;
    };
    await flows.calculateThroughApi(page, identifier, ORDER_NAME, {
      calculations: detail.calculations,
      companyInfo: WORKED_EXAMPLE_COMPANY_INFO,
    });
  });

  test('«Друк» on a phone: «Формуємо документ…» with a progress bar, axe-clean, then the set arrives', async ({
    openWindow,
  }) => {
    // A phone (touch, 390 px): the set is handed over as a file (print-pdf.ts), as a phone's PDF viewer prints it.
    // A mouse at 390 px would load it into a frame and call print(), which crashed headless chromium's page now
    // and then under load (twice in four whole runs, «Page crashed» after the file arrived).
    const phone = await openWindow(user, {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    page = phone.page;
    await page.goto('/orders');
    const card = ordersUi.card(page, ORDER_NAME);
    await card.waitFor();
    const asked = page.waitForResponse(isCall('POST', /^\/api\/orders\/pdf$/));
    const file = page.waitForResponse(isCall('GET', /^\/api\/document-jobs\/[\w-]+\/file$/), {
      timeout: 90_000,
    });
    // The job's status polls wait until the notice has been checked: a fast machine finishes this small set
    // before axe runs, and the notice would close under it. After the check they pass straight through.
    let release = () => {};
    const checked = new Promise<void>((resolve) => (release = resolve));
    const polls = /\/api\/document-jobs\/[\w-]+$/;
    await page.route(polls, async (route) => {
      await checked;
      await route.continue();
    });
    const saved = page.waitForEvent('download', { timeout: 90_000 });
    await card.getByRole('button', { name: /^Друк/ }).click();
    const answer = await asked;
    expect(answer.status()).toBe(202);

    const notice = page
      .locator('.ant-notification')
      .filter({ hasText: DOCUMENT_JOB_PREPARING_TITLE });
    await notice.waitFor();
    await notice.getByRole('progressbar', { name: DOCUMENT_JOB_PREPARING_TITLE }).waitFor();
    // The notice on its own (the page behind it has its own check in accessibility.e2e.ts).
    const findings = await checkPage(page, '/orders @390 with a document job', '.ant-notification');
    release();
    expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);

    const arrived = await file;
    // The 202's body went to the page's fetch (Playwright keeps none): the job's id is in the file's URL.
    jobId = new URL(arrived.url()).pathname.split('/')[3] ?? '';
    expect(arrived.status()).toBe(200);
    expect(arrived.headers()['content-type']).toBe('application/pdf');
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], {
      // Playwright keeps no body of the page's fetch: the same file, fetched again in the page's session.
      input: await (await page.request.get(`/api/document-jobs/${jobId}/file`)).body(),
      encoding: 'utf8',
    });
    expect(text).toContain('Калькуляція');
    expect((await saved).suggestedFilename()).toMatch(/\.pdf$/);
    await notice.waitFor({ state: 'hidden' });
  });

  test('the job’s file is the company’s only: another company gets 404', async ({ openWindow }) => {
    const other = await openWindow();
    await flows.registerCompanyUser(
      other.page,
      flows.newCompanyUser(`${stamp}-b`, 'Петро Сторонній', `Інша лікарня ${stamp}`),
    );
    const response = await other.page.request.get(`/api/document-jobs/${jobId}/file`);
    expect(response.status()).toBe(404);
  });
});
