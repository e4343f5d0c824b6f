import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';

import { launchBrowser, newSession, saveFailureArtifacts } from './support/browser';
import { findResetLink, waitForMail } from './support/outbox';
import { startServer, type TestServer } from './support/server';

// The account journey of spec §2 (registration, login, logout, login guard, forgot/reset password)
// in Debian's chromium against the real server, the built web app and the file outbox.

// ---------------------------------------------------------------------------------------------------
// Selectors: the one place to adjust when the UI's wording changes. Labels and names match exactly
// (Playwright matches substrings by default, and 'Пароль' would also find 'Повторіть пароль').
// ---------------------------------------------------------------------------------------------------
const exact = { exact: true } as const;

const ui = {
  registration: {
    path: '/Registration',
    // Ukrainian text uses several apostrophes (' ’ ʼ); accept any.
    name: (page: Page) => form(page).getByLabel(/^Ім['’ʼ]я$/),
    email: (page: Page) => form(page).getByLabel('Електронна пошта', exact),
    company: (page: Page) => form(page).getByLabel('Назва закладу', exact),
    phone: (page: Page) => form(page).getByLabel('Телефон', exact),
    password: (page: Page) => form(page).getByLabel('Пароль', exact),
    passwordRepeat: (page: Page) => form(page).getByLabel('Повторіть пароль', exact),
    submit: (page: Page) =>
      form(page).getByRole('button', { name: 'Зареєструватися', exact: true }),
  },
  login: {
    path: '/login',
    email: (page: Page) => form(page).getByLabel('Електронна пошта', exact),
    password: (page: Page) => form(page).getByLabel('Пароль', exact),
    submit: (page: Page) => form(page).getByRole('button', { name: 'Увійти', exact: true }),
    // A failed sign-in: an inline field error, an antd Alert or a toast (antd gives both role=alert).
    error: (page: Page) =>
      page.getByRole('alert').or(page.locator('.ant-form-item-explain-error')).first(),
  },
  accountMenu: {
    open: (page: Page) => page.getByRole('button', { name: 'Меню облікового запису', exact: true }),
    // antd Dropdown items are menuitems; a plain button would do as well.
    logout: (page: Page) =>
      page
        .getByRole('menuitem', { name: 'Вийти', exact: true })
        .or(page.getByRole('button', { name: 'Вийти', exact: true }))
        .first(),
  },
  forgot: {
    path: '/forgot-password',
    email: (page: Page) => form(page).getByLabel('Електронна пошта', exact),
    submit: (page: Page) => form(page).getByRole('button', { name: 'Скинути пароль', exact: true }),
    success: (page: Page) => page.getByText(/надіслал|надіслан|перевірте.*пошт/i).first(),
  },
  reset: {
    password: (page: Page) => form(page).getByLabel('Новий пароль', exact),
    confirm: (page: Page) => form(page).getByLabel('Підтвердіть пароль', exact),
    submit: (page: Page) => form(page).getByRole('button', { name: 'Скинути пароль', exact: true }),
    success: (page: Page) => page.getByText(/пароль.*(змінено|оновлено|скинуто)/i).first(),
  },
};

/** Form fields are looked up inside <form>, so a header search box or a header button never matches. */
function form(page: Page): Locator {
  return page.locator('form');
}

// ---------------------------------------------------------------------------------------------------

const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const user = {
  name: 'Олена Тестова',
  email: `olena.${stamp}@example.com`,
  company: 'Клініка «Здоров’я» e2e',
  phone: '380501234567',
  password: 'Pershyi-parol-2024',
  newPassword: 'Druhyi-parol-2025',
};

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let resetLink: string | undefined;
// The steps build on each other: after a failure the rest are skipped instead of failing
// confusingly, so the first red test is the one to read.
let failedStep: string | undefined;

const pathnameIs = (pathname: string) => (url: URL) => url.pathname === pathname;

async function waitForPath(pathname: string, target: Page = page): Promise<void> {
  await target.waitForURL(pathnameIs(pathname));
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ({ context, page } = await newSession(browser, server.url));
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close().catch(() => undefined);
  await server?.stop();
});

beforeEach((ctx) => {
  if (failedStep) ctx.skip(`an earlier step failed: ${failedStep}`);
  ctx.onTestFailed(async () => {
    failedStep ??= ctx.task.name;
    await saveFailureArtifacts(page, `auth-${ctx.task.name}`, server.output());
  });
});

describe('account journey', () => {
  test('registers a company user and lands on /orders', async () => {
    await page.goto(ui.registration.path);
    await ui.registration.name(page).fill(user.name);
    await ui.registration.email(page).fill(user.email);
    await ui.registration.company(page).fill(user.company);
    await ui.registration.phone(page).fill(user.phone);
    await ui.registration.password(page).fill(user.password);
    await ui.registration.passwordRepeat(page).fill(user.password);
    await ui.registration.submit(page).click();
    await waitForPath('/orders');
  });

  test('keeps the session across a reload', async () => {
    await page.reload();
    // The guard would bounce to /login once it learns there is no session; seeing the account menu's
    // 'Вийти' proves the app loaded the signed-in user.
    await ui.accountMenu.open(page).click();
    await ui.accountMenu.logout(page).waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/orders');
  });

  test('logs out to the landing page', async () => {
    if (!(await ui.accountMenu.logout(page).isVisible())) await ui.accountMenu.open(page).click();
    await ui.accountMenu.logout(page).click();
    await waitForPath('/');
  });

  test('redirects /orders to /login when signed out', async () => {
    await page.goto('/orders');
    await waitForPath('/login');
    // Also after a full reload, i.e. not just client state: the server no longer knows the session.
    await page.reload();
    await waitForPath('/login');
  });

  test('mails a password-reset link', async () => {
    const since = Date.now();
    await page.goto(ui.forgot.path);
    await ui.forgot.email(page).fill(user.email);
    await ui.forgot.submit(page).click();
    await ui.forgot.success(page).waitFor({ state: 'visible' });

    const mail = await waitForMail(server.outboxDir, { to: user.email, since });
    resetLink = findResetLink(mail);
    expect(resetLink, `no reset link in ${mail.file}:\n${mail.text ?? mail.html}`).toBeDefined();
    const link = new URL(resetLink ?? '');
    // APP_URL is the server's own address, so the link opens in this very app.
    expect(link.origin).toBe(server.url);
    expect(link.pathname).toMatch(/^\/password\/reset\/[^/]+$/);
    expect(link.searchParams.get('email')).toBe(user.email);
  });

  test('sets a new password through the mailed link', async () => {
    await page.goto(resetLink ?? '');
    await ui.reset.password(page).fill(user.newPassword);
    await ui.reset.confirm(page).fill(user.newPassword);
    await ui.reset.submit(page).click();
    await ui.reset.success(page).waitFor({ state: 'visible' });
  });

  test('signs in with the new password', async () => {
    await page.goto(ui.login.path);
    await ui.login.email(page).fill(user.email);
    await ui.login.password(page).fill(user.newPassword);
    await ui.login.submit(page).click();
    await waitForPath('/orders');
  });

  test('rejects the old password', async () => {
    // A fresh context: no cookies or local storage from the signed-in page above.
    const fresh = await newSession(browser, server.url);
    try {
      await fresh.page.goto(ui.login.path);
      await ui.login.email(fresh.page).fill(user.email);
      await ui.login.password(fresh.page).fill(user.password);
      // An alert shown before submitting would make the check below pass for the wrong reason.
      expect(await ui.login.error(fresh.page).isVisible()).toBe(false);
      await ui.login.submit(fresh.page).click();
      await ui.login.error(fresh.page).waitFor({ state: 'visible' });
      expect(new URL(fresh.page.url()).pathname).toBe('/login');
      // Whatever the message says, no session was created: the guard still sends /orders to /login.
      await fresh.page.goto('/orders');
      await waitForPath('/login', fresh.page);
    } catch (error) {
      await saveFailureArtifacts(fresh.page, 'auth-old-password-page');
      throw error;
    } finally {
      await fresh.context.close();
    }
  });
});
