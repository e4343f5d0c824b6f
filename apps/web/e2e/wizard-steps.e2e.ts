import { execFileSync } from 'node:child_process';

import { apiRoutes, type OrderDetail } from '@medcalc/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';

import { screenshotAtWidths } from './support/browser';
import * as flows from './support/flows';
import { adminEnv, startJourney, test } from './support/journey';
import { dropdownOption, exact, loginUi, ordersUi, wizardUi } from './support/ui';

// Issue 23 §1 in Debian's chromium against the real server, beside wizard-guards.e2e.ts (the double clicks): the
// administrator's landing page, Back/Forward between the wizard's steps, a rejected quantity shown as «—» in its
// line and the totals, 2,5 мл stored, calculated and printed (pdftotext), and a material swapped for one in
// another unit.

const stamp = flows.uniqueStamp();
const admin = flows.adminCredentials(stamp);
const user = flows.newCompanyUser(stamp, 'Оксана Крокова', `Клініка кроків ${stamp}`);
const ORDER_NAME = `Кроки e2e ${stamp}`;
const { TEMPLATE_SERVICE: SERVICE, TEMPLATE_CATEGORY: CATEGORY } = flows;
/** The template's fifth material: 5 мл at 0,18 грн. */
const ANTISEPTIC = 'Антисептик для рук спиртовий';
const ANTISEPTIC_LINE = 5;
/** A material of the template in another unit than мл. */
const GLOVES = 'Рукавички оглядові нітрилові нестерильні';

let page: Page;
/** The administrator's window, opened by the first step. */
let adminPage: Page;
let identifier = '';
/** The order duplicated for the unit swap, which the copy's notices then use (issue 33). */
let copy = '';

startJourney({ serverEnv: adminEnv(admin), takePage: (first) => (page = first) });

const service = () => wizardUi.service(page, SERVICE);
const materialLine = (number: number) => wizardUi.materialLine(service(), SERVICE, number);
const figure = wizardUi.lineFigure;
const textOf = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();
const materialsTotal = () => service().getByText(/^Вартість матеріалів:/);

const openStep = (number: number, title: string) => flows.openWizardStep(page, number, title);

const screenshot = (on: Page, name: string) => screenshotAtWidths(on, `wizard-steps-${name}`);

describe('the wizard guards the economist’s numbers (issue 23 §1)', () => {
  test('the administrator lands on the admin panel after signing in', async ({ openWindow }) => {
    adminPage = (await openWindow()).page;
    await flows.fillLoginForm(adminPage, admin);
    await loginUi.submit(adminPage).click();
    await flows.waitForPath(adminPage, '/admin-panel/orders');
    await adminPage
      .getByRole('heading', { level: 1, name: 'Адміністрування', exact: true })
      .waitFor();
    await screenshot(adminPage, 'admin-landing');
  });

  test('a paid order of the worked example opens in the wizard', async () => {
    await flows.registerWithWorkedExample(page, user);
    await flows.startTemplateOrder(page, ORDER_NAME, CATEGORY, SERVICE);
    identifier = await flows.confirmNewOrder(page);
    await flows.markOrderPaid(adminPage, identifier);
    await page.goto('/orders');
    await ordersUi.open(ordersUi.card(page, ORDER_NAME), ORDER_NAME).click();
    await wizardUi.heading(page).waitFor();
  });

  test('Back and Forward move between the wizard’s steps', async () => {
    await openStep(3, 'Витрати матеріалів');
    expect(new URL(page.url()).searchParams.get('step')).toBe('3');
    await openStep(2, 'Витрати часу');
    expect(new URL(page.url()).searchParams.get('step')).toBe('2');

    await page.goBack();
    await wizardUi.activeStep(page, 3, 'Витрати матеріалів').waitFor({ state: 'visible' });
    expect(new URL(page.url()).searchParams.get('step')).toBe('3');
    await page.goForward();
    await wizardUi.activeStep(page, 2, 'Витрати часу').waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe(`/orders/create/${identifier}`);
  });

  test('a quantity that is refused shows «—» in its line and in the total', async () => {
    await openStep(3, 'Витрати матеріалів');
    const line = materialLine(ANTISEPTIC_LINE);
    await line.waitFor({ state: 'visible' });
    expect(await textOf(line)).toContain(ANTISEPTIC);
    await line.getByLabel('Витрата', exact).fill('2,5555');
    await expect.poll(() => textOf(figure(line, 'cost'))).toBe('—');
    await expect.poll(() => textOf(materialsTotal())).toBe('Вартість матеріалів: — грн');
    await screenshot(page, 'refused-quantity');
  });

  test('2,5 мл is stored, calculated and printed', async () => {
    const line = materialLine(ANTISEPTIC_LINE);
    await line.getByLabel('Витрата', exact).fill('2,5');
    // 0,18 грн × 2,5 = 0,45 грн.
    await expect.poll(() => textOf(figure(line, 'cost'))).toBe('0,45');

    await flows.calculateOrder(page);

    const detail = (await flows.api(page, apiRoutes.orders.detail, {
      params: { identifier },
    })) as OrderDetail;
    const [stored] = Object.values(detail.calculations).flat();
    const antiseptic = stored?.calculation.pills.find((pill) => pill.name === ANTISEPTIC);
    expect(antiseptic?.spend).toBe(2.5);

    const pdf = await flows.call(page, apiRoutes.orders.pdf, {
      body: {
        identifier,
        file: 'calculation',
        calculationId: stored?.id,
      },
    });
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], {
      input: await pdf.body(),
    }).toString('utf8');
    const printed = text.split('\n').find((row) => row.includes(ANTISEPTIC)) ?? '';
    expect(printed).toMatch(/\b2,5\b/);
    expect(printed).toMatch(/\b0,45\b/);
  });

  test('a material swapped for one in another unit has its quantity cleared or marked', async () => {
    const duplicate = await flows.api(page, apiRoutes.orders.duplicate, { body: { identifier } });
    copy = (duplicate as { identifier?: string }).identifier ?? '';
    expect(copy).not.toBe('');
    await flows.markOrderPaid(adminPage, copy);
    await page.goto(`/orders/create/${copy}?step=3`);
    const line = materialLine(ANTISEPTIC_LINE);
    await line.waitFor({ state: 'visible' });
    const unitBefore = await textOf(figure(line, 'unit'));

    await flows.choose(
      page,
      line.getByLabel('Матеріал', exact),
      GLOVES,
      line.getByTitle(GLOVES, { exact: true }),
      GLOVES,
    );
    await expect.poll(() => textOf(figure(line, 'unit'))).not.toBe(unitBefore);
    const spend = await line.getByLabel('Витрата', exact).inputValue();
    const marked = await line.getByText(/Перевірте кількість/).count();
    expect(spend === '' || marked > 0).toBe(true);
    await expect.poll(() => textOf(figure(line, 'cost'))).toBe('—');
    await screenshot(page, 'unit-swap');
  });

  test('steps 1 and 4 edit the order’s copy; what differs is saved to the institution’s data on request', async () => {
    const notice = (title: string) => page.getByRole('note').filter({ hasText: title });
    const confirm = async (action: string, question: string, done: string) => {
      await page.getByRole('button', { name: action, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: question, exact: true });
      await dialog.getByRole('button', { name: 'Так, зберегти', exact: true }).click();
      await page.getByText(done, exact).waitFor();
      await page.getByRole('button', { name: action, exact: true }).waitFor({ state: 'detached' });
    };
    const me = (await flows.api(page, apiRoutes.session.currentUser)) as {
      companyIdentifier: string;
    };
    const OWN = `Серветки власні e2e ${stamp}`;
    await flows.api(page, apiRoutes.pills.create, {
      params: { companyIdentifier: me.companyIdentifier },
      body: {
        name: OWN,
        measurementType: 'шт',
        price: 12,
      },
    });

    // The swapped line gets its quantity, so the draft is stored; the page opens again to read the new material.
    await materialLine(ANTISEPTIC_LINE).getByLabel('Витрата', exact).fill('2');
    await page.getByRole('button', { name: 'Зберегти', exact: true }).click();
    await page.getByText(/^Збережено о /).waitFor();
    await page.goto(`/orders/create/${copy}?step=3`);

    // Step 3: a line takes the institution's own material (the dropdown's «Власні» tab), so step 4 lists it.
    const line = materialLine(4);
    await line.getByLabel('Матеріал', exact).click();
    await page
      .locator('.ant-select-dropdown:visible')
      .getByRole('tab', { name: 'Власні', exact: true })
      .click();
    await dropdownOption(page, OWN).click();
    await line.getByTitle(OWN, exact).waitFor();

    await openStep(1, 'Дані закладу');
    await notice('Дані закладу в цьому замовленні — його власна копія').waitFor();
    const address = `м. Тернопіль, вул. Копії, ${stamp}`;
    await wizardUi.institutionField(page, 'Адреса').fill(address);
    await page.getByText('Відрізняється від даних закладу: 1.', exact).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'copy-notice-step-1');
    await confirm(
      'Зберегти також у даних закладу',
      'Зберегти зміни також у даних закладу?',
      'Дані закладу оновлено (змінених значень: 1).',
    );

    await openStep(4, 'Прейскурант матеріалів');
    await notice('Ціни та одиниці тут — копія лише для цього замовлення').waitFor();
    await page.getByLabel(`Ціна за одиницю, грн: ${OWN}`, exact).fill('14,5');
    await page.getByLabel(`Ціна за одиницю, грн: ${GLOVES}`, exact).fill('9,99');
    await page.getByText('Відрізняється від матеріалів закладу: 1.', exact).waitFor();
    await page.getByText(/матеріал із довідника постачальника/).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'copy-notice-step-4');
    await confirm(
      'Зберегти також у матеріалах закладу',
      'Зберегти ціни також у матеріалах закладу?',
      'Матеріали закладу оновлено (змінених матеріалів: 1).',
    );
    const own = (await flows.api(page, apiRoutes.pills.ownList, {
      params: { companyIdentifier: me.companyIdentifier },
    })) as { name: string; price: number }[];
    expect(own.find((material) => material.name === OWN)?.price).toBe(14.5);

    // The institution data page shows the saved value (the wizard's own draft is stored as it goes).
    await page
      .getByRole('navigation', { name: 'Основна навігація' })
      .getByRole('link', { name: 'Дані закладу', exact: true })
      .click();
    const companyAddress = page
      .getByRole('form', { name: 'Дані закладу' })
      .getByLabel('Адреса', exact);
    await companyAddress.waitFor();
    expect(await companyAddress.inputValue()).toBe(address);
  });
});
