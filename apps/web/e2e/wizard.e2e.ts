import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

import type { BrowserContext, Locator, Page, Request, Response } from 'playwright-core';
import { describe, expect } from 'vitest';

import { ARTIFACTS_DIR } from './support/browser';
import * as flows from './support/flows';
import { adminEnv, test } from './support/journey';
import { appUi, exact } from './support/ui';

// The calculation wizard of issue 9 on a paid order: a new company (whose staffing table and materials are the
// provider's templates, apps/server/src/db/reference) puts the worked example of docs/methodology.md together
// through the UI — the institution data in step 1, the service's staff in step 2 and its materials in step 3 —
// sees step 5 show its cost 243.34 and tariff 279.84, changes a price in step 4 and sees the cost follow,
// saves, calculates, and finds the order `formed` and its service on /calculations.

// ---------------------------------------------------------------------------------------------------
// Selectors of this journey's own screens; the account and orders screens' are in support/ui.ts.
// ---------------------------------------------------------------------------------------------------
const ui = {
  ...appUi,
  wizard: {
    ...appUi.wizard,
    priceInput: (page: Page, material: string) =>
      page.getByLabel(`Ціна за одиницю, грн: ${material}`, exact),
    resultsTable: (page: Page, category: string) =>
      page.getByRole('region', { name: category, exact: true }).getByRole('table').first(),
    profitInput: (page: Page, service: string) =>
      page.getByLabel(`Рентабельність, % — ${service}`, exact),
    // Step 5's cost-structure chart of a category (spec: labour, leave, ЄСВ, materials, overhead, profit).
    chart: (page: Page, category: string) =>
      page.getByRole('figure', { name: `Структура вартості послуг: ${category}`, exact: true }),
    recomputing: (page: Page) => page.getByRole('status', { name: 'Розрахунок…' }),
  },
  calculations: {
    path: '/calculations',
    table: (page: Page) =>
      page.getByRole('region', { name: 'Розраховані послуги' }).getByRole('table').first(),
  },
};

// ---------------------------------------------------------------------------------------------------
// The worked example of docs/methodology.md.
// ---------------------------------------------------------------------------------------------------

/** Step 1: every institution figure of the worked example, by its label on the form. */
const INSTITUTION: readonly (readonly [label: string, typed: string])[] = [
  ['Фонд оплати праці медичного персоналу', '14400000'],
  ['Фонд оплати праці палатного (молодшого медичного) персоналу', '3000000'],
  ['Фонд оплати праці працівників харчоблоку', '600000'],
  ['Інші прямі витрати', '0'],
  ['Фонд оплати праці загальновиробничого персоналу', '2400000'],
  ['Експлуатаційні витрати (комунальні послуги, утримання приміщень)', '3600000'],
  ['Амортизація', '1500000'],
  ['Інші загальновиробничі витрати', '500000'],
  ['Фонд оплати праці адміністративного персоналу', '1800000'],
  ['Інші адміністративні витрати', '700000'],
  ['Бюджет на створення та розміщення рекламних матеріалів', '300000'],
  ['Площа, здана в оренду стороннім організаціям', '300'],
  ['Площа приміщень для надання медичних послуг', '2400'],
  ['Площа палат для пацієнтів', '3000'],
  ['Площа харчоблоку та їдальні', '400'],
  ['Інші площі', '900'],
  ['Ставка ЄСВ, %', '22'],
  ['Фактична сума на оплату відпусток за рік, грн', '1776000'],
  ['Загальна кількість ліжок', '120'],
];

const CATEGORY = 'Ультразвукова діагностика';
const SERVICE = 'УЗД органів черевної порожнини e2e';
const BONUS = '20';
const PROFIT = '15';
const WORKING_DAY = '7,7 год';

/** Step 2: the template staffing rows of the example (qualification, category, degree), as the dropdown shows. */
const STAFF = [
  {
    label: 'Лікар з ультразвукової діагностики, без категорії, немає',
    salary: '20 000,00',
    minutes: '30',
    conditions: '10',
    cost: '81,63',
  },
  {
    label: 'Сестра медична, без категорії, немає',
    salary: '13 500,00',
    minutes: '30',
    conditions: '0',
    cost: '50,09',
  },
] as const;

/** Step 3: the template materials of the example with their spends. */
const MATERIALS = [
  { name: 'Гель для УЗД контактний', price: '0,34', spend: '20', cost: '6,80' },
  { name: 'Рукавички оглядові нітрилові нестерильні', price: '7,50', spend: '1', cost: '7,50' },
  { name: 'Пелюшка одноразова 60×90 см', price: '9,00', spend: '1', cost: '9,00' },
  { name: 'Рушник паперовий листовий', price: '0,30', spend: '4', cost: '1,20' },
  { name: 'Антисептик для рук спиртовий', price: '0,18', spend: '5', cost: '0,90' },
] as const;

const EXAMPLE = { labour: '131,72', materials: '25,40', cost: '243,34', tariff: '279,84' };
// Step 4 raises the gel from 0.34 to 0.50 UAH/ml: its line becomes 20 × 0.50 = 10.00 (+3.20). The overhead is
// computed on labour (methodology row 6), so nothing else moves: 243.34 + 3.20 = 246.54, and the profit
// round(246.54 × 15 %) = 36.98 gives 283.52 (the domain engine's figures for these inputs).
const NEW_GEL_PRICE = { typed: '0,50', lineCost: '10,00' };
const CHANGED = { materials: '28,60', cost: '246,54', tariff: '283,52' };

const COST_HEADER = 'Загальні витрати, грн';
// The journey sets no VAT or rounding and expects the methodology's tariff (279.84: cost + profit), which step 5
// shows as «Вартість (тариф без ПДВ)» — the same column the phone card reads; «Тариф, грн» beside it is equal here.
const TARIFF_HEADER = 'Вартість (тариф без ПДВ), грн';
const FORMED_LABEL = 'Розраховано, готово до відправлення на погодження';

// ---------------------------------------------------------------------------------------------------

const stamp = flows.uniqueStamp();
const admin = flows.adminCredentials(stamp);
const user = flows.newCompanyUser(stamp, 'Олена Калькуляторна', 'Клініка «Калькуляція» e2e');
const orderName = `Калькуляція e2e ${stamp}`;

let context: BrowserContext;
let page: Page;
let narrowPage: Page | undefined;
let orderIdentifier = '';
let serviceCode = '';

/** Text as the user reads it: uk-UA amounts group with a no-break space; any run of spaces counts as one. */
const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();
const textOf = async (locator: Locator) => normalise(await locator.innerText());

/** The text of `row`'s cell in the column headed `header` (both in `table`), normalised. */
async function cellText(table: Locator, row: Locator, header: string): Promise<string> {
  const headers = (await table.getByRole('columnheader').allInnerTexts()).map(normalise);
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`no column «${header}» among ${JSON.stringify(headers)}`);
  return textOf(row.getByRole('cell').nth(index));
}

/**
 * The same on a phone, where step 5 shows each service as a card (`Послуга: <name>`) of label–amount pairs
 * instead of a table.
 */
async function expectCardResults(
  target: Page,
  expected: { cost: string; tariff: string },
): Promise<void> {
  const card = target
    .getByRole('list', { name: `Рентабельність: ${CATEGORY}`, exact: true })
    .getByRole('listitem', { name: `Послуга: ${SERVICE}`, exact: true });
  await card.waitFor({ state: 'visible' });
  const shown = async () => {
    const text = await textOf(card);
    return {
      cost: /Загальні витрати, грн (\d[\d ]*,\d{2})/.exec(text)?.[1] ?? text,
      tariff: /Вартість \(тариф без ПДВ\), грн (\d[\d ]*,\d{2})/.exec(text)?.[1] ?? text,
    };
  };
  await expect.poll(shown, { timeout: 30_000 }).toEqual(expected);
  expect(await ui.wizard.recomputing(target).count()).toBe(0);
}

/** Waits until step 5 shows `expected` as the service's cost and tariff (a spinner shows while recomputing). */
async function expectResults(
  target: Page,
  expected: { cost: string; tariff: string },
): Promise<void> {
  const table = ui.wizard.resultsTable(target, CATEGORY);
  const row = table.getByRole('row').filter({ hasText: SERVICE });
  await row.waitFor({ state: 'visible' });
  const shown = async () => ({
    cost: await cellText(table, row, COST_HEADER),
    tariff: await cellText(table, row, TARIFF_HEADER),
  });
  await expect.poll(shown, { timeout: 30_000 }).toEqual(expected);
  expect(await ui.wizard.recomputing(target).count()).toBe(0);
}

/** A POST request of the call whose path ends with `path` (orders/add sits under the company's path). */
const isPost = (path: string) => (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname.endsWith(path);
/** The answer of such a call. */
const isCall = (path: string) => (answer: Response) => isPost(path)(answer.request());

/** The next calculate-online answer whose request satisfies `accepts` (e.g. carries the profit just typed). */
function nextPreview(target: Page, accepts: (body: string) => boolean = () => true) {
  return target.waitForResponse(
    (answer) =>
      isCall('/api/calculations/calculate-online')(answer) &&
      accepts(answer.request().postData() ?? ''),
    { timeout: 30_000 },
  );
}

const { openWizardStep: openStep } = flows;

/** Step 2's staff and step 3's materials: the button that adds a line, the lines, the select a line starts with. */
const LINE_SECTIONS = {
  staff: { add: 'Додати витрати часу', line: ui.wizard.staffLine, select: 'Кваліфікація' },
  materials: { add: 'Додати витрати матеріалів', line: ui.wizard.materialLine, select: 'Матеріал' },
} as const;

/** Adds line `number` to the service's staff or materials and picks `choice` in the line's first select. */
async function addLine(
  service: Locator,
  section: keyof typeof LINE_SECTIONS,
  number: number,
  choice: string,
): Promise<Locator> {
  const { add, line: lineOf, select } = LINE_SECTIONS[section];
  await service.getByRole('button', { name: add, exact: true }).click();
  const line = lineOf(service, SERVICE, number);
  await line.waitFor({ state: 'visible' });
  await flows.choose(
    page,
    line.getByLabel(select, exact),
    choice,
    line.getByTitle(choice, { exact: true }),
    choice,
  );
  return line;
}

/**
 * A full-page screenshot of step 5 into apps/web/e2e/.artifacts/ (gitignored), for a person to look at. The chart
 * is a chunk of its own and its bars grow in: the picture is taken once the chart is there and its drawing has
 * stopped changing.
 */
async function screenshotResults(target: Page, name: string): Promise<void> {
  const chart = ui.wizard.chart(target, CATEGORY);
  await chart.waitFor({ state: 'visible', timeout: 30_000 });
  let previous = '';
  await expect
    .poll(
      async () => {
        const drawn = await chart.innerHTML();
        const settled = drawn === previous;
        previous = drawn;
        return settled;
      },
      { timeout: 15_000, interval: 250 },
    )
    .toBe(true);
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  await target.screenshot({ path: join(ARTIFACTS_DIR, name), fullPage: true, timeout: 20_000 });
}

test.override('serverEnv', { scope: 'file' }, adminEnv(admin));
test.beforeAll(({ session }) => {
  ({ context, page } = session);
});

describe('calculation wizard journey', () => {
  test('a new company user orders one blank service', async () => {
    await flows.registerCompanyUser(page, user);

    await flows.startNewOrder(page, orderName);
    await ui.create.addBlank(page).click();
    const rows = ui.create.rows(page);
    await rows.first().waitFor({ state: 'visible' });
    expect(await rows.count()).toBe(1);
    const blank = rows.first();
    await ui.create.rowName(blank).fill(SERVICE);
    await flows.choose(
      page,
      ui.create.rowCategory(blank),
      CATEGORY,
      blank.getByTitle(CATEGORY, { exact: true }),
    );
    expect(await textOf(ui.create.total(page))).toBe('До сплати: 240 грн × 1 = 240 грн');

    orderIdentifier = await flows.confirmNewOrder(page);
  });

  test('the administrator marks the order paid', async ({ signedIn }) => {
    await signedIn(admin, (adminPage) => flows.markOrderPaid(adminPage, orderIdentifier));
  });

  test('step 1: the institution data of the worked example', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/orders');
    const card = ui.orders.card(page, orderName);
    await card.waitFor({ state: 'visible' });
    expect(await textOf(ui.orders.currentStatus(card))).toBe('Оплачено, можна починати заповнення');
    await ui.orders.open(card, orderName).click();
    await flows.waitForPath(page, `/orders/create/${orderIdentifier}`);
    await ui.wizard.heading(page).waitFor({ state: 'visible' });
    // An order opened from the list starts at step 1.
    await ui.wizard.activeStep(page, 1, 'Дані закладу').waitFor({ state: 'visible' });

    for (const [label, typed] of INSTITUTION) {
      await ui.wizard.institutionField(page, label).fill(typed);
    }
    // Leaving a field formats it the uk-UA way; the form keeps every value.
    await ui.wizard.institutionField(page, INSTITUTION[0]?.[0] ?? '').press('Tab');
    expect(
      normalise(await ui.wizard.institutionField(page, INSTITUTION[0]?.[0] ?? '').inputValue()),
    ).toBe('14 400 000,00');
    expect(await ui.wizard.institutionField(page, 'Ставка ЄСВ, %').inputValue()).toMatch(/^22/);
    await ui.wizard.unsaved(page).waitFor({ state: 'visible' });
  });

  test('step 2: the doctor and the nurse, 30 minutes each', async () => {
    await openStep(page, 2, 'Витрати часу');
    const service = ui.wizard.service(page, SERVICE);
    await service.waitFor({ state: 'visible' });
    await service.getByLabel('Премія, %', exact).fill(BONUS);

    for (const [index, staff] of STAFF.entries()) {
      const line = await addLine(service, 'staff', index + 1, staff.label);
      expect(await textOf(ui.wizard.lineFigure(line, 'salary'))).toBe(staff.salary);
      await line.getByLabel('Час виконання, хв', exact).fill(staff.minutes);
      await line.getByLabel('% за умови праці', exact).fill(staff.conditions);
      await flows.choose(
        page,
        line.getByLabel('Робочий день', exact),
        WORKING_DAY,
        line.getByTitle(WORKING_DAY, { exact: true }),
      );
      await expect
        .poll(() => textOf(ui.wizard.lineFigure(line, 'cost')), { timeout: 10_000 })
        .toBe(staff.cost);
    }
    expect(await textOf(service.getByText(/^Разом витрати часу:/))).toBe(
      `Разом витрати часу: ${EXAMPLE.labour} грн`,
    );
  }, 120_000);

  test('step 3: the five template materials', async () => {
    await openStep(page, 3, 'Витрати матеріалів');
    const service = ui.wizard.service(page, SERVICE);
    await service.waitFor({ state: 'visible' });

    for (const [index, material] of MATERIALS.entries()) {
      const line = await addLine(service, 'materials', index + 1, material.name);
      expect(await textOf(ui.wizard.lineFigure(line, 'price'))).toBe(material.price);
      expect(await textOf(ui.wizard.lineFigure(line, 'unit'))).not.toBe('-');
      await line.getByLabel('Витрата', exact).fill(material.spend);
      await expect
        .poll(() => textOf(ui.wizard.lineFigure(line, 'cost')), { timeout: 10_000 })
        .toBe(material.cost);
    }
    expect(await textOf(service.getByText(/^Вартість матеріалів:/))).toBe(
      `Вартість матеріалів: ${EXAMPLE.materials} грн`,
    );
  }, 120_000);

  test('step 5: cost 243.34 and tariff 279.84 at 15 % profitability', async () => {
    // Opening the step asks the server for a preview at once.
    const [opened] = await Promise.all([nextPreview(page), openStep(page, 5, 'Рентабельність')]);
    expect(opened.status()).toBe(200);
    const table = ui.wizard.resultsTable(page, CATEGORY);
    await table.getByRole('row').filter({ hasText: SERVICE }).waitFor({ state: 'visible' });

    const profit = ui.wizard.profitInput(page, SERVICE);
    const [answer] = await Promise.all([
      nextPreview(page, (body) => body.includes(`"profit":${PROFIT}`)),
      profit.fill(PROFIT),
    ]);
    expect(answer.status()).toBe(200);
    await expectResults(page, { cost: EXAMPLE.cost, tariff: EXAMPLE.tariff });

    const row = table.getByRole('row').filter({ hasText: SERVICE });
    serviceCode = await cellText(table, row, 'Код послуги');
    expect(serviceCode).toMatch(/^\d{5,}$/);
    // The beds of step 1 give the inpatient figures under the table: 120 × 365 bed-days.
    expect(
      await textOf(page.getByRole('row').filter({ hasText: 'Ліжко-днів на рік' }).first()),
    ).toBe('Ліжко-днів на рік (ліжка × 365) 43 800');
    // Only the active step shows: step 2's and 3's service cards are gone.
    expect(await ui.wizard.service(page, SERVICE).count()).toBe(0);

    await screenshotResults(page, 'wizard-step5-1366.png');
  }, 90_000);

  test('step 4: a dearer gel raises the cost by its 3.20', async () => {
    await openStep(page, 4, 'Прейскурант матеріалів');
    const price = ui.wizard.priceInput(page, MATERIALS[0].name);
    expect(normalise(await price.inputValue())).toBe(MATERIALS[0].price);
    await price.fill(NEW_GEL_PRICE.typed);
    await price.press('Tab');

    // The price flows into the material's line in step 3.
    await openStep(page, 3, 'Витрати матеріалів');
    const service = ui.wizard.service(page, SERVICE);
    const gelLine = ui.wizard.materialLine(service, SERVICE, 1);
    expect(await textOf(ui.wizard.lineFigure(gelLine, 'cost'))).toBe(NEW_GEL_PRICE.lineCost);
    expect(await textOf(service.getByText(/^Вартість матеріалів:/))).toBe(
      `Вартість матеріалів: ${CHANGED.materials} грн`,
    );

    const [answer] = await Promise.all([
      nextPreview(page, (body) => body.includes('"price":0.5')),
      openStep(page, 5, 'Рентабельність'),
    ]);
    expect(answer.status()).toBe(200);
    await expectResults(page, { cost: CHANGED.cost, tariff: CHANGED.tariff });
  }, 90_000);

  test('Save stores the draft, which a reopened wizard shows (at 390 px)', async () => {
    const [saved] = await Promise.all([
      page.waitForResponse(isCall('/api/calculations/save')),
      ui.wizard.save(page).click(),
    ]);
    expect(saved.status()).toBe(200);
    await ui.toast(page, 'Калькуляції збережено.').waitFor({ state: 'visible' });
    await ui.wizard.unsaved(page).waitFor({ state: 'hidden' });

    // A second page of the same session, phone-sized: the stored draft gives the same figures.
    narrowPage = await context.newPage();
    await narrowPage.setViewportSize({ width: 390, height: 844 });
    await narrowPage.goto(`/orders/create/${orderIdentifier}`);
    await ui.wizard.heading(narrowPage).waitFor({ state: 'visible' });
    await Promise.all([nextPreview(narrowPage), openStep(narrowPage, 5, 'Рентабельність')]);
    await expectCardResults(narrowPage, { cost: CHANGED.cost, tariff: CHANGED.tariff });
    // Nothing may stick out sideways on a phone.
    const overflow = await narrowPage.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshotResults(narrowPage, 'wizard-step5-390.png');
    await narrowPage.close();
    narrowPage = undefined;
  }, 90_000);

  test('Calculate forms the order', async () => {
    await flows.calculateOrder(page);

    const card = ui.orders.card(page, orderName);
    await card.waitFor({ state: 'visible' });
    await expect
      .poll(() => textOf(ui.orders.currentStatus(card)), { timeout: 15_000 })
      .toBe(FORMED_LABEL);
  });

  test('/calculations lists the calculated service', async () => {
    await page.goto(ui.calculations.path);
    const table = ui.calculations.table(page);
    const row = table.getByRole('row').filter({ hasText: SERVICE });
    await row.waitFor({ state: 'visible' });
    expect(await table.getByRole('row').filter({ hasText: orderName }).count()).toBe(1);

    expect(await cellText(table, row, 'Код')).toBe(serviceCode);
    expect(await cellText(table, row, 'Назва послуги')).toContain(SERVICE);
    expect(await cellText(table, row, 'Замовлення')).toBe(orderName);
    expect(await cellText(table, row, 'Статус')).toBe(FORMED_LABEL);
    expect(await cellText(table, row, 'Собівартість, грн')).toBe(CHANGED.cost);
    expect(await cellText(table, row, 'Тариф без ПДВ, грн')).toBe(CHANGED.tariff);
    // The order's name links back into its wizard.
    expect(await row.getByRole('link', { name: orderName, exact: true }).getAttribute('href')).toBe(
      `/orders/create/${orderIdentifier}`,
    );
  });
});
