import { apiRoutes } from '@medcalc/domain';
import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect } from 'vitest';

import { screenshotAtWidths } from './support/browser';
import * as flows from './support/flows';
import { adminEnv, startJourney, test } from './support/journey';
import { adminOrdersUi, orderCreateUi, ordersUi, wizardUi } from './support/ui';

// Issue 23 §1 "The wizard guards the economist's numbers", in Debian's chromium against the real server: a double
// click on every confirmation of a money- or data-changing action sends ONE request, counted on the network —
// placing an order, the administrator's «Оплачено», the wizard's «Розрахувати», «Створити на основі цього» and
// deleting an order.

const stamp = flows.uniqueStamp();
const admin = flows.adminCredentials(stamp);
const user = flows.newCompanyUser(stamp, 'Ірина Подвійна', `Клініка подвійного кліку ${stamp}`);
const ORDER_NAME = `Подвійний клік e2e ${stamp}`;
const { TEMPLATE_SERVICE: SERVICE, TEMPLATE_CATEGORY: CATEGORY } = flows;

let page: Page;
let identifier = '';

startJourney({ serverEnv: adminEnv(admin), takePage: (first) => (page = first) });

const { api } = flows;

/**
 * Double-clicks `button` and answers how many requests `matches` the page sent from the click until two seconds
 * after the first answer came (a second request would be on its way by then).
 */
async function requestsOfDoubleClick(
  on: Page,
  button: Locator,
  matches: (request: Request) => boolean,
): Promise<number> {
  let count = 0;
  const onRequest = (request: Request) => {
    if (matches(request)) count += 1;
  };
  on.on('request', onRequest);
  try {
    const answered = on.waitForResponse((response) => matches(response.request()), {
      timeout: 30_000,
    });
    await button.dblclick();
    await answered;
    await on.waitForTimeout(2_000);
    return count;
  } finally {
    on.off('request', onRequest);
  }
}

const screenshot = (name: string) => screenshotAtWidths(page, `wizard-guards-${name}`);

describe('a double click on a confirmation sends one request (issue 23)', () => {
  test('placing an order: one POST …/orders/add', async () => {
    await flows.registerWithWorkedExample(page, user);
    await flows.startTemplateOrder(page, ORDER_NAME, CATEGORY, SERVICE);
    const dialog = await flows.openOrderConfirmation(page);
    const added = await requestsOfDoubleClick(
      page,
      orderCreateUi.confirmYes(dialog),
      flows.isRequestTo('POST', /\/orders\/add$/),
    );
    expect(added).toBe(1);
    await flows.waitForPath(page, '/orders');
    const card = ordersUi.card(page, ORDER_NAME);
    await card.waitFor();
    const orders = (await api(page, apiRoutes.orders.list)) as Array<{
      identifier: string;
      name: string;
    }>;
    const mine = orders.filter((order) => order.name === ORDER_NAME);
    expect(mine).toHaveLength(1);
    identifier = mine[0]?.identifier ?? '';
  });

  test('the administrator’s «Оплачено»: one PATCH change-status', async ({ openWindow }) => {
    const { page: adminPage } = await openWindow(admin);
    await adminPage.goto(adminOrdersUi.path);
    const row = adminOrdersUi.row(adminPage, identifier);
    await row.waitFor();
    await adminOrdersUi.statusButton(row, 'Оплачено').click();
    const changes = await requestsOfDoubleClick(
      adminPage,
      adminOrdersUi.confirmStatus(adminPage),
      flows.isRequestTo('PATCH', /\/change-status$/),
    );
    expect(changes).toBe(1);
    await expect
      .poll(() => adminOrdersUi.isPressed(adminOrdersUi.statusButton(row, 'Оплачено')))
      .toBe(true);
  });

  test('the wizard’s «Розрахувати»: one POST /api/calculations/calculate', async () => {
    await page.goto('/orders');
    const card = ordersUi.card(page, ORDER_NAME);
    await ordersUi.open(card, ORDER_NAME).click();
    await wizardUi.heading(page).waitFor();
    const dialog = await flows.openCalculateQuestion(page);
    await screenshot('calculate-question');
    const calculated = await requestsOfDoubleClick(
      page,
      wizardUi.calculateYes(dialog),
      flows.isRequestTo('POST', /^\/api\/calculations\/calculate$/),
    );
    expect(calculated).toBe(1);
    await flows.waitForPath(page, '/orders');
    await expect
      .poll(() => ordersUi.currentStatus(ordersUi.card(page, ORDER_NAME)).innerText())
      .toMatch(/Розраховано/);
  });

  test('«Створити на основі цього»: one POST /api/orders/duplicate', async () => {
    const card = ordersUi.card(page, ORDER_NAME);
    await card.getByRole('button', { name: /^Створити на основі цього/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Створити нове замовлення на основі цього?' });
    await dialog.waitFor();
    const duplicated = await requestsOfDoubleClick(
      page,
      dialog.getByRole('button', { name: 'Так, підтверджую', exact: true }),
      flows.isRequestTo('POST', /^\/api\/orders\/duplicate$/),
    );
    expect(duplicated).toBe(1);
    await dialog.waitFor({ state: 'hidden' });
  });

  test('deleting an order: one DELETE /api/orders/{identifier}', async () => {
    const card = ordersUi.card(page, ORDER_NAME);
    await card.getByRole('button', { name: 'Видалити', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Видалити оплачене замовлення?' });
    await dialog.waitFor();
    await screenshot('delete-question');
    const deleted = await requestsOfDoubleClick(
      page,
      dialog.getByRole('button', { name: 'Так, видалити', exact: true }),
      flows.isRequestTo('DELETE', new RegExp(`^/api/orders/${identifier}$`)),
    );
    expect(deleted).toBe(1);
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => ordersUi.card(page, ORDER_NAME).count()).toBeLessThanOrEqual(1);
  });
});
