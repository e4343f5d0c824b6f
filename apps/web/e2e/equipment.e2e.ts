import { apiRoutes, WORKED_EXAMPLE_COMPANY_INFO } from '@medcalc/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';

import * as flows from './support/flows';
import { adminEnv, test } from './support/journey';

// Issue 38 in Debian's chromium against the real server: the worked example's institution registers its
// ultrasound scanner on /equipment (the cost of one minute shown as it is typed) and its printer, then a paid order of
// the worked example's service gets both in step 3 by the keyboard, 20 minutes each (41,23 + 0,89 = 42,12), and step
// 5 shows the собівартість 285,46 and the tariff 328,28 (docs/methodology.md "Equipment depreciation").

const stamp = flows.uniqueStamp();
const admin = flows.adminCredentials(stamp);
const user = flows.newCompanyUser(stamp, 'Ірина Діагностична', `Діагностичний центр ${stamp}`);
const ORDER_NAME = `Діагностика e2e ${stamp}`;
const SERVICE = flows.TEMPLATE_SERVICE;
const INSTITUTION = { ...WORKED_EXAMPLE_COMPANY_INFO, name: 'КНП «Діагностичний центр»' };

let page: Page;
let identifier = '';

/** Text as the user reads it: uk-UA amounts group with a no-break space; any run of spaces counts as one. */
const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

const ui = {
  block: (target: Page) =>
    target.getByRole('region', { name: `Обладнання: ${SERVICE}`, exact: true }),
  add: (target: Page) => target.getByLabel(`Додати обладнання: ${SERVICE}`, { exact: true }),
  line: (block: Locator, number: number) =>
    block.getByRole('listitem', { name: `Рядок ${number}`, exact: true }),
};

test.override('serverEnv', { scope: 'file' }, adminEnv(admin));
test.beforeAll(({ page: first }) => {
  page = first;
});

describe('equipment in the cost (issue 38)', () => {
  test('a paid order of the worked example for an institution with the worked example’s data', async ({
    openWindow,
  }) => {
    const company = await flows.registerCompany(page, user, INSTITUTION);
    identifier = await flows.placeTemplateOrder(page, company, ORDER_NAME, SERVICE);
    const { page: adminPage } = await openWindow(admin);
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
    await page.getByRole('button', { name: 'Додати обладнання', exact: true }).click();
    const dialog = page.getByRole('dialog').last();
    await dialog.getByLabel('Назва', { exact: true }).fill('Ультразвуковий сканер');
    await dialog.getByLabel('Первісна вартість (V), грн', { exact: true }).fill('1200000');
    await dialog.getByLabel('Строк корисного використання, років (N)', { exact: true }).fill('5');
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
});
