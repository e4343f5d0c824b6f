import type { Locator, Page } from 'playwright-core';

// Selectors shared by the journeys: the one place to adjust when the account or orders screens'
// wording changes. Labels and names match exactly (Playwright matches substrings by default, and
// 'Пароль' would also find 'Повторіть пароль').

export const exact = { exact: true } as const;

/** Form fields are looked up inside <form>, so a header search box or a header button never matches. */
export function form(page: Page): Locator {
  return page.locator('form');
}

export const registrationUi = {
  path: '/Registration',
  // Ukrainian text uses several apostrophes (' ’ ʼ); accept any.
  name: (page: Page) => form(page).getByLabel(/^Ім['’ʼ]я$/),
  email: (page: Page) => form(page).getByLabel('Електронна пошта', exact),
  company: (page: Page) => form(page).getByLabel('Назва закладу', exact),
  phone: (page: Page) => form(page).getByLabel('Телефон', exact),
  password: (page: Page) => form(page).getByLabel('Пароль', exact),
  passwordRepeat: (page: Page) => form(page).getByLabel('Повторіть пароль', exact),
  submit: (page: Page) => form(page).getByRole('button', { name: 'Зареєструватися', exact: true }),
};

export const loginUi = {
  path: '/login',
  email: (page: Page) => form(page).getByLabel('Електронна пошта', exact),
  password: (page: Page) => form(page).getByLabel('Пароль', exact),
  submit: (page: Page) => form(page).getByRole('button', { name: 'Увійти', exact: true }),
  // A failed sign-in: an inline field error, an antd Alert or a toast (antd gives both role=alert).
  error: (page: Page) =>
    page.getByRole('alert').or(page.locator('.ant-form-item-explain-error')).first(),
};

export const accountMenuUi = {
  open: (page: Page) => page.getByRole('button', { name: 'Меню облікового запису', exact: true }),
  // The same button once the session is known (it ignores clicks while busy).
  ready: (page: Page) => accountMenuUi.open(page).and(page.locator('[aria-busy="false"]')),
  // A page the menu links to (Команда, Журнал змін).
  link: (page: Page, name: string) =>
    page.getByRole('menuitem').getByRole('link', { name, exact: true }),
  // antd Dropdown items are menuitems; a plain button would do as well.
  logout: (page: Page) =>
    page
      .getByRole('menuitem', { name: 'Вийти', exact: true })
      .or(page.getByRole('button', { name: 'Вийти', exact: true }))
      .first(),
};

/** An option of the open antd Select dropdown, by its title. */
export const dropdownOption = (page: Page, title: string) =>
  page.locator('.ant-select-dropdown:visible').getByTitle(title, exact);

/** The orders list (both the orders and the wizard journeys open a paid order from it). */
export const ordersUi = {
  add: (page: Page) => page.getByRole('button', { name: 'Додати', exact: true }),
  card: (page: Page, name: string) => page.getByRole('listitem', { name, exact: true }),
  currentStatus: (card: Locator) => card.locator('li[aria-current="step"]'),
  open: (card: Locator, name: string) => card.getByRole('button', { name, exact: true }),
};

/** The order-creation screen: the order's name, the chosen services and the confirmation. */
export const orderCreateUi = {
  orderName: (page: Page) => page.getByLabel('Назва замовлення', exact),
  addBlank: (page: Page) =>
    page.getByRole('button', { name: 'Додати розрахунок без шаблону', exact: true }),
  rows: (page: Page) => page.getByRole('list', { name: 'Обрані послуги' }).getByRole('listitem'),
  rowName: (row: Locator) => row.getByLabel('Назва послуги', exact),
  rowCategory: (row: Locator) => row.getByLabel('Категорія', exact),
  total: (page: Page) => page.getByText(/^До сплати:/),
  confirm: (page: Page) =>
    page.getByRole('button', { name: 'Підтвердити замовлення', exact: true }),
  confirmDialog: (page: Page) =>
    page.getByRole('dialog').filter({ hasText: 'Ви підтверджуєте замовлення?' }),
  confirmYes: (dialog: Locator) =>
    dialog.getByRole('button', { name: 'Так, підтверджую', exact: true }),
};

/** The administrator's orders table. */
export const adminOrdersUi = {
  path: '/admin-panel/orders',
  row: (page: Page, identifier: string) => page.getByRole('row').filter({ hasText: identifier }),
  // The status button group: one toggle button per status, the current one pressed.
  statusButton: (row: Locator, label: string) =>
    row.getByRole('button', { name: label, exact: true }),
  isPressed: async (button: Locator) => (await button.getAttribute('aria-pressed')) === 'true',
  // Setting 'Оплачено' or 'Погоджено' asks first (issue 13): the confirmation's 'yes'.
  confirmStatus: (page: Page) =>
    page.getByRole('tooltip').getByRole('button', { name: 'Так, встановити', exact: true }),
};

/** The calculation wizard (/orders/create/{identifier}): its heading, step bar, steps and Calculate. */
export const wizardUi = {
  heading: (page: Page) =>
    page.getByRole('heading', { level: 1, name: 'Розрахувати нові послуги', exact: true }),
  // The five-step header with Save and Calculate beside it (spec §2 "Wizard").
  nav: (page: Page) => page.getByRole('navigation', { name: 'Кроки розрахунку' }),
  // A clickable step is a button named by its number and title.
  step: (page: Page, title: string) =>
    wizardUi.nav(page).getByRole('button', { name: new RegExp(`${title}$`) }),
  activeStep: (page: Page, number: number, title: string) =>
    page.getByRole('region', { name: `Крок ${number}: ${title}`, exact: true }),
  calculate: (page: Page) =>
    wizardUi.nav(page).getByRole('button', { name: 'Розрахувати', exact: true }),
  calculateDialog: (page: Page) => page.getByRole('dialog', { name: 'Розрахувати?' }),
  calculateYes: (dialog: Locator) =>
    dialog.getByRole('button', { name: 'Так, підтверджую', exact: true }),
  save: (page: Page) => wizardUi.nav(page).getByRole('button', { name: 'Зберегти', exact: true }),
  unsaved: (page: Page) => page.getByText('Є незбережені зміни', exact),
  institutionField: (page: Page, label: string) =>
    page.getByRole('form', { name: 'Дані закладу' }).getByLabel(label, exact),
  /** A service's card in steps 2–5. */
  service: (page: Page, name: string) =>
    page.getByRole('region', { name: `Послуга: ${name}`, exact: true }),
  /** Line `number` (from 1) of a service's staff (step 2) or materials (step 3). */
  staffLine: (service: Locator, name: string, number: number) =>
    service
      .getByRole('list', { name: `Витрати часу: ${name}`, exact: true })
      .getByRole('listitem', { name: `Рядок ${number}`, exact: true }),
  materialLine: (service: Locator, name: string, number: number) =>
    service
      .getByRole('list', { name: `Витрати матеріалів: ${name}`, exact: true })
      .getByRole('listitem', { name: `Рядок ${number}`, exact: true }),
  // The read-only figures of a line (salary, unit, price, cost) are texts under a label, not controls: they
  // are found by the id their label points at (`…-cost`).
  lineFigure: (line: Locator, suffix: 'salary' | 'unit' | 'price' | 'cost') =>
    line.locator(`[id$="-${suffix}"]`),
};

/** What every screen has: its h1, a dialog by its title, a toast by its text. */
export const pageUi = {
  heading: (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true }),
  dialog: (page: Page, title: string) => page.getByRole('dialog', { name: title, exact: true }),
  toast: (page: Page, text: string | RegExp) =>
    page.locator('.ant-notification-notice').filter({ hasText: text }).first(),
};

/** The shared screens under one name, for a journey's own `ui` to spread and extend with its screens. */
export const appUi = {
  ...pageUi,
  orders: ordersUi,
  create: orderCreateUi,
  admin: adminOrdersUi,
  wizard: wizardUi,
  /** An option of the open antd dropdown (its virtual list items carry the option's text as title). */
  dropdownOption,
};
