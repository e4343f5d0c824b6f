import type { Locator, Page, Response } from 'playwright-core';
import { describe, expect } from 'vitest';

import * as flows from './support/flows';
import { startJourney, test } from './support/journey';
import { exact, pageUi } from './support/ui';

// The company reference data of spec §2 (units, materials, staffing table, institution data) in Debian's
// chromium against the real server: every change is made through the UI and must survive a reload.

// ---------------------------------------------------------------------------------------------------
// Selectors of this journey's own screens; the account screens' are in support/ui.ts.
// ---------------------------------------------------------------------------------------------------
const ui = {
  ...pageUi,
  addButton: (page: Page, name = 'Додати') => page.getByRole('button', { name, exact: true }),
  measurements: {
    standardChips: (page: Page) =>
      page.getByRole('list', { name: 'Стандартні одиниці виміру' }).getByRole('listitem'),
    table: (page: Page) => page.getByRole('region', { name: 'Власні одиниці виміру' }),
  },
  pills: {
    table: (page: Page) => page.getByRole('region', { name: 'Власні матеріали' }),
  },
  staff: {
    table: (page: Page) => page.getByRole('region', { name: 'Штатний розпис' }),
    salaries: (page: Page) => ui.staff.table(page).getByRole('spinbutton'),
    saving: (page: Page) => page.getByText('Збереження…', exact),
  },
  company: {
    form: (page: Page) => page.getByRole('form', { name: 'Дані закладу' }),
    field: (page: Page, label: string) => ui.company.form(page).getByLabel(label, exact),
    save: (page: Page) => page.getByRole('button', { name: 'Зберегти', exact: true }),
  },
  /** An option of the open antd dropdown (its virtual list items carry the option's text as title). */
  dropdownOption: (page: Page, title: string) =>
    page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`),
};

// ---------------------------------------------------------------------------------------------------

const stamp = flows.uniqueStamp();
const account = flows.newCompanyUser(stamp, 'Марія Довідкова', `Клініка довідників ${stamp}`);
const unitName = 'крапля';
const material = { name: 'Гель для УЗД', price: '1234,5', shownPrice: '1\u00a0234,50' };
// Amounts in inputs are grouped the uk-UA way, with a no-break space, like everywhere else in the app.
const newSalary = { typed: '25000', shown: '25\u00a0000,00' };
const institution = {
  name: 'КНП «Лікарня довідників»',
  // A real ЄДРПОУ code: the form checks its check digit.
  code: '14360570',
  form: 'Змішана',
  address: 'м. Київ, вул. Прикладна, 1',
  medicalFund: {
    label: 'Фонд оплати праці медичного персоналу',
    typed: '14400000',
    shown: '14\u00a0400\u00a0000,00',
  },
  esvRate: { label: 'Ставка ЄСВ, %', typed: '22', shown: '22,00' },
  beds: { label: 'Загальна кількість ліжок', typed: '120', shown: '120' },
  overheadPercent: { label: 'Відсоток накладних витрат, %', typed: '33', shown: '33,00' },
};

let page: Page;
/** The staffing-table row edited below, by its salary input's accessible name. */
let editedSalaryLabel = '';

const isCall = (method: string, path: string | RegExp) => (response: Response) =>
  response.request().method() === method &&
  (typeof path === 'string'
    ? new URL(response.url()).pathname === path
    : path.test(new URL(response.url()).pathname));

/** Goes to a page of the app and waits for its heading. */
async function open(path: string, heading: string): Promise<void> {
  await page.goto(path);
  await ui.heading(page, heading).waitFor();
}

/** Reloads the page (a fresh app: nothing kept in memory) and waits for its heading again. */
async function reload(heading: string): Promise<void> {
  await page.reload();
  await ui.heading(page, heading).waitFor();
}

/**
 * Picks an option of an antd Select. Its list is virtual (only the rows in view exist), so a searchable
 * select is narrowed by typing first, as a user would in a long list.
 */
async function chooseOption(
  page: Page,
  select: Locator,
  option: string,
  { search = false } = {},
): Promise<void> {
  await select.click();
  if (search) await select.pressSequentially(option);
  await ui.dropdownOption(page, option).click();
}

startJourney({ takePage: (first) => (page = first) });

describe('company reference data journey', () => {
  test('registers a company user', async () => {
    await flows.registerCompanyUser(page, account);
  });

  test('shows the standard units and adds an own one', async () => {
    await open('/measurements', 'Одиниці виміру');
    await ui.measurements.standardChips(page).first().waitFor();
    expect(await ui.measurements.standardChips(page).allTextContents()).toContain('шт');
    await ui.measurements.table(page).getByText('Власних одиниць виміру ще немає').waitFor();

    await ui.addButton(page).click();
    const dialog = ui.dialog(page, 'Нова одиниця виміру');
    await dialog.getByLabel('Назва', exact).fill(unitName);
    const saved = page.waitForResponse(isCall('POST', /\/measurements$/));
    await dialog.getByRole('button', { name: 'Додати', exact: true }).click();
    expect((await saved).status()).toBe(200);

    await ui.measurements.table(page).getByRole('cell', { name: unitName, exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
  });

  test('adds a material measured in the new unit', async () => {
    await open('/pills', 'Витратні матеріали');
    await ui.pills
      .table(page)
      .getByText(/Власних матеріалів ще немає/)
      .waitFor();

    await ui.addButton(page).click();
    const dialog = ui.dialog(page, 'Новий матеріал');
    await dialog.getByLabel('Назва', exact).fill(material.name);
    await chooseOption(page, dialog.getByLabel('Одиниця виміру', exact), unitName, {
      search: true,
    });
    await dialog.getByLabel('Ціна за одиницю, грн', exact).fill(material.price);
    const saved = page.waitForResponse(isCall('POST', /\/pills$/));
    await dialog.getByRole('button', { name: 'Додати', exact: true }).click();
    expect((await saved).status()).toBe(200);

    const row = ui.pills.table(page).getByRole('row').filter({ hasText: material.name });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining([material.name, unitName, material.shownPrice]),
    );
  });

  test('saves an edited salary 2 s after typing stops, then reloads the table', async () => {
    await open('/staff', 'Штатний розпис');
    const salary = ui.staff.salaries(page).first();
    await salary.waitFor();
    editedSalaryLabel = (await salary.getAttribute('aria-label')) ?? '';
    expect(editedSalaryLabel).toMatch(/^Оклад: /);

    const saved = page.waitForResponse(isCall('POST', '/api/change-salary'));
    await salary.fill(newSalary.typed);
    const typedAt = Date.now();
    await ui.staff.saving(page).waitFor();
    const reloaded = page.waitForResponse(isCall('GET', /^\/api\/get-stuff\//));
    const response = await saved;
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(1_900);
    expect(response.status()).toBe(200);
    expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({ salary: 25000 });
    await reloaded;
    await ui.staff.saving(page).waitFor({ state: 'hidden' });
    await ui.toast(page, /Оклад/).waitFor();
  });

  test('saves the institution data', async () => {
    await open('/company', 'Дані закладу');
    const field = (label: string) => ui.company.field(page, label);
    await field('Повна назва закладу').fill(institution.name);
    await field('Код ЄДРПОУ').fill(institution.code);
    await chooseOption(page, field('Форма фінансування'), institution.form);
    await field('Адреса').fill(institution.address);
    await field(institution.medicalFund.label).fill(institution.medicalFund.typed);
    await field(institution.esvRate.label).fill(institution.esvRate.typed);
    await field(institution.beds.label).fill(institution.beds.typed);
    await ui.company.form(page).getByText('Фіксований відсоток', exact).click();
    await field(institution.overheadPercent.label).fill(institution.overheadPercent.typed);

    const saved = page.waitForResponse(isCall('PUT', /^\/api\/company-info\//));
    await ui.company.save(page).click();
    const response = await saved;
    expect(response.status()).toBe(200);
    expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({
      name: institution.name,
      code: institution.code,
      form: 4,
      address: institution.address,
      medical_staff_salary_fund: 14_400_000,
      unified_social_security_contribution_rate: 22,
      total_number_of_beds: 120,
      overhead_method: 'fixed',
      overhead_percent: 33,
      overhead_base: 'labour',
      other_areas: null,
    });
  });

  test('keeps everything after a reload of each page', async () => {
    await open('/measurements', 'Одиниці виміру');
    await reload('Одиниці виміру');
    await ui.measurements.table(page).getByRole('cell', { name: unitName, exact: true }).waitFor();

    await open('/pills', 'Витратні матеріали');
    await reload('Витратні матеріали');
    const row = ui.pills.table(page).getByRole('row').filter({ hasText: material.name });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining([material.name, unitName, material.shownPrice]),
    );

    await open('/staff', 'Штатний розпис');
    await reload('Штатний розпис');
    const salary = ui.staff
      .table(page)
      .getByRole('spinbutton', { name: editedSalaryLabel, exact: true });
    await expect.poll(() => salary.inputValue()).toBe(newSalary.shown);

    await open('/company', 'Дані закладу');
    await reload('Дані закладу');
    const field = (label: string) => ui.company.field(page, label);
    await expect.poll(() => field('Повна назва закладу').inputValue()).toBe(institution.name);
    expect(await field('Код ЄДРПОУ').inputValue()).toBe(institution.code);
    expect(await field('Адреса').inputValue()).toBe(institution.address);
    expect(await field(institution.medicalFund.label).inputValue()).toBe(
      institution.medicalFund.shown,
    );
    expect(await field(institution.esvRate.label).inputValue()).toBe(institution.esvRate.shown);
    expect(await field(institution.beds.label).inputValue()).toBe(institution.beds.shown);
    expect(await field(institution.overheadPercent.label).inputValue()).toBe(
      institution.overheadPercent.shown,
    );
    await ui.company.form(page).getByText(institution.form, exact).waitFor();
    expect(await ui.company.form(page).getByLabel('Фіксований відсоток', exact).isChecked()).toBe(
      true,
    );
  });
});
