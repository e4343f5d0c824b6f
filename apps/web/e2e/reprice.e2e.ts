import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

import { apiRoutes, WORKED_EXAMPLE_COMPANY_INFO, type BodyOf } from '@medcalc/domain';
import type { Locator, Page, Response } from 'playwright-core';
import { describe, expect } from 'vitest';

import { ARTIFACTS_DIR } from './support/browser';
import * as flows from './support/flows';
import { adminEnv, startJourney, test } from './support/journey';
import { exact, ordersUi } from './support/ui';

// «Оновити дані в калькуляції» (issue 18) in Debian's chromium against the real server: an approved order of the
// worked example (placed, paid, calculated and approved through the API, which the other journeys walk through
// in the UI), then, as the economist would in January: the doctor's salary changed on /staff and the gel's price
// on /pills, the preview on the /orders card with the changes in words, the confirmation, the wizard of the new
// revision, Calculate, the card's «Редакції», and «Порівняння тарифів» downloaded and read with pdftotext.

const ui = {
  heading: (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true }),
  staffSalary: (page: Page, label: string) =>
    page
      .getByRole('region', { name: 'Штатний розпис' })
      .getByRole('spinbutton', { name: `Оклад: ${label}`, exact: true }),
  pillsRow: (page: Page, name: string) =>
    page
      .getByRole('region', { name: 'Власні матеріали' })
      .getByRole('row')
      .filter({ hasText: name }),
  dialog: (page: Page, title: string) => page.getByRole('dialog', { name: title, exact: true }),
  reprice: (card: Locator) => card.getByRole('button', { name: /^Оновити дані в калькуляції/ }),
  repriceDialog: (page: Page) => ui.dialog(page, 'Оновити дані в калькуляції'),
  repriceConfirm: (dialog: Locator) =>
    dialog.getByRole('button', { name: 'Оновити дані', exact: true }),
  changes: (dialog: Locator) => dialog.getByRole('region', { name: 'Що змінилося' }),
  wizardHeading: (page: Page) =>
    page.getByRole('heading', { level: 1, name: 'Розрахувати нові послуги', exact: true }),
  wizardNav: (page: Page) => page.getByRole('navigation', { name: 'Кроки розрахунку' }),
  calculate: (page: Page) =>
    ui.wizardNav(page).getByRole('button', { name: 'Розрахувати', exact: true }),
  calculateDialog: (page: Page) => page.getByRole('dialog', { name: 'Розрахувати?' }),
  revisions: (card: Locator) => card.getByRole('region', { name: 'Редакції' }),
};

const stamp = flows.uniqueStamp();
const admin = flows.adminCredentials(stamp);
const user = flows.newCompanyUser(stamp, 'Оксана Економістка', `Лікарня переоцінки ${stamp}`);
const ORDER_NAME = `Тарифи 2026 e2e ${stamp}`;
/** The seeded template of docs/methodology.md's worked example (243.34 / 279.84). */
const SERVICE = flows.TEMPLATE_SERVICE;
const DOCTOR = 'Лікар з ультразвукової діагностики, без категорії, немає';
const GEL = 'Гель для УЗД (власний)';
/** The institution of docs/methodology.md "Worked example" (the company's /company data). */
const INSTITUTION = { ...WORKED_EXAMPLE_COMPANY_INFO, name: 'КНП «Лікарня переоцінки»' };

let page: Page;
let identifier = '';

const { call, api } = flows;

interface Line {
  id: number | null;
  name: string;
  price: number;
  spend: number;
  measurement_type: string;
}
interface Detail {
  identifier: string;
  name: string;
  companyInfo: unknown;
  calculations: Record<string, Array<{ calculation: { pills: Line[] } }>>;
}

const isCall = (method: string, path: RegExp) => (response: Response) =>
  response.request().method() === method && path.test(new URL(response.url()).pathname);

startJourney({ serverEnv: adminEnv(admin), takePage: (first) => (page = first) });

describe('re-pricing an approved order («Оновити дані в калькуляції»)', () => {
  test('an approved order of the worked example, with the company’s own gel', async ({
    openWindow,
  }) => {
    const company = await flows.registerCompany(page, user, INSTITUTION);
    const gel = (await api(page, apiRoutes.pills.create, {
      params: { companyIdentifier: company },
      body: {
        name: GEL,
        measurementType: 'мл',
        price: 0.34,
      },
    })) as { data: { id: number } };
    identifier = await flows.placeTemplateOrder(page, company, ORDER_NAME, SERVICE);

    const { page: adminPage } = await openWindow(admin);
    await flows.setOrderStatus(adminPage, identifier, 'paid');

    // The wizard's gel line moved onto the company's own gel (what step 3 does when it is chosen).
    const detail = (await api(page, apiRoutes.orders.detail, { params: { identifier } })) as Detail;
    for (const items of Object.values(detail.calculations)) {
      for (const item of items) {
        item.calculation.pills = item.calculation.pills.map((line) =>
          line.name.startsWith('Гель')
            ? { ...line, id: gel.data.id, name: GEL, price: 0.34, measurement_type: 'мл' }
            : line,
        );
      }
    }
    await flows.calculateThroughApi(page, identifier, ORDER_NAME, detail);
    await api(page, apiRoutes.orders.sendForApproval, { body: { identifier } });
    await flows.setOrderStatus(adminPage, identifier, 'agreed');
  });

  test('raises the doctor’s salary on /staff and the gel’s price on /pills', async () => {
    await page.goto('/staff');
    await ui.heading(page, 'Штатний розпис').waitFor();
    const salary = ui.staffSalary(page, DOCTOR);
    const saved = page.waitForResponse(isCall('POST', /^\/api\/change-salary$/));
    await salary.fill('21500');
    expect((await saved).status()).toBe(200);

    await page.goto('/pills');
    await ui.heading(page, 'Витратні матеріали').waitFor();
    const row = ui.pillsRow(page, GEL);
    await row.getByRole('button', { name: `Редагувати «${GEL}»`, exact: true }).click();
    const dialog = ui.dialog(page, 'Редагувати матеріал');
    await dialog.getByLabel('Ціна за одиницю, грн', exact).fill('0,41');
    const updated = page.waitForResponse(isCall('PUT', /\/pills\/\d+$/));
    await dialog.getByRole('button', { name: 'Зберегти', exact: true }).click();
    expect((await updated).status()).toBe(200);
    await dialog.waitFor({ state: 'hidden' });
  });

  test('previews the new tariffs with the changes in words, at 1366 and 390 px', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/orders');
    const card = ordersUi.card(page, ORDER_NAME);
    await ui.reprice(card).click();
    const dialog = ui.repriceDialog(page);
    const changes = ui.changes(dialog);
    await changes.waitFor();
    const text = (await dialog.innerText()).replace(/[\u00a0\u202f]/g, ' ');
    // 243.34 / 279.84 before; the doctor 21 500 and the gel 0.41: 254.87 / 293.10 (docs/methodology.md).
    expect(text).toContain('243,34');
    expect(text).toContain('279,84');
    expect(text).toContain('254,87');
    expect(text).toContain('293,10');
    expect(text).toMatch(/оклад 20 000,00 → 21 500,00 грн/);
    expect(text).toContain(`${GEL}: 0,34 → 0,41 грн/мл`);
    await mkdir(ARTIFACTS_DIR, { recursive: true });
    await page.screenshot({
      path: join(ARTIFACTS_DIR, 'reprice-preview-1366.png'),
      fullPage: true,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await changes.waitFor();
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'reprice-preview-390.png') });
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  test('confirms once (a double click makes one revision) and lands in the wizard', async () => {
    const dialog = ui.repriceDialog(page);
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/orders/${identifier}/reprice`))
        posts += 1;
    });
    const answered = page.waitForResponse(isCall('POST', /\/reprice$/));
    await ui.repriceConfirm(dialog).dblclick();
    expect((await answered).status()).toBe(200);
    await flows.waitForPath(page, `/orders/create/${identifier}`);
    await ui.wizardHeading(page).waitFor();
    await page.getByText(/^Редакція 2: дані оновлено/).waitFor();
    expect(posts).toBe(1);
  });

  test('calculates the new revision', async () => {
    await ui.calculate(page).click();
    const dialog = ui.calculateDialog(page);
    const calculated = page.waitForResponse(isCall('POST', /^\/api\/calculations\/calculate$/));
    await dialog.getByRole('button', { name: 'Так, підтверджую', exact: true }).click();
    expect((await calculated).status()).toBe(200);
    await flows.waitForPath(page, '/orders');
  });

  test('lists the revisions and downloads «Порівняння тарифів» as a PDF that says what changed', async () => {
    const card = ordersUi.card(page, ORDER_NAME);
    const revisions = ui.revisions(card);
    await revisions.getByText(/^Редакції: 1 — погоджена \d\d\.\d\d\.\d{4}; 2 — /).waitFor();
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'reprice-card-1366.png'), fullPage: true });

    const pdf = page.waitForResponse(isCall('POST', /^\/api\/orders\/pdf$/));
    await revisions.getByRole('button', { name: 'Порівняння тарифів (PDF)', exact: true }).click();
    const response = await pdf;
    expect(response.status()).toBe(200);
    const sent = JSON.parse(response.request().postData() ?? '{}') as BodyOf<
      typeof apiRoutes.orders.pdf
    >;
    expect(sent).toMatchObject({ file: 'comparison', identifier });
    expect(response.headers()['content-type']).toBe('application/pdf');
    // The browser turns the answer into a blob, whose bytes Playwright does not keep: the same request, sent
    // again from the page's session, gives the PDF to read.
    const bytes = await (await call(page, apiRoutes.orders.pdf, { body: sent })).body();
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], {
      input: bytes,
      encoding: 'utf8',
    }).replace(/[\u00a0 ]+/g, ' ');
    expect(text).toContain('Порівняння тарифів: редакція 1 → редакція 2');
    expect(text).toMatch(/279,84 293,10/);
    expect(text).toContain('+13,26');
    expect(text).toMatch(/оклад 20 000,00 → 21 500,00 грн/);
    expect(text).toContain(`${GEL}: 0,34 → 0,41 грн/мл`);
  });
});
