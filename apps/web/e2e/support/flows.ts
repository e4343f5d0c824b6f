import type { Page } from 'playwright-core';

import { loginUi, registrationUi } from './ui';

// Steps several journeys take the same way, through the UI as a user would.

export interface CompanyUser {
  name: string;
  email: string;
  company: string;
  phone: string;
  password: string;
}

export interface Credentials {
  email: string;
  password: string;
}

/** Waits until the page shows `pathname` (query and hash aside). */
export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

/** Registers a company user through the registration form (spec §2); the app lands on /orders. */
export async function registerCompanyUser(page: Page, user: CompanyUser): Promise<void> {
  await page.goto(registrationUi.path);
  await registrationUi.name(page).fill(user.name);
  await registrationUi.email(page).fill(user.email);
  await registrationUi.company(page).fill(user.company);
  await registrationUi.phone(page).fill(user.phone);
  await registrationUi.password(page).fill(user.password);
  await registrationUi.passwordRepeat(page).fill(user.password);
  await registrationUi.submit(page).click();
  await waitForPath(page, '/orders');
}

/** Opens the login page and fills it in without submitting. */
export async function fillLoginForm(page: Page, credentials: Credentials): Promise<void> {
  await page.goto(loginUi.path);
  await loginUi.email(page).fill(credentials.email);
  await loginUi.password(page).fill(credentials.password);
}

/** Signs in through the login form; the app lands on /orders. */
export async function signIn(page: Page, credentials: Credentials): Promise<void> {
  await fillLoginForm(page, credentials);
  await loginUi.submit(page).click();
  await waitForPath(page, '/orders');
}
