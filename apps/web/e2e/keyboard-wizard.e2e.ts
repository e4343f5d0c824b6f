import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect } from 'vitest';

import * as flows from './support/flows';
import { adminEnv, startJourney, test } from './support/journey';
import { exact, ordersUi, wizardUi } from './support/ui';

// Issue 21 §1: the wizard can be done with the keyboard alone. A company user's paid order (set up through the
// UI with the mouse) is then opened, filled and calculated by a user who, once signed in, only presses keys
// (Tab, Shift+Tab, Enter, Space, arrows, typing): no click, no fill(), no focus() from the test. Every stop of the
// Tab key must show where the focus is (WCAG 2.4.7 "Focus Visible").

const stamp = flows.uniqueStamp();
const admin = flows.adminCredentials(stamp);
const user = flows.newCompanyUser(stamp, 'Тарас Клавіатурний', 'Клініка «Клавіатура» e2e');
const orderName = `Клавіатура e2e ${stamp}`;
const SERVICE = 'Огляд без миші e2e';
const CATEGORY = flows.TEMPLATE_CATEGORY;

/** Step 1: what the final Calculate needs of the institution (domain `validateForCalculation`), by label. */
const INSTITUTION: readonly (readonly [label: string, typed: string])[] = [
  ['Фонд оплати праці медичного персоналу', '14400000'],
  ['Площа приміщень для надання медичних послуг', '2400'],
  ['Площа палат для пацієнтів', '3000'],
  ['Площа харчоблоку та їдальні', '400'],
  ['Ставка ЄСВ, %', '22'],
];
const NURSE = 'Сестра медична, без категорії, немає';

let page: Page;
/** The window of the user who presses keys only, opened by the first of its steps. */
let target: Page;
let orderIdentifier = '';

startJourney({ serverEnv: adminEnv(admin), takePage: (first) => (page = first) });

/** Whether `target` holds the focus (a control or, for antd's widgets, its inner input). */
const isFocused = (target: Locator) =>
  target.evaluate(
    (element) =>
      element === document.activeElement || element.contains(document.activeElement ?? null),
  );

/**
 * Whether the focused element is drawn with a focus indicator: an outline, or the ring (box-shadow) or border
 * colour antd gives a focused field, on the element or on the field's frame around it.
 */
const focusShown = (target: Page) =>
  target.evaluate(() => {
    const focused = document.activeElement;
    // An SVGElement too: step 5's cost chart is a tab stop (its keyboard layer moves the tooltip).
    if (
      !(focused instanceof HTMLElement || focused instanceof SVGElement) ||
      focused === document.body
    )
      return `nothing focused (${focused?.tagName ?? 'none'})`;
    const frames = [
      focused,
      focused.closest(
        '.ant-input-affix-wrapper, .ant-input-number, .ant-select, .ant-picker, .ant-checkbox-wrapper, .ant-radio-wrapper',
      ),
    ].filter((element): element is Element => element instanceof Element);
    for (const frame of frames) {
      const style = getComputedStyle(frame);
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) return 'shown';
      if (style.boxShadow !== 'none' && style.boxShadow !== '') return 'shown';
    }
    return `no focus indicator on ${focused.outerHTML.slice(0, 160)}`;
  });

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus (none if it has it already), at most `limit` times,
 * checking at every stop that the focus is visible.
 */
async function tabTo(target: Page, control: Locator, { back = false, limit = 80 } = {}) {
  if (await isFocused(control)) return;
  for (let presses = 1; presses <= limit; presses += 1) {
    await target.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    expect(await focusShown(target), `after ${presses} presses towards ${String(control)}`).toBe(
      'shown',
    );
    if (await isFocused(control)) return;
  }
  throw new Error(
    `${String(control)} not reached in ${limit} presses of ${back ? 'Shift+Tab' : 'Tab'}`,
  );
}

/** Selects what a field holds (Ctrl+A) and types `text` over it. */
async function typeOver(target: Page, text: string): Promise<void> {
  await target.keyboard.press('ControlOrMeta+A');
  await target.keyboard.type(text);
}

const isPost = (path: string) => (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname.endsWith(path);

const wizard = {
  ...wizardUi,
  service: (target: Page) => wizardUi.service(target, SERVICE),
  staffLine: (service: Locator, number: number) => wizardUi.staffLine(service, SERVICE, number),
};

/** Opens a wizard step from the step bar: Shift+Tab back up to it (the bar is above the step), then Enter. */
async function openStep(target: Page, number: number, title: string): Promise<void> {
  await tabTo(target, wizard.step(target, title), { back: true });
  await target.keyboard.press('Enter');
  await wizard.activeStep(target, number, title).waitFor({ state: 'visible' });
}

describe('the wizard with the keyboard alone', () => {
  test('set-up with the mouse: a company user orders one service, the administrator marks it paid', async ({
    signedIn,
  }) => {
    await flows.registerCompanyUser(page, user);
    await flows.startNewOrder(page, orderName);
    await flows.addBlankService(page, SERVICE, CATEGORY);
    orderIdentifier = await flows.confirmNewOrder(page);

    await signedIn(admin, (adminPage) => flows.markOrderPaid(adminPage, orderIdentifier));
  }, 120_000);

  test('signed in, the user opens the order from the list with Tab and Enter', async ({
    openWindow,
  }) => {
    target = (await openWindow()).page;
    await target.setViewportSize({ width: 1366, height: 900 });
    await flows.signIn(target, user);
    // From here on: keys only.
    const card = ordersUi.card(target, orderName);
    await card.waitFor({ state: 'visible' });
    await tabTo(target, ordersUi.open(card, orderName));
    await target.keyboard.press('Enter');
    await flows.waitForPath(target, `/orders/create/${orderIdentifier}`);
    await wizard.heading(target).waitFor({ state: 'visible' });
    await wizard.activeStep(target, 1, 'Дані закладу').waitFor({ state: 'visible' });
  });

  test('step 1: the institution figures, typed field after field', async () => {
    for (const [label, typed] of INSTITUTION) {
      const field = wizard.institutionField(target, label);
      await tabTo(target, field);
      await typeOver(target, typed);
    }
    await target.keyboard.press('Tab');
    expect(await wizard.institutionField(target, 'Ставка ЄСВ, %').inputValue()).toMatch(/^22/);
    expect(
      (await wizard.institutionField(target, INSTITUTION[0]?.[0] ?? '').inputValue()).replace(
        /\s/g,
        '',
      ),
    ).toBe('14400000,00');
  }, 90_000);

  test('step 2: a nurse for 30 minutes, chosen from the list with the arrow keys', async () => {
    await openStep(target, 2, 'Витрати часу');
    const service = wizard.service(target);
    await service.waitFor({ state: 'visible' });
    await tabTo(target, service.getByRole('button', { name: 'Додати витрати часу', exact: true }));
    await target.keyboard.press('Enter');
    const line = wizard.staffLine(service, 1);
    await line.waitFor({ state: 'visible' });

    // The new line is above the button: Shift+Tab back to its qualification. Typing searches the list, the
    // arrows move through it (with one match left, ArrowDown comes round to it again), Enter chooses.
    await tabTo(target, line.getByLabel('Кваліфікація', exact), { back: true });
    await target.keyboard.type(NURSE);
    await target
      .locator('.ant-select-dropdown:visible')
      .getByTitle(NURSE, exact)
      .waitFor({ state: 'visible' });
    await target.keyboard.press('ArrowDown');
    await target.keyboard.press('Enter');
    await line.getByTitle(NURSE, exact).waitFor({ state: 'visible' });

    await tabTo(target, line.getByLabel('Час виконання, хв', exact));
    await typeOver(target, '30');
    await target.keyboard.press('Tab');
    await expect
      .poll(async () => (await line.locator('[id$="-cost"]').innerText()).trim(), {
        timeout: 10_000,
      })
      .not.toMatch(/^(-|0,00)?$/);
  }, 90_000);

  test('step 5 and Calculate: Enter on the button, Enter on «Так, підтверджую»', async () => {
    const preview = target.waitForResponse(
      (answer) => isPost('/api/calculations/calculate-online')(answer.request()),
      { timeout: 30_000 },
    );
    await openStep(target, 5, 'Рентабельність');
    expect((await preview).status()).toBe(200);
    await target
      .getByRole('region', { name: CATEGORY, exact: true })
      .getByRole('row')
      .filter({ hasText: SERVICE })
      .first()
      .waitFor({ state: 'visible' });

    // The focus is still on the step's button; Save and Calculate follow the steps.
    await tabTo(target, wizard.calculate(target));
    await target.keyboard.press('Enter');
    const dialog = wizard.calculateDialog(target);
    await dialog.waitFor({ state: 'visible' });
    const yes = wizard.calculateYes(dialog);
    // The dialog keeps the focus inside it: Tab reaches its confirming button.
    await tabTo(target, yes, { limit: 6 });
    const [calculated] = await Promise.all([
      target.waitForResponse((answer) => isPost('/api/calculations/calculate')(answer.request()), {
        timeout: 30_000,
      }),
      target.keyboard.press('Enter'),
    ]);
    expect(calculated.status()).toBe(200);
    await flows.waitForPath(target, '/orders');
    const card = ordersUi.card(target, orderName);
    await expect
      .poll(async () => (await ordersUi.currentStatus(card).innerText()).trim(), {
        timeout: 15_000,
      })
      .toBe('Розраховано, готово до відправлення на погодження');
  }, 90_000);
});
