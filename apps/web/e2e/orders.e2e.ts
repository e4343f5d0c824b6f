import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';

import * as flows from './support/flows';
import { adminEnv, startJourney, test } from './support/journey';
import { adminOrdersUi, exact, orderCreateUi, ordersUi } from './support/ui';

// The order journey of spec §1/§2: a company user puts an order together from two templates and one
// blank row, sees it waiting for payment, the administrator marks it paid, and the user can then open it.
// The payment gate is checked on both sides: the hint in the list and the server's 403 on the order page.

// ---------------------------------------------------------------------------------------------------
// Selectors of this journey's own screens; the account and orders screens' are in support/ui.ts.
// ---------------------------------------------------------------------------------------------------
const ui = {
  orders: {
    ...ordersUi,
    paymentHint: (page: Page) => page.getByRole('dialog').filter({ hasText: 'очікує оплати' }),
  },
  create: {
    ...orderCreateUi,
    category: (page: Page, name: string) =>
      page.getByRole('button', { name: new RegExp(`^${name}`) }),
    visibleCheckboxes: (page: Page) =>
      page.getByRole('tabpanel').locator('label.ant-checkbox-wrapper'),
    // antd renders the open dropdown's options as divs titled with their label.
    categoryOption: (page: Page, label: string) =>
      page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`),
  },
  admin: adminOrdersUi,
  order: {
    heading: (page: Page) =>
      page.getByRole('heading', { level: 1, name: 'Розрахувати нові послуги', exact: true }),
    refusal: (page: Page) => page.getByText('Замовлення ще недоступне', exact),
    // The wizard's five-step header (spec §2 "Wizard"); a step is opened by clicking its title.
    wizardSteps: (page: Page) => page.getByRole('navigation', { name: 'Кроки розрахунку' }),
    step: (page: Page, title: string) => page.locator('.ant-steps-item', { hasText: title }),
  },
};

// ---------------------------------------------------------------------------------------------------

const stamp = flows.uniqueStamp();
const admin = flows.adminCredentials(stamp);
const user = flows.newCompanyUser(stamp, 'Ірина Замовниця', 'Клініка «Замовлення» e2e');
const orderName = `Замовлення e2e ${stamp}`;
const blankRow = { name: 'Масаж спини e2e', category: 'Фізіотерапія та масаж' };
const TEMPLATE_CATEGORY = 'Лабораторні дослідження';

let page: Page;
let orderIdentifier = '';
let templateNames: string[] = [];

startJourney({ serverEnv: adminEnv(admin), takePage: (first) => (page = first) });

describe('order journey', () => {
  test('registers a company user', async () => {
    await flows.registerCompanyUser(page, user);
  });

  test('creates an order from two templates and one blank row', async () => {
    await flows.startNewOrder(page, orderName);
    await ui.create.category(page, TEMPLATE_CATEGORY).click();
    const checkboxes = ui.create.visibleCheckboxes(page);
    await checkboxes.nth(1).waitFor({ state: 'visible' });
    templateNames = [
      (await checkboxes.nth(0).innerText()).trim(),
      (await checkboxes.nth(1).innerText()).trim(),
    ];
    await checkboxes.nth(0).click();
    await checkboxes.nth(1).click();

    await ui.create.addBlank(page).click();
    const rows = ui.create.rows(page);
    await rows.nth(2).waitFor({ state: 'visible' });
    expect(await rows.count()).toBe(3);
    expect(await ui.create.rowName(rows.nth(0)).inputValue()).toBe(templateNames[0]);
    expect(await ui.create.rowName(rows.nth(1)).inputValue()).toBe(templateNames[1]);

    const blank = rows.nth(2);
    await ui.create.rowName(blank).fill(blankRow.name);
    await ui.create.rowCategory(blank).click();
    await ui.create.categoryOption(page, blankRow.category).click();
    await blank.getByTitle(blankRow.category, { exact: true }).waitFor({ state: 'visible' });

    expect((await ui.create.total(page).innerText()).replace(/\s+/g, ' ')).toBe(
      'До сплати: 240 грн × 3 = 720 грн',
    );

    orderIdentifier = await flows.confirmNewOrder(page);
  });

  test('lists the order as created and only explains the payment wait', async () => {
    const card = ui.orders.card(page, orderName);
    await card.waitFor({ state: 'visible' });
    expect((await ui.orders.currentStatus(card).innerText()).trim()).toBe(
      'Заявку на оплату сформовано',
    );

    await ui.orders.open(card, orderName).click();
    await ui.orders.paymentHint(page).waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/orders');

    // The server holds the same gate: the order page shows its refusal, not the order.
    await page.goto(`/orders/create/${orderIdentifier}`);
    await ui.order.refusal(page).waitFor({ state: 'visible' });
    expect(await ui.order.wizardSteps(page).isVisible()).toBe(false);
  });

  test('the administrator marks the order paid', async ({ openWindow }) => {
    const { page: adminPage } = await openWindow(admin);

    await adminPage.goto(ui.admin.path);
    const row = ui.admin.row(adminPage, orderIdentifier);
    await row.waitFor({ state: 'visible' });
    expect(await row.innerText()).toContain(user.company);
    // The whole table fits the 1280 px screen: 'Оновлено' and 'Дії' are in view without scrolling sideways.
    const viewportWidth = adminPage.viewportSize()?.width ?? 0;
    for (const header of ['Оновлено', 'Дії']) {
      const box = await adminPage
        .getByRole('columnheader', { name: header, exact: true })
        .boundingBox();
      expect(box, header).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), header).toBeLessThanOrEqual(viewportWidth);
    }
    expect(await ui.admin.isPressed(ui.admin.statusButton(row, 'Створено'))).toBe(true);

    await flows.markOrderPaid(adminPage, orderIdentifier);
    expect(await ui.admin.isPressed(ui.admin.statusButton(row, 'Створено'))).toBe(false);
  });

  test('the user then opens the paid order', async () => {
    await page.goto('/orders');
    const card = ui.orders.card(page, orderName);
    await card.waitFor({ state: 'visible' });
    expect((await ui.orders.currentStatus(card).innerText()).trim()).toBe(
      'Оплачено, можна починати заповнення',
    );

    await ui.orders.open(card, orderName).click();
    await flows.waitForPath(page, `/orders/create/${orderIdentifier}`);
    await ui.order.heading(page).waitFor({ state: 'visible' });
    await ui.order.wizardSteps(page).waitFor({ state: 'visible' });
    expect(await ui.order.refusal(page).isVisible()).toBe(false);

    // Step 2 lists the order's services by category.
    await ui.order.step(page, 'Витрати часу').click();
    await page
      .getByRole('region', { name: `Послуга: ${blankRow.name}` })
      .waitFor({ state: 'visible' });

    const content = await page.locator('main').innerText();
    expect(content).toContain(orderName);
    for (const name of [...templateNames, blankRow.name]) expect(content).toContain(name);
    expect(content).toContain(TEMPLATE_CATEGORY);
    expect(content).toContain(blankRow.category);
  });
});
