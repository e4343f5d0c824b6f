import {
  apiRoutes,
  pathOf,
  WORKED_EXAMPLE_COMPANY_INFO,
  type AnswerOf,
  type ApiRoute,
  type BodyOf,
  type PathParams,
} from '@medcalc/domain';
import type { APIResponse, Locator, Page, Request, Response } from 'playwright-core';
import { expect } from 'vitest';

import {
  accountMenuUi,
  adminOrdersUi,
  dropdownOption,
  exact,
  loginUi,
  orderCreateUi,
  ordersUi,
  registrationUi,
  wizardUi,
} from './ui';

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

/** A service of the seeded templates, and its category, that several journeys order. */
export const TEMPLATE_SERVICE =
  'УЗД органів черевної порожнини (печінка, жовчний міхур, підшлункова залоза, селезінка)';
export const TEMPLATE_CATEGORY = 'Ультразвукова діагностика';

/** Makes each run's e-mails and names unique, so a journey never meets the data of an earlier run. */
export const uniqueStamp = (): string => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

let accounts = 0;

/**
 * A company user a journey registers: its own name and institution (so its pages and screenshots read as a real
 * one), an e-mail unique to this run (`stamp`), a phone and a password the registration accepts.
 */
export function newCompanyUser(stamp: string, name: string, company: string): CompanyUser {
  accounts += 1;
  return {
    name,
    company,
    email: `user${accounts}.${stamp}@example.com`,
    phone: `3806711122${String(accounts).padStart(2, '0')}`,
    password: `E2e-parol-${accounts}-2026`,
  };
}

/** The administrator a journey's server creates at start (ADMIN_EMAIL / ADMIN_PASSWORD, server config/env.ts). */
export const adminCredentials = (stamp: string): Credentials => ({
  email: `admin.${stamp}@example.com`,
  password: 'Admin-parol-2026',
});

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
/** Starts a new order from the orders list: /orders/create_order with the order's name typed in. */
export async function startNewOrder(page: Page, name: string): Promise<void> {
  await ordersUi.add(page).click();
  await waitForPath(page, '/orders/create_order');
  await orderCreateUi.orderName(page).fill(name);
}

export async function fillLoginForm(page: Page, credentials: Credentials): Promise<void> {
  await page.goto(loginUi.path);
  await loginUi.email(page).fill(credentials.email);
  await loginUi.password(page).fill(credentials.password);
}

/** Where the app lands after signing in: a company user on /orders, the administrator on the admin panel (issue 23). */
export const SIGNED_IN_LANDINGS = ['/orders', '/admin-panel/orders'] as const;

/** Signs in through the login form; the app lands on one of {@link SIGNED_IN_LANDINGS}. */
export async function signIn(page: Page, credentials: Credentials): Promise<void> {
  await fillLoginForm(page, credentials);
  await loginUi.submit(page).click();
  await page.waitForURL((url) => (SIGNED_IN_LANDINGS as readonly string[]).includes(url.pathname));
}

/**
 * Presses a confirming button (a modal's or a popconfirm's «yes») and returns the answer of the request it starts
 * (`matches`). The journeys ask for reduced motion, so the button does not move under the click.
 */
export async function confirmAndAwait(
  page: Page,
  button: Locator,
  matches: (request: Request) => boolean,
  timeout = 30_000,
): Promise<Response> {
  const answer = page.waitForResponse((response) => matches(response.request()), { timeout });
  await button.click();
  return answer;
}

/**
 * Chooses `optionTitle` in an antd Select, typing `search` first (the lists are virtual: an option far down is
 * not in the page until the search narrows the list), and waits until `shown` (the chosen value in the select) is
 * visible.
 */
export async function choose(
  page: Page,
  combobox: Locator,
  optionTitle: string,
  shown: Locator,
  search?: string,
): Promise<void> {
  await combobox.click();
  if (search !== undefined) await combobox.fill(search);
  await dropdownOption(page, optionTitle).click();
  await shown.waitFor({ state: 'visible' });
}

/** A question a button asks before a change: the button, its dialog, the dialog's «yes», the request «yes» sends. */
interface Question {
  button: (page: Page) => Locator;
  dialog: (page: Page) => Locator;
  yes: (dialog: Locator) => Locator;
  sends: (request: Request) => boolean;
}

/** Whether a request is a `method` call to a path that ends with `path` (a string) or matches it (a RegExp). */
export const isRequestTo = (method: string, path: string | RegExp) => (request: Request) => {
  const { pathname } = new URL(request.url());
  return (
    request.method() === method &&
    (typeof path === 'string' ? pathname.endsWith(path) : path.test(pathname))
  );
};
const isPostTo = (pathname: string) => isRequestTo('POST', pathname);

/** The create-order form's «Підтвердити» (spec §3) and the wizard's «Розрахувати». */
const ORDER_CONFIRMATION: Question = {
  button: orderCreateUi.confirm,
  dialog: orderCreateUi.confirmDialog,
  yes: orderCreateUi.confirmYes,
  sends: isPostTo('/orders/add'),
};
const CALCULATE_QUESTION: Question = {
  button: wizardUi.calculate,
  dialog: wizardUi.calculateDialog,
  yes: wizardUi.calculateYes,
  sends: isPostTo('/api/calculations/calculate'),
};

/** Presses the question's button and answers its dialog once shown. */
async function openQuestion(page: Page, question: Question): Promise<Locator> {
  await question.button(page).click();
  const dialog = question.dialog(page);
  await dialog.waitFor({ state: 'visible' });
  return dialog;
}

/** Asks the question and says yes: the request's answer (200), once the app has landed on /orders. */
async function answerYes(page: Page, question: Question): Promise<Response> {
  const dialog = await openQuestion(page, question);
  const response = await confirmAndAwait(page, question.yes(dialog), question.sends);
  expect(response.status()).toBe(200);
  await waitForPath(page, '/orders');
  return response;
}

/** Presses the create-order form's confirm button and answers the question it opens (spec §3). */
export const openOrderConfirmation = (page: Page) => openQuestion(page, ORDER_CONFIRMATION);

/** Confirms the create-order form (spec §3) and returns the new order's identifier; the app lands on /orders. */
export async function confirmNewOrder(page: Page): Promise<string> {
  const response = await answerYes(page, ORDER_CONFIRMATION);
  const identifier = ((await response.json()) as { identifier?: string }).identifier ?? '';
  expect(identifier).not.toBe('');
  return identifier;
}

/** On the create-order page: adds one service without a template, named `name`, in `category`. */
export async function addBlankService(page: Page, name: string, category: string): Promise<void> {
  await orderCreateUi.addBlank(page).click();
  const row = orderCreateUi.rows(page).first();
  await row.waitFor({ state: 'visible' });
  await orderCreateUi.rowName(row).fill(name);
  await choose(page, orderCreateUi.rowCategory(row), category, row.getByTitle(category, exact));
}

/**
 * Waits until the page has loaded: a quiet network and no skeleton left. The skeleton turning into the content
 * can bring a scrollbar that moves the header's dropdown.
 */
export async function afterPageLoad(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('.ant-skeleton').first().waitFor({ state: 'detached' });
}

/**
 * Opens the account menu and follows its link `name` to `pathname`, once the page has loaded ({@link
 * afterPageLoad}); the avatar ignores clicks while the header checks the session, so it is clicked once ready.
 */
export async function followAccountMenuLink(page: Page, name: string, pathname: string) {
  await afterPageLoad(page);
  await accountMenuUi.ready(page).click();
  await accountMenuUi.link(page, name).click();
  await waitForPath(page, pathname);
}

/** Opens step `number` («title») of the wizard from its step bar and waits until it is shown. */
export async function openWizardStep(page: Page, number: number, title: string): Promise<void> {
  await wizardUi.step(page, title).click();
  await wizardUi.activeStep(page, number, title).waitFor({ state: 'visible' });
}

/** Presses the wizard's «Розрахувати» and answers the question it opens. */
export const openCalculateQuestion = (page: Page) => openQuestion(page, CALCULATE_QUESTION);

/** Calculates the order open in the wizard through its question; the app lands on /orders. */
export async function calculateOrder(page: Page): Promise<void> {
  await answerYes(page, CALCULATE_QUESTION);
}

/**
 * The administrator (signed in on `adminPage`) marks the order paid in the admin orders table, confirming the
 * question it asks (issue 13), and waits until the table shows it.
 */
export async function markOrderPaid(adminPage: Page, identifier: string): Promise<void> {
  await adminPage.goto(adminOrdersUi.path);
  const row = adminOrdersUi.row(adminPage, identifier);
  await row.waitFor({ state: 'visible' });
  await adminOrdersUi.statusButton(row, 'Оплачено').click();
  const answer = await confirmAndAwait(
    adminPage,
    adminOrdersUi.confirmStatus(adminPage),
    isRequestTo('PATCH', '/change-status'),
  );
  expect(answer.status()).toBe(200);
  await expect
    .poll(() => adminOrdersUi.isPressed(adminOrdersUi.statusButton(row, 'Оплачено')), {
      timeout: 15_000,
    })
    .toBe(true);
}

/** What a call of `route` sends: the values of its path's `:name`s and its body, typed by the route table. */
export interface RouteRequest<R extends ApiRoute> {
  readonly params?: PathParams<R['path']>;
  readonly body?: BodyOf<R>;
}

// `pathOf` takes the values only for a path with parameters; the route's types say which.
const fillPath = pathOf as (route: ApiRoute, params?: PathParams<string>) => string;

/**
 * A call of `route` (an entry of the domain's route table, `apiRoutes`) from a signed-in page, with the XSRF header
 * the app's client sends: the response, whatever its status.
 */
export async function send<R extends ApiRoute>(
  on: Page,
  route: R,
  { params, body }: RouteRequest<R> = {},
): Promise<APIResponse> {
  const token = async () =>
    (await on.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  if (!(await token())) await on.request.get('/sanctum/csrf-cookie');
  return on.request.fetch(fillPath(route, params), {
    method: route.method,
    headers: { 'X-XSRF-TOKEN': decodeURIComponent((await token()) ?? '') },
    ...(body === undefined ? {} : { data: body }),
  });
}

/** The same, expecting 200. */
export async function call<R extends ApiRoute>(
  on: Page,
  route: R,
  request?: RouteRequest<R>,
): Promise<APIResponse> {
  const response = await send(on, route, request);
  expect(response.status(), `${route.method} ${response.url()}: ${await response.text()}`).toBe(
    200,
  );
  return response;
}

/** The same, answering the parsed JSON, typed by the route's answer schema. */
export const api = async <R extends ApiRoute>(
  on: Page,
  route: R,
  request?: RouteRequest<R>,
): Promise<AnswerOf<R>> => (await (await call(on, route, request)).json()) as AnswerOf<R>;

/** The template service `serviceName` as `GET /api/get-templates-list` lists it, with its category's id. */
export async function findTemplate(
  on: Page,
  serviceName: string,
): Promise<{ categoryId: number; template: { templateId: number; templateName: string } }> {
  const groups = (await api(on, apiRoutes.templates.list)) as Array<{
    categoryId: number;
    templates: Array<{ templateId: number; templateName: string }>;
  }>;
  for (const { categoryId, templates } of groups) {
    const template = templates.find((entry) => entry.templateName === serviceName);
    if (template) return { categoryId, template };
  }
  throw new Error(`no template «${serviceName}»`);
}

/**
 * Places an order of one template service (`count` times) through the API, as a signed-in company user on `on`
 * (the journeys that walk order creation in the UI elsewhere): the new order's identifier.
 */
export const placeTemplateOrder = (
  on: Page,
  company: string,
  orderName: string,
  serviceName: string,
  count = 1,
): Promise<string> =>
  placeTemplatesOrder(on, company, orderName, Array<string>(count).fill(serviceName));

/** The same with the template services `serviceNames`, one calculation each, in this order. */
export async function placeTemplatesOrder(
  on: Page,
  company: string,
  orderName: string,
  serviceNames: readonly string[],
): Promise<string> {
  const calculations = [];
  for (const serviceName of serviceNames) {
    const { categoryId, template } = await findTemplate(on, serviceName);
    calculations.push({
      categoryId,
      source: 'template' as const,
      sourceId: template.templateId,
      templateId: template.templateId,
      templateName: serviceName,
    });
  }
  const placed = (await api(on, apiRoutes.orders.add, {
    params: { companyIdentifier: company },
    body: { name: orderName, calculations },
  })) as { identifier: string };
  return placed.identifier;
}

/**
 * The administrator (signed in on `adminPage`) sets the order's status through the API (issue 13): a status or
 * one of the spec's aliases (`paid`, `agreed`).
 */
export async function setOrderStatus(
  adminPage: Page,
  identifier: string,
  status: string,
): Promise<void> {
  await api(adminPage, apiRoutes.admin.changeOrderStatus, { body: { identifier, status } });
}

/**
 * Calculates the order `identifier` through the API, as the wizard's «Розрахувати» does: its services and institution
 * data as `detail` (the order's detail, or edited) has them.
 */
export async function calculateThroughApi(
  on: Page,
  identifier: string,
  name: string,
  detail: { calculations: unknown; companyInfo: unknown },
): Promise<void> {
  await api(on, apiRoutes.calculations.calculate, {
    body: {
      identifier,
      name,
      calculations: JSON.stringify(detail.calculations),
      companyInfo: JSON.stringify(detail.companyInfo),
    },
  });
}

/** The identifier of the institution of the user signed in on `on`. */
export async function companyOf(on: Page): Promise<string> {
  return (await api(on, apiRoutes.session.currentUser)).companyIdentifier;
}

/**
 * Registers `user` through the form ({@link registerCompanyUser}) and, when `info` is given, stores it as the
 * institution's data (/company) through the API: the institution's identifier.
 */
export async function registerCompany(
  page: Page,
  user: CompanyUser,
  info?: BodyOf<typeof apiRoutes.company.updateInfo>,
): Promise<string> {
  await registerCompanyUser(page, user);
  const companyIdentifier = await companyOf(page);
  if (info)
    await api(page, apiRoutes.company.updateInfo, { params: { companyIdentifier }, body: info });
  return companyIdentifier;
}

/**
 * Registers `user` and gives its institution the data of docs/methodology.md's worked example: the institution's
 * identifier.
 */
export function registerWithWorkedExample(page: Page, user: CompanyUser): Promise<string> {
  return registerCompany(page, user, { ...WORKED_EXAMPLE_COMPANY_INFO, name: user.company });
}

/** Starts the order `name` with the template service `service` of `category` ticked, ready to confirm. */
export async function startTemplateOrder(
  page: Page,
  name: string,
  category: string,
  service: string,
): Promise<void> {
  await startNewOrder(page, name);
  await page.getByRole('button', { name: new RegExp(`^${category}`) }).click();
  await page
    .getByRole('tabpanel')
    .locator('label.ant-checkbox-wrapper')
    .filter({ hasText: service })
    .first()
    .click();
  await orderCreateUi.rows(page).first().waitFor();
}
