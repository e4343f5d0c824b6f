import type { Locator, Page } from 'playwright-core';
import { WIZARD_VERSION_CHANGED_MESSAGE } from '@medcalc/domain';
import { describe, expect } from 'vitest';

import { type A11yFinding, checkAtBothWidths, checkPage, formatFindings } from './support/axe';
import * as flows from './support/flows';
import { adminEnv, startJourney, test } from './support/journey';
import { accountMenuUi, adminOrdersUi, orderCreateUi, ordersUi, wizardUi } from './support/ui';

// Issue 21 §1: WCAG 2.1 AA. axe-core's WCAG 2.0/2.1 A and AA rules on every route of spec §2 signed out, as a
// company user and as the administrator, on the wizard's first and last step and with the pages' and the wizard's
// modals open, each at 1366×900 and 390×844. A serious or critical violation fails the step, naming the rule and
// the elements' selectors. One server, one chromium; each page is opened once and checked at both widths.

const stamp = flows.uniqueStamp();
const admin = flows.adminCredentials(stamp);
const user = flows.newCompanyUser(stamp, 'Ірина Доступна', 'Клініка «Доступність» e2e');
const orderName = `Доступність e2e ${stamp}`;
const SERVICE = 'Консультація лікаря e2e';
const CATEGORY = flows.TEMPLATE_CATEGORY;
/** The wizard's save call (autosave and «Зберегти»). */
const SAVE_CALL = '**/api/calculations/save';

/**
 * The company user's pages after /orders, in the order they are checked, each with the «add» dialog it opens (its
 * button's name and the view's name in the findings), where it has one.
 */
const COMPANY_PAGES: { path: string; add?: { button: string; view: string } }[] = [
  { path: '/orders/create_order' },
  { path: '/calculations' },
  { path: '/company' },
  { path: '/staff', add: { button: 'Додати посаду', view: 'new staff rate' } },
  { path: '/pills', add: { button: 'Додати', view: 'new material' } },
  // Issue 38: the equipment register and its form (with the cost of one minute).
  { path: '/equipment', add: { button: 'Додати обладнання', view: 'new equipment' } },
  // Issue 22: the team (the owner's invite form, members table and leave section) and the activity log.
  { path: '/members' },
  { path: '/activity' },
  // Issue 33: the account menu's «Профіль» and «Оплата».
  { path: '/profile' },
  { path: '/payments' },
  { path: '/measurements', add: { button: 'Додати', view: 'new unit' } },
];

let page: Page;
let orderIdentifier = '';

/** Every finding of the run, by step, for the summary printed at the end. */
const counted = new Map<string, number>();

startJourney({ serverEnv: adminEnv(admin), takePage: (first) => (page = first) });

/**
 * Waits until a page has drawn its content: its heading (or the fallback page's title) is there and no skeleton or loading spinner is left
 * (axe on a skeleton checks nothing the user will read).
 */
async function pageDrawn(target: Page): Promise<void> {
  await target.locator('h1, .ant-result-title').first().waitFor({ state: 'visible' });
  await expect
    .poll(() => target.locator('.ant-skeleton, .ant-spin-spinning').count(), { timeout: 15_000 })
    .toBe(0);
}

/** Opens `path` and checks it at both widths. */
async function checkRoute(target: Page, path: string, view = path): Promise<A11yFinding[]> {
  await target.goto(path);
  await pageDrawn(target);
  return checkAtBothWidths(target, view);
}

/** Marks the open dialog for {@link checkAtBothWidths}' `include` (axe takes a selector). */
const OPEN_DIALOG = '[data-a11y-open-dialog]';

/**
 * Opens a dialog (a modal or a drawer, both role=dialog) with `opener`, checks it (the page behind it has its own
 * view) at both widths, or at the phone's only (`phoneOnly`: the sections drawer exists there alone), and closes
 * it with Escape.
 */
async function checkDialog(
  target: Page,
  opener: Locator,
  view: string,
  { phoneOnly = false } = {},
): Promise<A11yFinding[]> {
  await opener.click();
  const dialog = target.getByRole('dialog').last();
  await dialog.waitFor({ state: 'visible' });
  await dialog.evaluate((element) => element.setAttribute('data-a11y-open-dialog', ''));
  const findings = phoneOnly
    ? await checkPage(target, `${view} @390`, OPEN_DIALOG)
    : await checkAtBothWidths(target, view, OPEN_DIALOG);
  await dialog.evaluate((element) => element.removeAttribute('data-a11y-open-dialog'));
  await target.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  return findings;
}

/** The open account menu (antd Dropdown), checked on its own like a dialog. */
const OPEN_MENU = '.ant-dropdown:not(.ant-dropdown-hidden)';

/** Fails the step on any finding, listing each with its rule id and selectors; counts them for the summary. */
function expectNone(step: string, findings: readonly A11yFinding[]): void {
  counted.set(step, findings.length);
  expect(findings.length, `serious or critical WCAG violations:\n${formatFindings(findings)}`).toBe(
    0,
  );
}

/** Page views checked (each at two widths), for the summary line. */
let views = 0;
async function collect(
  findings: A11yFinding[],
  check: () => Promise<A11yFinding[]>,
): Promise<void> {
  findings.push(...(await check()));
  views += 2;
}

describe('accessibility (WCAG 2.1 AA, axe-core)', () => {
  test('signed out: landing, sign-in, registration, password pages and the fallback page', async () => {
    const findings: A11yFinding[] = [];
    for (const path of [
      '/',
      '/login',
      '/Registration',
      '/forgot-password',
      `/password/reset/a11y-token?email=${encodeURIComponent(user.email)}`,
      '/no-such-page',
      // Issue 22: an invitation link that is not known (the page says so in place).
      '/invitations/a11y-unknown-token',
    ]) {
      await collect(findings, () => checkRoute(page, path, path.replace(/\?.*$/, '')));
    }
    // The phone's sections drawer, open (the header is the same on every page).
    await page.goto('/login');
    await pageDrawn(page);
    await page.setViewportSize({ width: 390, height: 844 });
    findings.push(
      ...(await checkDialog(
        page,
        page.getByRole('button', { name: 'Меню розділів', exact: true }),
        'sections drawer',
        { phoneOnly: true },
      )),
    );
    views += 1;
    expectNone('signed out', findings);
  }, 180_000);

  test('a company user orders a service: the create-order page and its confirmation', async () => {
    await flows.registerCompanyUser(page, user);
    await flows.startNewOrder(page, orderName);
    await flows.addBlankService(page, SERVICE, CATEGORY);
    const findings: A11yFinding[] = [];
    await collect(findings, () => checkAtBothWidths(page, '/orders/create_order (one service)'));
    await collect(findings, () =>
      checkDialog(page, orderCreateUi.confirm(page), 'create-order confirmation'),
    );
    orderIdentifier = await flows.confirmNewOrder(page);
    expectNone('create order', findings);
  }, 120_000);

  test('the administrator: every admin tab, the order drawer and the account menu', async ({
    openWindow,
  }) => {
    const { context: adminWindow, page: adminPage } = await openWindow(admin);
    const findings: A11yFinding[] = [];
    for (const tab of [
      'orders',
      'calculations',
      'users',
      'templates',
      'pills',
      'measurements',
      'equipment',
    ]) {
      await collect(findings, () => checkRoute(adminPage, `/admin-panel/${tab}`));
    }
    await adminPage.goto(adminOrdersUi.path);
    await pageDrawn(adminPage);
    const orderRow = adminOrdersUi.row(adminPage, orderIdentifier);
    await orderRow.waitFor({ state: 'visible' });
    await collect(findings, () =>
      checkDialog(
        adminPage,
        adminPage.getByRole('button', {
          name: `Відкрити замовлення ${orderIdentifier}`,
          exact: true,
        }),
        'admin order drawer',
      ),
    );
    await accountMenuUi.open(adminPage).click();
    await accountMenuUi.logout(adminPage).waitFor({ state: 'visible' });
    await collect(findings, () => checkAtBothWidths(adminPage, 'account menu (admin)', OPEN_MENU));
    await adminPage.keyboard.press('Escape');

    // Marks the order paid, so the company user's wizard opens.
    await flows.markOrderPaid(adminPage, orderIdentifier);
    await adminWindow.close();
    expectNone('administrator', findings);
  }, 180_000);

  test('a company user: every page of the spec and their modals', async () => {
    const findings: A11yFinding[] = [];
    await collect(findings, () => checkRoute(page, '/orders'));
    const card = ordersUi.card(page, orderName);
    await card.waitFor({ state: 'visible' });
    await collect(findings, () =>
      checkDialog(
        page,
        card.getByRole('button', { name: 'Видалити', exact: true }),
        'delete order',
      ),
    );
    await collect(findings, () =>
      checkDialog(page, card.getByRole('button', { name: /на основі цього/ }), 'duplicate order'),
    );
    for (const { path, add } of COMPANY_PAGES) {
      await collect(findings, () => checkRoute(page, path));
      if (add === undefined) continue;
      const opener = page.getByRole('button', { name: add.button, exact: true });
      await collect(findings, () => checkDialog(page, opener, add.view));
    }
    await accountMenuUi.open(page).click();
    await accountMenuUi.logout(page).waitFor({ state: 'visible' });
    await collect(findings, () => checkAtBothWidths(page, 'account menu (user)', OPEN_MENU));
    await page.keyboard.press('Escape');
    expectNone('company user', findings);
  }, 240_000);

  test("the wizard's first and last step and its confirmation", async () => {
    const findings: A11yFinding[] = [];
    await page.goto(`/orders/create/${orderIdentifier}`);
    await wizardUi.heading(page).waitFor({ state: 'visible' });
    await wizardUi.activeStep(page, 1, 'Дані закладу').waitFor({ state: 'visible' });
    await pageDrawn(page);
    await collect(findings, () => checkAtBothWidths(page, 'wizard step 1'));

    await wizardUi.step(page, 'Рентабельність').click();
    await wizardUi.activeStep(page, 5, 'Рентабельність').waitFor({ state: 'visible' });
    await pageDrawn(page);
    await collect(findings, () => checkAtBothWidths(page, 'wizard step 5'));
    await collect(findings, () =>
      checkDialog(page, wizardUi.calculate(page), 'wizard calculate confirmation'),
    );
    expectNone('wizard', findings);
  }, 120_000);

  test('the wizard with an unsaved change, and the version-conflict modal', async () => {
    const findings: A11yFinding[] = [];
    await page.goto(`/orders/create/${orderIdentifier}`);
    const address = wizardUi.institutionField(page, 'Адреса');
    await address.waitFor({ state: 'visible' });
    await pageDrawn(page);
    // The save state's text («Є незбережені зміни») beside the order's name, before autosave starts.
    await address.fill('м. Київ, вул. Контрастна, 1');
    await page.getByText('Є незбережені зміни').waitFor();
    await collect(findings, () => checkAtBothWidths(page, 'wizard with an unsaved change'));

    // The order saved elsewhere meanwhile: the save is answered as the server answers a stale version (409 with its
    // message), and the wizard asks which version to keep.
    await page.route(SAVE_CALL, (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ message: WIZARD_VERSION_CHANGED_MESSAGE, code: 'VERSION_CONFLICT' }),
      }),
    );
    await address.fill('м. Київ, вул. Контрастна, 2');
    const conflict = page.getByRole('dialog', { name: 'Замовлення змінено деінде' });
    await conflict.waitFor({ state: 'visible', timeout: 30_000 });
    await pageDrawn(page);
    await conflict.evaluate((element) => element.setAttribute('data-a11y-open-dialog', ''));
    await collect(findings, () =>
      checkAtBothWidths(page, 'wizard version-conflict modal', OPEN_DIALOG),
    );
    await conflict.evaluate((element) => element.removeAttribute('data-a11y-open-dialog'));
    await page.unroute(SAVE_CALL);
    // Keep the user's change: saved over the newer version, the modal closes.
    await conflict.getByRole('button', { name: 'Залишити мої зміни', exact: true }).click();
    await conflict.waitFor({ state: 'hidden', timeout: 30_000 });
    expectNone('wizard save states', findings);
  }, 180_000);

  test('summary', () => {
    const total = [...counted.values()].reduce((sum, count) => sum + count, 0);
    console.log(
      `[a11y] ${views} page views checked; serious or critical violations: ${total} ` +
        `(${[...counted].map(([step, count]) => `${step}: ${count}`).join(', ')})`,
    );
    expect(total).toBe(0);
  });
});
