import { join } from 'node:path';

import { formatStaffRateLabel } from '@medcalc/domain';
import ExcelJS from 'exceljs';
import type { Locator, Page, Response } from 'playwright-core';
import { describe, expect } from 'vitest';

import { ARTIFACTS_DIR } from './support/browser';
import * as flows from './support/flows';
import { startJourney, test } from './support/journey';
import { exact, pageUi } from './support/ui';

// Issue 20 in Debian's chromium against the real server: the staffing table is exported, three salaries are
// changed and a position added in the downloaded workbook (edited with exceljs, as Excel would save it), the file
// is imported, previewed (looked at on a laptop and a phone), applied, and the table shows it; the same for the
// materials with a unit the company does not have yet.

const ui = {
  ...pageUi,
  button: (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true }),
  region: (scope: Page | Locator, name: string) => scope.getByRole('region', { name, exact: true }),
  counts: (dialog: Locator) =>
    dialog.getByRole('list', { name: 'Підсумок імпорту', exact: true }).getByRole('listitem'),
  confirmApply: (page: Page) =>
    page.locator('.ant-popconfirm').getByRole('button', { name: 'Так, застосувати', exact: true }),
};

const stamp = flows.uniqueStamp();
const account = flows.newCompanyUser(stamp, 'Ірина Імпортна', `Клініка імпорту ${stamp}`);

/** Money as the app shows it: uk-UA grouping with a no-break space, two decimals. */
const NBSP = '\u00a0';
const NEW_SALARIES = [
  { typed: 31000, shown: `31${NBSP}000,00` },
  { typed: 32000.5, shown: `32${NBSP}000,50` },
  { typed: 33250, shown: `33${NBSP}250,00` },
];
const NEW_POSITION = ['Лікар-генетик (з файлу)', 'перша', 'немає', 27500] as const;
const NEW_UNIT = 'саше';
const NEW_MATERIALS = [
  { name: 'Гель для УЗД (з файлу)', unit: NEW_UNIT, price: 45.5, shown: '45,50' },
  { name: 'Бинт стерильний (з файлу)', unit: 'шт', price: 1234.56, shown: `1${NBSP}234,56` },
];

let page: Page;

const isCall = (method: string, path: RegExp) => (response: Response) =>
  response.request().method() === method && path.test(new URL(response.url()).pathname);

async function open(path: string, heading: string): Promise<void> {
  await page.goto(path);
  await ui.heading(page, heading).waitFor();
}

/** Clicks a download button and reads the saved workbook with exceljs. */
async function downloadWorkbook(
  button: Locator,
): Promise<{ workbook: ExcelJS.Workbook; name: string }> {
  const download = page.waitForEvent('download');
  await button.click();
  const file = await download;
  const workbook = new ExcelJS.Workbook();
  // A stream, not `path()`: the journeys drive a shared chromium over a connection (support/global-setup.ts), and
  // a remote download has no local path.
  await workbook.xlsx.read(await file.createReadStream());
  return { workbook, name: file.suggestedFilename() };
}

/** The workbook's first sheet as rows of cell values (row 1 = the headers). */
function rowsOf(workbook: ExcelJS.Workbook): unknown[][] {
  const sheet = workbook.worksheets[0];
  if (sheet === undefined) throw new Error('the workbook has no sheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** Opens the import dialog and gives it the workbook as a file the user picked; answers the preview call. */
async function importWorkbook(
  workbook: ExcelJS.Workbook,
  fileName: string,
  title: string,
): Promise<Locator> {
  await ui.button(page, 'Імпорт з Excel').click();
  const dialog = ui.dialog(page, title);
  await dialog.waitFor();
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  const previewed = page.waitForResponse(isCall('POST', /\/imports\/\w+\/preview$/));
  await dialog.locator('input[type="file"]').setInputFiles({
    name: fileName,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  expect((await previewed).status()).toBe(200);
  await ui.counts(dialog).first().waitFor();
  return dialog;
}

/** The preview as a laptop and a phone show it, saved for a look (apps/web/e2e/.artifacts). */
async function screenshotPreview(dialog: Locator, name: string): Promise<void> {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
    await dialog.waitFor();
    await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}-${width}.png`) });
    // Nothing of the dialog reaches past the window's right edge: its tables scroll inside it.
    const box = await dialog.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** «Застосувати», its confirmation, and the answer of the apply call. */
async function apply(dialog: Locator): Promise<void> {
  await ui.button(dialog, 'Застосувати').click();
  const applied = await flows.confirmAndAwait(
    page,
    ui.confirmApply(page),
    flows.isRequestTo('POST', /\/imports\/\w+\/\w+\/apply$/),
  );
  expect(applied.status()).toBe(200);
  await dialog.waitFor({ state: 'hidden' });
  await ui.toast(page, /^Імпорт застосовано/).waitFor();
}

startJourney({ takePage: (first) => (page = first) });

describe('spreadsheet import journey', () => {
  test('registers a company user', async () => {
    await flows.registerCompanyUser(page, account);
  });

  /** The three staffing-table rows whose salaries the file changes, by their salary inputs' names. */
  const changed: { label: string; shown: string }[] = [];

  test('imports the exported staffing table with three salaries changed and a position added', async () => {
    await open('/staff', 'Штатний розпис');
    await ui.region(page, 'Штатний розпис').getByRole('spinbutton').first().waitFor();

    const { workbook, name } = await downloadWorkbook(ui.button(page, 'Експорт в Excel'));
    expect(name).toMatch(/\.xlsx$/);
    const rows = rowsOf(workbook);
    expect(rows[0]).toEqual(['Посада', 'Категорія', 'Науковий ступінь', 'Оклад']);
    expect(rows.length).toBeGreaterThan(4);

    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    NEW_SALARIES.forEach((salary, index) => {
      const row = sheet.getRow(index + 2);
      const [qualification, category, scientificDegree] = [1, 2, 3].map((column) =>
        String(row.getCell(column).value ?? ''),
      );
      changed.push({
        label: `Оклад: ${formatStaffRateLabel({ qualification: qualification ?? '', category: category ?? '', scientificDegree: scientificDegree ?? '' })}`,
        shown: salary.shown,
      });
      row.getCell(4).value = salary.typed;
      row.commit();
    });
    sheet.addRow([...NEW_POSITION]);

    const dialog = await importWorkbook(workbook, name, 'Імпорт штатного розпису з Excel');
    const counts = await ui.counts(dialog).allTextContents();
    expect(counts).toEqual([
      'Буде оновлено3',
      'Буде додано1',
      `Без змін${rows.length - 1 - 3}`,
      'Відхилено0',
    ]);
    const updated = ui.region(dialog, 'Буде оновлено');
    await expect(updated.textContent()).resolves.toContain(`→ ${NEW_SALARIES[1]?.shown}`);
    const added = ui.region(dialog, 'Буде додано');
    await added.getByRole('cell', { name: NEW_POSITION[0], exact: true }).waitFor();
    await screenshotPreview(dialog, 'import-staff-preview');

    await apply(dialog);
    const table = ui.region(page, 'Штатний розпис');
    for (const { label, shown } of changed) {
      await expect
        .poll(() => table.getByRole('spinbutton', { name: label, exact: true }).inputValue())
        .toBe(shown);
    }
    await table.getByRole('cell', { name: NEW_POSITION[0], exact: true }).waitFor();
  });

  test('offers to undo the import it just applied', async () => {
    await ui.button(page, 'Скасувати останній імпорт').waitFor();
  });

  test('imports materials with a unit the company does not have, after confirming it', async () => {
    await open('/pills', 'Витратні матеріали');
    const { workbook } = await downloadWorkbook(ui.button(page, 'Шаблон'));
    expect(rowsOf(workbook)).toEqual([['Назва', 'Одиниця', 'Ціна']]);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    for (const material of NEW_MATERIALS)
      sheet.addRow([material.name, material.unit, material.price]);

    const dialog = await importWorkbook(workbook, 'матеріали.xlsx', 'Імпорт матеріалів з Excel');
    expect(await ui.counts(dialog).allTextContents()).toEqual([
      'Буде оновлено0',
      'Буде додано2',
      'Без змін0',
      'Відхилено0',
    ]);
    const units = dialog.getByRole('list', { name: 'Нові одиниці виміру', exact: true });
    expect(await units.getByRole('listitem').allTextContents()).toEqual([NEW_UNIT]);
    const applyButton = ui.button(dialog, 'Застосувати');
    expect(await applyButton.isDisabled()).toBe(true);
    await dialog
      .getByRole('checkbox', { name: 'Так, створити ці одиниці виміру', ...exact })
      .check();
    expect(await applyButton.isEnabled()).toBe(true);
    await screenshotPreview(dialog, 'import-pills-preview');

    await apply(dialog);
    const table = ui.region(page, 'Власні матеріали');
    for (const material of NEW_MATERIALS) {
      const row = table.getByRole('row').filter({ hasText: material.name });
      await row.waitFor();
      expect(await row.getByRole('cell').allTextContents()).toEqual(
        expect.arrayContaining([material.name, material.unit, material.shown]),
      );
    }
  });
});
