import { apiRoutes } from '@medcalc/domain';
import type { BrowserContext, Dialog, Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';

import * as flows from './support/flows';
import { adminEnv, test } from './support/journey';
import type { TestServer } from './support/server';
import { exact, orderCreateUi, pageUi, wizardUi } from './support/ui';

// Issue 33: what a user types is never lost silently when the page goes away. On every page with an editor a change
// is typed and the tab reloaded (or closed) at once, well inside any save delay: a salary and the wizard's draft are
// then stored (sent as the page goes, as keep-alive requests) with no question asked; a form saved only by its
// button (the institution data, a material, a unit, an invitation) makes the browser ask before leaving, and
// another page of the app opened from the menu asks in the app.

const stamp = flows.uniqueStamp();
const admin = flows.adminCredentials(stamp);
const user = flows.newCompanyUser(stamp, 'Олег Незбережений', `Клініка «Без втрат» ${stamp}`);
const SERVICE = 'Послуга без втрат e2e';
const CATEGORY = 'Ультразвукова діагностика';

const ui = {
  ...pageUi,
  navLink: (page: Page, name: string) =>
    page
      .getByRole('navigation', { name: 'Основна навігація' })
      .getByRole('link', { name, exact: true }),
  salaries: (page: Page) =>
    page.getByRole('region', { name: 'Штатний розпис' }).getByRole('spinbutton'),
  companyField: (page: Page, label: string) =>
    page.getByRole('form', { name: 'Дані закладу' }).getByLabel(label, exact),
  inviteEmail: (page: Page) =>
    page.getByRole('form', { name: 'Запросити учасника' }).getByLabel('Електронна пошта', exact),
  leaveQuestion: (page: Page) => page.getByRole('dialog', { name: 'Залишити сторінку?' }),
};

/** What the journey started, and what it made since. */
const my = {} as { server: TestServer; page: Page; context: BrowserContext } & {
  order: string;
  companyIdentifier: string;
};
test.override('serverEnv', { scope: 'file' }, adminEnv(admin));
test.beforeAll(({ server, session }) => {
  Object.assign(my, { server, ...session });
});

/**
 * The browser's own dialogs on `page` from now on: each is recorded by its type (`beforeunload` is the leave
 * warning) and answered with `answer` (`accept`: leave the page).
 */
function recordDialogs(page: Page, answer: 'accept' | 'dismiss' = 'accept'): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog: Dialog) => {
    seen.push(dialog.type());
    void dialog[answer]().catch(() => undefined);
  });
  return seen;
}

/**
 * Goes to `path`, leaving the page before it whatever it asks (a new institution's data page holds the suggested
 * values unsaved, so leaving it asks), and waits for `ready` there.
 */
async function leaveFor(page: Page, path: string, ready: Locator): Promise<void> {
  const leave = (dialog: Dialog) => void dialog.accept().catch(() => undefined);
  page.on('dialog', leave);
  try {
    await page.goto(path);
  } finally {
    page.off('dialog', leave);
  }
  await ready.waitFor({ state: 'visible' });
}

/** Opens `path` ({@link leaveFor}) and waits for the page's heading. */
const open = (page: Page, path: string, heading: string) =>
  leaveFor(page, path, ui.heading(page, heading));

/** Types `value` into `input` as a user does: a click (which the browser needs before it may ask), then the text. */
async function typeInto(input: Locator, value: string): Promise<void> {
  await input.click();
  await input.fill(value);
}

/** The salary stored for the staffing table's row `id`, read through the API. */
async function storedSalary(id: string): Promise<number | undefined> {
  const rows = (await flows.api(my.page, apiRoutes.staff.list, {
    params: { companyIdentifier: my.companyIdentifier },
  })) as Array<{ id: number; salary: number }>;
  return rows.find((row) => String(row.id) === id)?.salary;
}

/** The address stored in the order's institution data, read through the API. */
async function storedAddress(): Promise<string | null | undefined> {
  const order = (await flows.api(my.page, apiRoutes.orders.detail, {
    params: { identifier: my.order },
  })) as {
    companyInfo: { address?: string | null };
  };
  return order.companyInfo.address;
}

/** The first salary input of the staffing table and its row's id. */
async function firstSalary(page: Page): Promise<{ input: Locator; id: string }> {
  const input = ui.salaries(page).first();
  await input.waitFor();
  const id = await input.locator('xpath=ancestor::tr[@data-row-key]').getAttribute('data-row-key');
  expect(id).not.toBeNull();
  return { input, id: id ?? '' };
}

describe('nothing typed is lost silently on leaving a page', () => {
  test('set-up: a company user orders one service, the administrator marks it paid', async ({
    signedIn,
  }) => {
    my.companyIdentifier = await flows.registerCompany(my.page, user);
    await flows.startNewOrder(my.page, `Без втрат e2e ${stamp}`);
    await flows.addBlankService(my.page, SERVICE, CATEGORY);
    my.order = await flows.confirmNewOrder(my.page);
    await signedIn(admin, (adminPage) => flows.markOrderPaid(adminPage, my.order));
  });

  test('a salary typed and reloaded at once is stored, and nothing is asked', async () => {
    await open(my.page, '/staff', 'Штатний розпис');
    const dialogs = recordDialogs(my.page);
    const { input, id } = await firstSalary(my.page);

    await typeInto(input, '31111');
    await my.page.reload();
    await ui.heading(my.page, 'Штатний розпис').waitFor();

    // Stored without the 2 s wait, which the reload cut short: the keep-alive save arrived.
    await expect.poll(() => storedSalary(id), { timeout: 10_000 }).toBe(31111);
    await my.page.reload();
    const again = await firstSalary(my.page);
    await expect.poll(() => again.input.inputValue()).toBe('31\u00a0111,00');
    expect(dialogs).toEqual([]);
    my.page.removeAllListeners('dialog');
  });

  test('a salary typed in a tab closed at once is stored, and nothing is asked', async () => {
    const tab = await my.context.newPage();
    await open(tab, '/staff', 'Штатний розпис');
    const dialogs = recordDialogs(tab);
    const { input, id } = await firstSalary(tab);

    await typeInto(input, '32222');
    const closed = tab.waitForEvent('close');
    await tab.close({ runBeforeUnload: true });
    await closed;

    await expect.poll(() => storedSalary(id), { timeout: 10_000 }).toBe(32222);
    expect(dialogs).toEqual([]);
  });

  test('a salary typed before a menu link is followed is stored, and nothing is asked', async () => {
    await open(my.page, '/staff', 'Штатний розпис');
    const { input, id } = await firstSalary(my.page);

    await typeInto(input, '33333');
    await ui.navLink(my.page, 'Дані закладу').click();
    await ui.heading(my.page, 'Дані закладу').waitFor();

    await expect.poll(() => storedSalary(id), { timeout: 10_000 }).toBe(33333);
    expect(await ui.leaveQuestion(my.page).count()).toBe(0);
  });

  test('the wizard’s draft changed and reloaded at once is stored, and nothing is asked', async () => {
    const address = wizardUi.institutionField(my.page, 'Адреса');
    await leaveFor(my.page, `/orders/create/${my.order}`, address);
    const dialogs = recordDialogs(my.page);

    await typeInto(address, 'м. Київ, вул. Невтрачена, 33');
    await my.page.reload();
    await address.waitFor({ state: 'visible' });

    await expect.poll(storedAddress, { timeout: 10_000 }).toBe('м. Київ, вул. Невтрачена, 33');
    await my.page.reload();
    await address.waitFor({ state: 'visible' });
    expect(await address.inputValue()).toBe('м. Київ, вул. Невтрачена, 33');
    expect(dialogs).toEqual([]);
    my.page.removeAllListeners('dialog');
  });

  test('the wizard’s draft changed in a tab closed at once is stored, and nothing is asked', async () => {
    const tab = await my.context.newPage();
    const address = wizardUi.institutionField(tab, 'Адреса');
    await leaveFor(tab, `/orders/create/${my.order}`, address);
    const dialogs = recordDialogs(tab);

    await typeInto(address, 'м. Київ, вул. Закрита, 34');
    const closed = tab.waitForEvent('close');
    await tab.close({ runBeforeUnload: true });
    await closed;

    await expect.poll(storedAddress, { timeout: 10_000 }).toBe('м. Київ, вул. Закрита, 34');
    expect(dialogs).toEqual([]);
  });

  test('a page clicked on but with nothing typed reloads without a question', async () => {
    await open(my.page, '/measurements', 'Одиниці виміру');
    const dialogs = recordDialogs(my.page);
    // A click: the browser may ask from now on, if the page wants it to.
    await ui.heading(my.page, 'Одиниці виміру').click();
    await my.page.reload();
    await ui.heading(my.page, 'Одиниці виміру').waitFor();
    expect(dialogs).toEqual([]);
    my.page.removeAllListeners('dialog');
  });

  /** Opens the page's «Додати» dialog `title` and types `name` into its «Назва». */
  const nameInAddDialog = (title: string, name: string) => async (page: Page) => {
    await page.getByRole('button', { name: 'Додати', exact: true }).click();
    await typeInto(ui.dialog(page, title).getByLabel('Назва', exact), name);
  };

  /** Pages whose input only their button saves: reloading right after typing makes the browser ask. */
  const askingPages: {
    name: string;
    path: string;
    heading: string;
    type: (page: Page) => Promise<void>;
  }[] = [
    {
      name: 'the institution data',
      path: '/company',
      heading: 'Дані закладу',
      type: (page) => typeInto(ui.companyField(page, 'Адреса'), 'м. Київ, вул. Незбережена, 1'),
    },
    {
      name: 'a new material',
      path: '/pills',
      heading: 'Витратні матеріали',
      type: nameInAddDialog('Новий матеріал', 'Бинт'),
    },
    {
      name: 'a new unit',
      path: '/measurements',
      heading: 'Одиниці виміру',
      type: nameInAddDialog('Нова одиниця виміру', 'рулон'),
    },
    {
      name: 'a new order not yet confirmed',
      path: '/orders/create_order',
      heading: 'Нове замовлення',
      type: (page) => typeInto(orderCreateUi.orderName(page), `Незавершене e2e ${stamp}`),
    },
    {
      name: 'an invitation',
      path: '/members',
      heading: 'Команда',
      type: (page) => typeInto(ui.inviteEmail(page), `colleague.${stamp}@example.com`),
    },
  ];

  test.each(askingPages)(
    '$name: a reload right after typing asks first',
    async ({ path, heading, type }) => {
      await open(my.page, path, heading);
      const dialogs = recordDialogs(my.page, 'accept');
      await type(my.page);
      await my.page.reload();
      await ui.heading(my.page, heading).waitFor();
      expect(dialogs).toEqual(['beforeunload']);
      my.page.removeAllListeners('dialog');
    },
  );

  test('a new order: a menu link goes without a question, and the draft is there on coming back', async () => {
    await open(my.page, '/orders/create_order', 'Нове замовлення');
    const dialogs = recordDialogs(my.page, 'dismiss');
    await typeInto(orderCreateUi.orderName(my.page), `Відкладене e2e ${stamp}`);
    await flows.addBlankService(my.page, SERVICE, CATEGORY);

    // The draft stays in the tab (issue 13), so the app's own pages open without asking.
    await ui.navLink(my.page, 'Штатний розпис').click();
    await ui.heading(my.page, 'Штатний розпис').waitFor();
    expect(await ui.leaveQuestion(my.page).count()).toBe(0);
    await my.page.goBack();
    await ui.heading(my.page, 'Нове замовлення').waitFor();
    expect(await orderCreateUi.orderName(my.page).inputValue()).toBe(`Відкладене e2e ${stamp}`);
    expect(await orderCreateUi.rows(my.page).count()).toBe(1);

    // Closing the tab would lose it: the browser asks, and staying keeps it.
    await my.page.close({ runBeforeUnload: true });
    await expect.poll(() => dialogs).toEqual(['beforeunload']);
    expect(my.page.isClosed()).toBe(false);
    expect(await orderCreateUi.orderName(my.page).inputValue()).toBe(`Відкладене e2e ${stamp}`);
    my.page.removeAllListeners('dialog');
  });

  test('the institution data: closing the tab asks, and staying keeps what was typed', async () => {
    const tab = await my.context.newPage();
    await open(tab, '/company', 'Дані закладу');
    const dialogs = recordDialogs(tab, 'dismiss');
    const address = ui.companyField(tab, 'Адреса');
    await typeInto(address, 'м. Київ, вул. Залишена, 2');

    await tab.close({ runBeforeUnload: true });
    await expect.poll(() => dialogs).toEqual(['beforeunload']);
    expect(tab.isClosed()).toBe(false);
    expect(await address.inputValue()).toBe('м. Київ, вул. Залишена, 2');
    await tab.close();
  });

  test('the institution data: a menu link asks in the app, and «Залишитися» keeps what was typed', async () => {
    await open(my.page, '/company', 'Дані закладу');
    const address = ui.companyField(my.page, 'Адреса');
    await typeInto(address, 'м. Київ, вул. Меню, 3');

    await ui.navLink(my.page, 'Штатний розпис').click();
    const question = ui.leaveQuestion(my.page);
    await question.getByText('Дані закладу мають незбережені зміни.', { exact: false }).waitFor();
    await question.getByRole('button', { name: 'Залишитися', exact: true }).click();
    await question.waitFor({ state: 'hidden' });
    expect(new URL(my.page.url()).pathname).toBe('/company');
    expect(await address.inputValue()).toBe('м. Київ, вул. Меню, 3');
  });
});
