import { apiRoutes, WORKED_EXAMPLE_COMPANY_INFO } from '@medcalc/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';

import * as flows from './support/flows';
import { adminEnv, startJourney, test } from './support/journey';

// Issue 38 in Debian's chromium against the real server: the worked example's institution registers its
// ultrasound scanner on /equipment (the cost of one minute shown as it is typed) and its printer, then a paid order of
// the worked example's service gets both in step 3 by the keyboard, 20 minutes each (41,23 + 0,89 = 42,12), and step
// 5 shows the собівартість 285,46 and the tariff 328,28 (docs/methodology.md "Equipment depreciation").
// Then the administrator adds a template row on the admin tab «Обладнання», and step 3's list offers it under
// «Обладнання шаблонів», above the institution's own rows under «Обладнання закладу».

const stamp = flows.uniqueStamp();
const admin = flows.adminCredentials(stamp);
const user = flows.newCompanyUser(stamp, 'Ірина Діагностична', `Діагностичний центр ${stamp}`);
const ORDER_NAME = `Діагностика e2e ${stamp}`;
const SERVICE = flows.TEMPLATE_SERVICE;
const INSTITUTION = { ...WORKED_EXAMPLE_COMPANY_INFO, name: 'КНП «Діагностичний центр»' };

let page: Page;
let adminPage: Page;
let identifier = '';

/** Text as the user reads it: uk-UA amounts group with a no-break space; any run of spaces counts as one. */
const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

const ui = {
  block: (target: Page) =>
    target.getByRole('region', { name: `Обладнання: ${SERVICE}`, exact: true }),
  add: (target: Page) => target.getByLabel(`Додати обладнання: ${SERVICE}`, { exact: true }),
  line: (block: Locator, number: number) =>
    block.getByRole('listitem', { name: `Рядок ${number}`, exact: true }),
  /** Opens «Додати обладнання» on a register page and fills a row: its name, first cost (V) and 5 years (N). */
  newRow: async (target: Page, name: string, firstCost: string) => {
    await target.getByRole('button', { name: 'Додати обладнання', exact: true }).click();
    const dialog = target.getByRole('dialog').last();
    await dialog.getByLabel('Назва', { exact: true }).fill(name);
    await dialog.getByLabel('Первісна вартість (V), грн', { exact: true }).fill(firstCost);
    await dialog.getByLabel('Строк корисного використання, років (N)', { exact: true }).fill('5');
    return dialog;
  },
};

startJourney({ serverEnv: adminEnv(admin), takePage: (first) => (page = first) });

describe('equipment in the cost (issue 38)', () => {
  test('a paid order of the worked example for an institution with the worked example’s data', async ({
    openWindow,
  }) => {
    const company = await flows.registerCompany(page, user, INSTITUTION);
    identifier = await flows.placeTemplateOrder(page, company, ORDER_NAME, SERVICE);
    ({ page: adminPage } = await openWindow(admin));
    await flows.setOrderStatus(adminPage, identifier, 'paid');
    // The printer goes in through the API; the scanner through the page below.
    await flows.api(page, apiRoutes.equipment.create, {
      params: { companyIdentifier: company },
      body: {
        name: 'Принтер для УЗД-знімків',
        inventoryNumber: '',
        firstCost: 18000,
        residualValue: 2000,
        usefulLifeYears: 4,
        hoursPerYear: 1500,
      },
    });
  }, 120_000);

  test('/equipment shows the scanner’s cost of one minute as it is typed, and adds it', async () => {
    await page.goto('/equipment');
    await page.getByRole('heading', { level: 1, name: 'Обладнання', exact: true }).waitFor();
    const dialog = await ui.newRow(page, 'Ультразвуковий сканер', '1200000');
    const rate = dialog.getByRole('status', { name: 'Вартість однієї хвилини' });
    await expect.poll(async () => normalise(await rate.innerText())).toBe('2,0614 грн/хв');
    await dialog.getByRole('button', { name: 'Додати', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page
      .getByRole('region', { name: 'Реєстр обладнання' })
      .getByRole('row')
      .filter({ hasText: 'Ультразвуковий сканер' });
    await expect.poll(async () => normalise(await row.innerText())).toContain('2,0614');
  }, 90_000);

  test('step 3 takes both by the keyboard, 20 minutes each: 41,23 + 0,89 = 42,12', async () => {
    await page.goto(`/orders/create/${identifier}?step=3`);
    const block = ui.block(page);
    await block.waitFor();
    for (const [number, search, cost] of [
      [1, 'сканер', '41,23'],
      [2, 'принтер', '0,89'],
    ] as const) {
      await ui.add(page).focus();
      await page.keyboard.type(search);
      await page.keyboard.press('Enter');
      const line = ui.line(block, number);
      await line.waitFor();
      // The focus is in the new line's minutes, its 0 selected.
      await expect
        .poll(() =>
          line
            .getByLabel('Час використання, хв', { exact: true })
            .evaluate((input) => input === document.activeElement),
        )
        .toBe(true);
      await page.keyboard.type('20');
      await expect.poll(async () => normalise(await line.innerText())).toContain(cost);
    }
    await expect
      .poll(async () => normalise(await block.innerText()))
      .toContain('Амортизація обладнання: 42,12 грн');
  }, 90_000);

  test('step 5: собівартість 285,46 and tariff 328,28', async () => {
    await flows.openWizardStep(page, 5, 'Рентабельність');
    const row = page.getByRole('row').filter({ hasText: SERVICE }).first();
    await expect
      .poll(async () => normalise(await row.innerText()), { timeout: 20_000 })
      .toMatch(/285,46.*328,28/);
  }, 90_000);
  test('the administrator’s template equipment: added on its tab, offered in step 3 above the institution’s own', async () => {
    await adminPage.goto('/admin-panel/equipment');
    await adminPage.getByRole('heading', { level: 2, name: 'Обладнання', exact: true }).waitFor();
    const dialog = await ui.newRow(adminPage, `Електрокардіограф ${stamp}`, '85000');
    await dialog.getByRole('button', { name: 'Додати', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await adminPage
      .getByRole('region', { name: 'Обладнання шаблонів' })
      .getByRole('row')
      .filter({ hasText: `Електрокардіограф ${stamp}` })
      .waitFor();

    await page.goto(`/orders/create/${identifier}?step=3`);
    const block = ui.block(page);
    await block.waitFor();
    await ui.add(page).click();
    const list = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    // Other journeys' template rows may be there too: the groups' order and this file's rows are what count.
    await expect
      .poll(async () => normalise(await list.innerText()))
      .toMatch(
        new RegExp(
          `^Обладнання шаблонів .*Електрокардіограф ${stamp}.* Обладнання закладу .*Принтер для УЗД-знімків.*Ультразвуковий сканер`,
        ),
      );
    await page.keyboard.type(`кардіограф ${stamp}`);
    await page.keyboard.press('Enter');
    const line = ui.line(block, 3);
    await line.waitFor();
    await page.keyboard.type('10');
    // 85 000 / 5 / (1 940,4 × 60) = 0,1460 a minute; 10 minutes 1,46.
    await expect.poll(async () => normalise(await line.innerText())).toMatch(/0,1460.*1,46/);
    // A template row is no deleted register row.
    expect(await line.getByText(/вже немає в реєстрі/).count()).toBe(0);
  }, 90_000);
});
