import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

import { apiRoutes, WORKED_EXAMPLE_COMPANY_INFO, type BodyOf } from '@medcalc/domain';
import mammoth from 'mammoth';
import type { Page, Response } from 'playwright-core';
import { describe, expect } from 'vitest';

import { checkAtBothWidths, formatFindings } from './support/axe';
import { ARTIFACTS_DIR, screenshotAtWidths } from './support/browser';
import * as flows from './support/flows';
import { adminEnv, startJourney, test } from './support/journey';
import { exact, ordersUi, pageUi } from './support/ui';

// Issue 35 in Debian's chromium against the real server: the /company block «Затвердження тарифів» filled in and
// saved, the approval package of a calculated order downloaded from its card as Word and as PDF and read as text,
// the order approved, the founder's decision entered on the card, and the tariff history chart seen; screenshots at
// 1366 and 390 px; axe (WCAG 2.1 AA, serious and critical) on the block, the opened card section with its chart and
// the decision's modal at both widths, and no sideways scroll of the page at 390 px.

const stamp = flows.uniqueStamp();
const admin = flows.adminCredentials(stamp);
const user = flows.newCompanyUser(stamp, 'Оксана Економістка', `Лікарня затвердження ${stamp}`);
const ORDER_NAME = `Тарифи на затвердження ${stamp}`;
const INSTITUTION = { ...WORKED_EXAMPLE_COMPANY_INFO, name: 'КНП «Лікарня затвердження»' };
const PACKAGE = 'Пакет на затвердження тарифів';

let page: Page;
/** The administrator's window, opened by the first step. */
let adminPage: Page;
let identifier = '';
const { api, call } = flows;

const isCall = (method: string, path: RegExp) => (response: Response) =>
  response.request().method() === method && path.test(new URL(response.url()).pathname);

/** axe at 1366 and 390 px on the page (or inside `include`): no serious or critical WCAG 2.1 AA violation. */
async function expectAccessible(view: string, include?: string): Promise<void> {
  const findings = await checkAtBothWidths(page, view, include);
  expect(findings.length, `serious or critical WCAG violations:\n${formatFindings(findings)}`).toBe(
    0,
  );
}

/** At 390 px nothing sticks out sideways: the page has no horizontal scroll. */
async function expectNoSidewaysScrollAt390(): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  await page.setViewportSize({ width: 1366, height: 900 });
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Closes the toast saying `text`, which would cover the block in the screenshots. */
async function closeToast(text: string): Promise<void> {
  const toast = pageUi.toast(page, text);
  await toast.locator('.ant-notification-notice-close').click();
  await toast.waitFor({ state: 'hidden' });
}

startJourney({ serverEnv: adminEnv(admin), takePage: (first) => (page = first) });

describe('approving the tariffs («Затвердження тарифів»)', () => {
  test('a calculated order of the worked example', async ({ openWindow }) => {
    const company = await flows.registerCompany(page, user, INSTITUTION);
    identifier = await flows.placeTemplateOrder(page, company, ORDER_NAME, flows.TEMPLATE_SERVICE);
    adminPage = (await openWindow(admin)).page;
    await flows.setOrderStatus(adminPage, identifier, 'paid');
    const detail = (await api(page, apiRoutes.orders.detail, { params: { identifier } })) as {
      calculations: unknown;
      companyInfo: unknown;
    };
    await flows.calculateThroughApi(page, identifier, ORDER_NAME, detail);
  });

  test('stores the approval settings on /company', async () => {
    await page.goto('/company');
    const block = page.getByRole('form', { name: 'Затвердження тарифів' });
    await block.waitFor();
    await block
      .getByLabel('Повна назва органу', exact)
      .fill('Виконавчий комітет Тернопільської міської ради');
    await block.getByLabel('Місце прийняття (м. …)', exact).fill('м. Тернопіль');
    await block.getByLabel('Граничний норматив рентабельності, %', exact).fill('20');
    await block.getByLabel('Номер рішення про норматив', exact).fill('115');
    await block.getByLabel('Дата рішення про норматив', exact).fill('2025-03-14');
    await block
      .getByLabel('Економіст-виконавець (ПІБ) для пояснювальної записки', exact)
      .fill('Оксана Економістка');
    await block.getByLabel('Телефон економіста', exact).fill('0501234567');
    const saved = page.waitForResponse(isCall('PUT', /\/approval-settings$/));
    await block.getByRole('button', { name: 'Зберегти налаштування затвердження' }).click();
    expect((await saved).status()).toBe(200);
    // The toast closes itself after 5 s: read and close it before the slower checks (axe) below.
    await closeToast('Налаштування затвердження тарифів збережено.');
    await expect
      .poll(() => block.getByLabel('Телефон економіста', exact).inputValue())
      .toBe('+380 50 123 45 67');
    await expectAccessible('/company (Затвердження тарифів)');
    await expectNoSidewaysScrollAt390();
    await block.scrollIntoViewIfNeeded();
    await screenshotAtWidths(page, 'approval-settings');
    // The whole block at 390 px, its lower fields (the cap, the economist, Save) included.
    await page.setViewportSize({ width: 390, height: 844 });
    await block.screenshot({ path: join(ARTIFACTS_DIR, 'approval-settings-block-390.png') });
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  test('downloads the package from the card as Word and as PDF, both naming the decision and the tariff', async () => {
    await page.goto('/orders');
    const card = ordersUi.card(page, ORDER_NAME);
    await card.waitFor();
    const docx = page.waitForResponse(isCall('POST', /^\/api\/orders\/docx$/));
    await card.getByRole('button', { name: `${PACKAGE} (Word)`, exact: true }).click();
    const answer = await docx;
    expect(answer.status()).toBe(200);
    const sent = JSON.parse(answer.request().postData() ?? '{}') as BodyOf<
      typeof apiRoutes.orders.docx
    >;
    expect(sent).toMatchObject({ file: 'approval', identifier, withCostings: true });
    // The browser keeps the answer as a blob; the same request from the page's session gives the bytes to read.
    const bytes = await (await call(page, apiRoutes.orders.docx, { body: sent })).body();
    const text = (await mammoth.extractRawText({ buffer: bytes })).value.replace(/\s+/g, ' ');
    expect(text).toContain('ПРОЄКТ');
    expect(text).toContain(
      'Про встановлення тарифів на платні медичні послуги, що надаються КНП «Лікарня затвердження»',
    );
    expect(text).toContain('279,84');
    expect(text).toContain('20 % (рішення від 14.03.2025 № 115)');
    expect(text).toContain('Виконавець: Оксана Економістка, тел. +380 50 123 45 67');

    const pdf = page.waitForResponse(isCall('POST', /^\/api\/orders\/pdf$/));
    await card.getByRole('button', { name: `${PACKAGE} (PDF)`, exact: true }).click();
    expect((await pdf).status()).toBe(200);
    const pdfBytes = await (
      await call(page, apiRoutes.orders.pdf, { body: { ...sent, file: 'approval' } })
    ).body();
    const pdfText = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], {
      input: pdfBytes,
      encoding: 'utf8',
    }).replace(/\s+/g, ' ');
    expect(pdfText).toContain('Пояснювальна записка');
    expect(pdfText).toContain('279,84');
  });

  test('enters the founder’s decision once approved and shows it with the tariff history', async () => {
    await api(page, apiRoutes.orders.sendForApproval, { body: { identifier } });
    await flows.setOrderStatus(adminPage, identifier, 'agreed');
    await page.goto('/orders');
    const card = ordersUi.card(page, ORDER_NAME);
    await card
      .getByRole('button', { name: 'Рішення засновника та історія тарифів', exact: true })
      .click();
    await card.getByRole('button', { name: 'Внести рішення засновника', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Рішення засновника про тарифи (редакція 1)' });
    await dialog.waitFor();
    await dialog.evaluate((element) => element.setAttribute('data-a11y-open-dialog', ''));
    await expectAccessible('рішення засновника (модальне вікно)', '[data-a11y-open-dialog]');
    await dialog.getByLabel('Номер рішення (наказу)', exact).fill('15');
    await dialog.getByLabel('Дата рішення', exact).fill('2026-02-01');
    await dialog.getByLabel('Тарифи чинні з', exact).fill('2026-03-01');
    const recorded = page.waitForResponse(isCall('PUT', /\/approval$/));
    await dialog.getByRole('button', { name: 'Зберегти рішення', exact: true }).click();
    expect((await recorded).status()).toBe(200);
    await closeToast('Рішення про затвердження тарифів внесено.');
    await card
      .getByText(
        'Затверджено рішенням виконавчого комітету від 01.02.2026 № 15; тарифи чинні з 01.03.2026',
      )
      .waitFor();
    const history = card.getByRole('region', { name: 'Історія тарифів' });
    await history.waitFor();
    await history.locator('.recharts-surface').first().waitFor();
    await expectAccessible('/orders (рішення засновника та історія тарифів)');
    await expectNoSidewaysScrollAt390();
    await history.scrollIntoViewIfNeeded();
    await screenshotAtWidths(page, 'approval-card', { phoneHeight: 1600 });
  });
});
