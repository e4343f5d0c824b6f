import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect } from 'vitest';

import { screenshotAtWidths } from './support/browser';
import * as flows from './support/flows';
import { adminEnv, test } from './support/journey';
import type { TestServer } from './support/server';
import { loginUi, wizardUi } from './support/ui';

// Issue 21 §3: the wizard saves itself. A change is saved a few seconds later without a click, and is there after
// a reload; with the save call blocked the wizard says «Не збережено: немає зв’язку» and saves once it gets
// through; a session that ends mid-wizard sends the user to sign in, and the change comes back afterwards.

const stamp = flows.uniqueStamp();
const admin = flows.adminCredentials(stamp);
const user = flows.newCompanyUser(stamp, 'Ганна Автозбереження', 'Клініка «Збереження» e2e');
const SERVICE = 'Консультація без кнопки e2e';
const CATEGORY = 'Ультразвукова діагностика';
const SAVE_CALL = '**/api/calculations/save';

/** What the journey started (its server, chromium and first session), and what it opened and made since. */
const my = {} as { server: TestServer; page: Page; context: BrowserContext } & { order: string };
test.override('serverEnv', { scope: 'file' }, adminEnv(admin));
test.beforeAll(({ server, session }) => {
  Object.assign(my, { server, ...session });
});

const address = () => wizardUi.institutionField(my.page, 'Адреса');
const savedAt = () => my.page.getByText(/^Збережено о \d\d:\d\d$/);

async function openWizard() {
  await my.page.goto(`${my.server.url}/orders/create/${my.order}`);
  await address().waitFor({ state: 'visible' });
}

/** The save state beside the order's name, at both widths, for the record (issue 21 asks for them). */
const shoot = (name: string) =>
  screenshotAtWidths(my.page, `autosave-${name}`, { phoneHeight: 844 });

describe('the wizard saves itself', () => {
  test('set-up: a company user orders one service, the administrator marks it paid', async ({
    signedIn,
  }) => {
    await flows.registerCompanyUser(my.page, user);
    await flows.startNewOrder(my.page, `Автозбереження e2e ${stamp}`);
    await flows.addBlankService(my.page, SERVICE, CATEGORY);
    my.order = await flows.confirmNewOrder(my.page);
    await signedIn(admin, (adminPage) => flows.markOrderPaid(adminPage, my.order));
  });

  test('a change is saved a few seconds later without a click, and is there after a reload', async () => {
    await openWizard();
    await address().fill('м. Київ, вул. Автоматична, 1');
    await my.page.getByText('Є незбережені зміни').waitFor();
    await savedAt().waitFor({ timeout: 20_000 });
    await shoot('saved');

    await my.page.reload();
    await address().waitFor({ state: 'visible' });
    expect(await address().inputValue()).toBe('м. Київ, вул. Автоматична, 1');
    expect(await my.page.getByText(/^Відновлено незбережені зміни/).count()).toBe(0);
  });

  test('with the save call blocked it says «Не збережено», and saves once the call gets through', async () => {
    await my.page.route(SAVE_CALL, (route) => route.abort('internetdisconnected'));
    await address().fill('м. Київ, вул. Автоматична, 2');
    await my.page.getByText(/^Не збережено: немає зв’язку/).waitFor({ timeout: 20_000 });
    await shoot('offline');

    await my.page.unroute(SAVE_CALL);
    await my.page.evaluate(() => window.dispatchEvent(new Event('online')));
    await savedAt().waitFor({ timeout: 20_000 });
    await my.page.reload();
    await address().waitFor({ state: 'visible' });
    expect(await address().inputValue()).toBe('м. Київ, вул. Автоматична, 2');
  });

  test('a session that ends mid-wizard: after signing in again the change comes back', async () => {
    await address().fill('м. Київ, вул. Автоматична, 3');
    // The session ends (expired, or signed out elsewhere) before the autosave: it is answered 401.
    await my.context.clearCookies();
    await flows.waitForPath(my.page, loginUi.path);
    // Signed in on the page the app sent the user to: it goes back to where they were.
    await loginUi.email(my.page).fill(user.email);
    await loginUi.password(my.page).fill(user.password);
    await loginUi.submit(my.page).click();
    await flows.waitForPath(my.page, `/orders/create/${my.order}`);
    await my.page.getByText(/^Відновлено незбережені зміни, зроблені в цьому браузері/).waitFor();
    expect(await address().inputValue()).toBe('м. Київ, вул. Автоматична, 3');
    await shoot('restored');
    await savedAt().waitFor({ timeout: 20_000 });
  });
});
