import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';

import { ARTIFACTS_DIR, type BrowserSession } from './support/browser';
import * as flows from './support/flows';
import { adminEnv, test } from './support/journey';
import { appUi, exact } from './support/ui';

// The promotion journey of issue 11: a company orders a service from a template, the administrator promotes
// that company's calculation into a new template under another category, and a second company finds it on
// its create-order page at once, orders it and sees the same lines in the wizard.

// ---------------------------------------------------------------------------------------------------
// Selectors of this journey's own screens; the account and orders screens' are in support/ui.ts.
// ---------------------------------------------------------------------------------------------------
const ui = {
  ...appUi,
  create: {
    ...appUi.create,
    category: (page: Page, name: string) =>
      page.getByRole('button', { name: new RegExp(`^${name}`) }),
    checkbox: (page: Page, label: string) =>
      page.getByRole('tabpanel').locator('label.ant-checkbox-wrapper').filter({ hasText: label }),
    visibleCheckboxes: (page: Page) =>
      page.getByRole('tabpanel').locator('label.ant-checkbox-wrapper'),
  },
  admin: {
    ...appUi.admin,
    calculationsPath: '/admin-panel/calculations',
    company: (page: Page) => page.getByLabel('Заклад', exact),
    // The select's shown value (its option in the open list carries the same title).
    chosenCompany: (page: Page, name: string) =>
      page.locator(`.ant-select-content[title="${name}"]`),
    calculations: (page: Page) => page.getByRole('region', { name: 'Послуги закладу' }),
    promote: (page: Page, name: string) =>
      page.getByRole('button', { name: `Додати «${name}» до шаблонів`, exact: true }),
    promoteDialog: (page: Page) =>
      page.getByRole('dialog').filter({ hasText: 'Додати послугу до шаблонів' }),
  },
  wizard: {
    ...appUi.wizard,
    staffLines: (service: Locator, name: string) =>
      service
        .getByRole('list', { name: `Витрати часу: ${name}`, exact: true })
        .getByRole('listitem'),
    materialLines: (service: Locator, name: string) =>
      service
        .getByRole('list', { name: `Витрати матеріалів: ${name}`, exact: true })
        .getByRole('listitem'),
  },
};

// ---------------------------------------------------------------------------------------------------

const stamp = flows.uniqueStamp();
const admin = flows.adminCredentials(stamp);
const firstUser = flows.newCompanyUser(stamp, 'Олег Перший', `Клініка «Джерело» e2e ${stamp}`);
const secondUser = flows.newCompanyUser(stamp, 'Ганна Друга', `Лікарня «Друга» e2e ${stamp}`);
const SOURCE_CATEGORY = 'Лабораторні дослідження';
const TARGET_CATEGORY = 'Ультразвукова діагностика';
const NEW_TEMPLATE = `Шаблон адміністратора e2e ${stamp}`;

type Content = {
  stuff: { quality: { name: string } | null; timeSpend: number }[];
  pills: { name: string; spend: number; price: number; measurement_type: string }[];
};
type AdminTemplateRow = { id: number; name: string; category: string; template: string };

let first: BrowserSession;
/** The administrator's window and the second company's, opened by the steps that need them first. */
let adminPage: Page;
let secondPage: Page;
let sourceTemplate = '';
let promoted: Content | undefined;
let secondOrder = '';

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The administrator's templates as the Templates tab loads them, with their content parsed. */
async function adminTemplates(page: Page): Promise<(AdminTemplateRow & { content: Content })[]> {
  const answer = await page.request.get('/api/get-templates');
  expect(answer.status()).toBe(200);
  const rows = (await answer.json()) as AdminTemplateRow[];
  return rows.map((row) => ({ ...row, content: JSON.parse(row.template) as Content }));
}

const linesOf = (content: Content) => ({
  stuff: content.stuff.map((line) => [line.quality?.name ?? null, line.timeSpend]),
  pills: content.pills.map((line) => [line.name, line.measurement_type, line.price, line.spend]),
});

test.override('serverEnv', { scope: 'file' }, adminEnv(admin));
test.beforeAll(({ session }) => {
  first = session;
});

/** On the admin Calculations tab: picks the first company, whose calculations the table then lists. */
const chooseFirstCompany = (page: Page) =>
  flows.choose(
    page,
    ui.admin.company(page),
    firstUser.company,
    ui.admin.chosenCompany(page, firstUser.company),
    firstUser.company,
  );

/** Opens step `step` («title») of the wizard on `page` and waits for the promoted template's service card there. */
async function openTemplateInStep(page: Page, step: number, title: string): Promise<Locator> {
  await flows.openWizardStep(page, step, title);
  const service = ui.wizard.service(page, NEW_TEMPLATE);
  await service.waitFor({ state: 'visible' });
  return service;
}

describe('promotion of a calculation into a template', () => {
  test('a first company orders a service from a template', async () => {
    const { page } = first;
    await flows.registerCompanyUser(page, firstUser);
    await flows.startNewOrder(page, `Замовлення першого закладу ${stamp}`);
    await ui.create.category(page, SOURCE_CATEGORY).click();
    const checkbox = ui.create.visibleCheckboxes(page).first();
    await checkbox.waitFor({ state: 'visible' });
    sourceTemplate = normalise(await checkbox.innerText());
    await checkbox.click();
    await ui.create.rows(page).first().waitFor({ state: 'visible' });
    await flows.confirmNewOrder(page);
  });

  test('the administrator promotes that calculation into a template of another category', async ({
    openWindow,
  }) => {
    const page = (adminPage = (await openWindow(admin)).page);
    await page.goto(ui.admin.calculationsPath);

    await chooseFirstCompany(page);
    const table = ui.admin.calculations(page);
    await table.getByRole('row').filter({ hasText: sourceTemplate }).waitFor({ state: 'visible' });

    await ui.admin.promote(page, sourceTemplate).click();
    const dialog = ui.admin.promoteDialog(page);
    await dialog.waitFor({ state: 'visible' });
    const name = dialog.getByLabel('Назва шаблону', exact);
    // The calculation's own name and category are proposed.
    expect(await name.inputValue()).toBe(sourceTemplate);
    await dialog.getByTitle(SOURCE_CATEGORY, exact).waitFor({ state: 'visible' });

    await name.fill(NEW_TEMPLATE);
    await flows.choose(
      page,
      dialog.getByLabel('Категорія', exact),
      TARGET_CATEGORY,
      dialog.getByTitle(TARGET_CATEGORY, exact),
    );
    const answer = await flows.confirmAndAwait(
      page,
      dialog.getByRole('button', { name: 'Створити шаблон', exact: true }),
      (request) =>
        request.method() === 'POST' && request.url().endsWith('/api/calculations/add-to-template'),
    );
    expect(answer.status()).toBe(200);
    await ui.toast(page, 'Шаблон створено.').waitFor({ state: 'visible' });

    // The new template copies the calculation's lines, which are the source template's.
    const templates = await adminTemplates(page);
    const created = templates.find((row) => row.name === NEW_TEMPLATE);
    const source = templates.find((row) => row.name === sourceTemplate);
    expect(created?.category).toBe(TARGET_CATEGORY);
    expect(source).toBeDefined();
    promoted = created?.content;
    expect(promoted && linesOf(promoted)).toEqual(source && linesOf(source.content));
    expect(promoted?.stuff.length ?? 0).toBeGreaterThan(0);
    expect(promoted?.pills.length ?? 0).toBeGreaterThan(0);

    // The Templates tab lists it under its category.
    await page.getByRole('link', { name: 'Шаблони', exact: true }).click();
    await flows.waitForPath(page, '/admin-panel/templates');
    await page.getByLabel('Пошук шаблонів', exact).fill(NEW_TEMPLATE);
    const row = page.getByRole('region', { name: 'Шаблони' }).getByRole('row').filter({
      hasText: NEW_TEMPLATE,
    });
    await row.waitFor({ state: 'visible' });
    expect(await row.innerText()).toContain(TARGET_CATEGORY);
  });

  test('a second company finds the template under its category and orders it', async ({
    openWindow,
  }) => {
    const page = (secondPage = (await openWindow()).page);
    await flows.registerCompanyUser(page, secondUser);
    await flows.startNewOrder(page, `Замовлення другого закладу ${stamp}`);
    await ui.create.category(page, TARGET_CATEGORY).click();
    const checkbox = ui.create.checkbox(page, NEW_TEMPLATE);
    await checkbox.waitFor({ state: 'visible' });
    await checkbox.click();
    const rows = ui.create.rows(page);
    await rows.first().waitFor({ state: 'visible' });
    expect(await ui.create.rowName(rows.first()).inputValue()).toBe(NEW_TEMPLATE);
    secondOrder = await flows.confirmNewOrder(page);
  });

  test('the administrator marks the second order paid', async () => {
    await flows.markOrderPaid(adminPage, secondOrder);
  });

  test('the second company’s wizard shows the promoted lines', async () => {
    const page = secondPage;
    const content = promoted as Content;
    await page.goto(`/orders/create/${secondOrder}`);

    const staffService = await openTemplateInStep(page, 2, 'Витрати часу');
    const staff = ui.wizard.staffLines(staffService, NEW_TEMPLATE);
    await expect.poll(() => staff.count()).toBe(content.stuff.length);
    for (const [index, line] of content.stuff.entries()) {
      expect(
        await staff.nth(index).getByLabel('Час виконання, хв', exact).inputValue(),
        `staff line ${index + 1}`,
      ).toBe(String(line.timeSpend));
    }

    const materialService = await openTemplateInStep(page, 3, 'Витрати матеріалів');
    const materials = ui.wizard.materialLines(materialService, NEW_TEMPLATE);
    await expect.poll(() => materials.count()).toBe(content.pills.length);
    for (const [index, line] of content.pills.entries()) {
      const item = materials.nth(index);
      await item.getByTitle(line.name, exact).waitFor({ state: 'visible' });
      expect(normalise(await item.getByLabel('Витрата', exact).inputValue())).toBe(
        String(line.spend),
      );
    }
  });

  test('every admin tab renders at 1366 and 390 px (screenshots for a person to look at)', async () => {
    const page = adminPage;
    await mkdir(ARTIFACTS_DIR, { recursive: true });
    const tabs = [
      ['orders', 'Замовлення'],
      ['calculations', 'Послуги'],
      ['users', 'Користувачі'],
      ['templates', 'Шаблони'],
      ['pills', 'Витратні матеріали'],
      ['measurements', 'Одиниці виміру'],
    ] as const;
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, title] of tabs) {
        await page.goto(`/admin-panel/${path}`);
        await page.getByRole('heading', { level: 2, name: title, exact: true }).waitFor();
        if (path === 'calculations') {
          await chooseFirstCompany(page);
          await ui.admin.calculations(page).getByRole('row').nth(1).waitFor();
          await page.keyboard.press('Escape');
        } else {
          await page.locator('.ant-table-row').first().waitFor();
        }
        await page.screenshot({
          path: join(ARTIFACTS_DIR, `admin-${path}-${width}.png`),
          fullPage: true,
        });
        // The orders' names get a readable column at both widths (it was 96–114 px, breaking names mid-word).
        if (path === 'orders') {
          const nameWidth = await page
            .getByRole('columnheader', { name: 'Назва', exact: true })
            .evaluate((cell) => cell.getBoundingClientRect().width);
          expect(nameWidth, `orders' name column at ${width} px`).toBeGreaterThanOrEqual(160);
        }
        // Nothing sticks out sideways: a phone scrolls tables inside their own box, never the page.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
      }
    }
  });
});
