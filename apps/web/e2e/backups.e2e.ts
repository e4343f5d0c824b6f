import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';

import type { BrowserSession } from './support/browser';
import * as flows from './support/flows';
import { adminEnv, test } from './support/journey';

// Issue 40: the administrator opens «Резервні копії», presses «Створити зараз», sees the button busy until the
// backup is written and restored into a throwaway database, then the row «Перевірено відновленням» with its
// download link; a company user finds the tab closed to them.

const stamp = flows.uniqueStamp();
const admin = flows.adminCredentials(stamp);
const user = flows.newCompanyUser(stamp, 'Тарас Сторонній', `Клініка «Копія» e2e ${stamp}`);
const BACKUPS = '/admin-panel/backups';

const ui = {
  tab: (page: Page) => page.getByRole('link', { name: 'Резервні копії', exact: true }),
  create: (page: Page) => page.getByRole('button', { name: /Створити зараз|Створюється/ }),
  rows: (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row'),
  proven: (page: Page) => page.getByText('Перевірено відновленням', { exact: true }),
  download: (page: Page) => page.getByRole('link', { name: 'Завантажити', exact: true }),
};

let first: BrowserSession;

test.override('serverEnv', { scope: 'file' }, adminEnv(admin));
test.beforeAll(({ session }) => {
  first = session;
});

describe('backups from the admin panel', () => {
  test('the administrator makes a backup now and sees it proven by a restore', async ({
    signedIn,
  }) => {
    await signedIn(admin, async (page) => {
      await ui.tab(page).click();
      await flows.waitForPath(page, BACKUPS);
      await page.getByText('Резервних копій ще немає.').waitFor({ state: 'visible' });

      const started = page.waitForResponse((response) =>
        flows.isRequestTo('POST', '/api/administrator/backups')(response.request()),
      );
      await ui.create(page).click();
      expect((await started).status()).toBe(200);
      // Busy until the backup is written and proven.
      await expect
        .poll(() => ui.create(page).textContent(), { timeout: 10_000 })
        .toMatch(/Створюється/);

      await ui.proven(page).waitFor({ state: 'visible', timeout: 120_000 });
      await expect.poll(() => ui.create(page).textContent()).toMatch(/Створити зараз/);
      expect(await ui.rows(page).count()).toBe(1);
      const href = await ui.download(page).getAttribute('href');
      expect(href).toMatch(/^\/api\/administrator\/backups\/medcalc-.+\.(tar\.gz|dump)$/);
      // The link answers the file to the administrator's session.
      const file = await page.request.get(href ?? '');
      expect(file.status()).toBe(200);
      expect((await file.body()).length).toBeGreaterThan(1000);
    });
  });

  test('a company user finds the tab closed to them', async () => {
    const page = first.page;
    await flows.registerCompanyUser(page, user);
    await page.goto(BACKUPS);
    await page.getByText('Доступ заборонено').waitFor({ state: 'visible' });
    const answer = await page.request.get('/api/administrator/backups');
    expect(answer.status()).toBe(403);
  });
});
