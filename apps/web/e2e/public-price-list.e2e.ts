import { join } from 'node:path';

import {
  apiRoutes,
  DEFAULT_APPROVAL_SETTINGS,
  suggestSlug,
  WORKED_EXAMPLE_COMPANY_INFO,
} from '@medcalc/domain';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';

import { readQrFromPdf } from '../../../scripts/lib/qr-reader.mjs';
import { checkAtBothWidths, formatFindings } from './support/axe';
import { ARTIFACTS_DIR } from './support/browser';
import * as flows from './support/flows';
import { adminEnv, startJourney, test } from './support/journey';
import { exact } from './support/ui';

// Issue 36 in Debian's chromium against the real server: an institution whose tariffs are approved and in effect
// publishes its price list on /company; an anonymous visitor on a phone (390×844) opens /p/{slug}, sees every
// service grouped by category, searches as they type, prints (the print view's screenshot is in the artifacts
// folder, to look at), reads the poster's QR code back (pdftoppm and ZXing) and lands on the page; with JavaScript
// off every service is still listed and the search still works; axe (WCAG 2.1 AA) finds no serious or critical
// issue on the page or its embed.

const stamp = flows.uniqueStamp();
const admin = flows.adminCredentials(stamp);
const user = flows.newCompanyUser(stamp, 'Марія Економістка', `Лікарня прейскуранту ${stamp}`);
const INSTITUTION = {
  ...WORKED_EXAMPLE_COMPANY_INFO,
  name: 'КНП «Міська лікарня прейскуранту»',
  address: 'м. Полтава, вул. Соборності, 12',
  ceo_phone: '+380 50 123 45 67',
  code: '14360570',
};
const BODY_NAME = 'Виконавчий комітет Полтавської міської ради';
const ORDER_NAME = `Прейскурант ${stamp}`;
const ULTRASOUND = flows.TEMPLATE_CATEGORY;
const THYROID = 'УЗД щитоподібної залози';
const LABORATORY = 'Лабораторні дослідження';
const BLOOD_COUNT = 'Загальний аналіз крові (гематологічний аналізатор, лейкоцитарна формула)';
/** The services the institution approves, as the page groups them: categories A–Я, services by code. */
const SERVICES: Readonly<Record<string, readonly string[]>> = {
  [LABORATORY]: [BLOOD_COUNT],
  [ULTRASOUND]: [flows.TEMPLATE_SERVICE, THYROID],
};
const ALL_SERVICES = Object.values(SERVICES).flat();
const PHONE = { width: 390, height: 844 } as const;
/** A4 at 96 px an inch, less the print margins (@page 12 mm each side): the width the print view lays out in. */
const A4_CONTENT = { width: 703, height: 1017 } as const;

let owner: Page;
let visitor: Page;
let slug = '';

/** A Kyiv calendar day `days` from today, `YYYY-MM-DD`. */
const kyivDay = (days: number): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

/** The rows of the list as the visitor sees them now: each visible category with its visible services. */
const visibleList = (page: Page) =>
  page.locator('main section').evaluateAll((sections) =>
    sections
      .filter((section) => (section as HTMLElement).offsetParent !== null)
      .map((section) => ({
        category: section.querySelector('h2')?.textContent ?? '',
        services: Array.from(section.querySelectorAll('tr[data-search]'))
          .filter((row) => (row as HTMLElement).offsetParent !== null)
          .map((row) => row.querySelector('td.name')?.firstChild?.textContent?.trim() ?? ''),
      })),
  );

/** Every category with every one of its services, in the page's order. */
const EVERY_SERVICE = Object.entries(SERVICES).map(([category, services]) => ({
  category,
  services: [...services],
}));

async function expectAccessible(page: Page, view: string): Promise<void> {
  const findings = await checkAtBothWidths(page, view);
  expect(findings.length, `serious or critical WCAG violations:\n${formatFindings(findings)}`).toBe(
    0,
  );
}

/** At the page's width nothing sticks out sideways. */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

startJourney({ serverEnv: adminEnv(admin), takePage: (page) => (owner = page) });

describe('the public price list (/p/{slug})', () => {
  test('an institution whose tariffs are approved and in effect', async ({ openWindow }) => {
    const companyIdentifier = await flows.registerCompany(owner, user, INSTITUTION);
    await flows.api(owner, apiRoutes.company.updateApprovalSettings, {
      params: { companyIdentifier },
      body: { ...DEFAULT_APPROVAL_SETTINGS, bodyName: BODY_NAME },
    });
    const identifier = await flows.placeTemplatesOrder(
      owner,
      companyIdentifier,
      ORDER_NAME,
      ALL_SERVICES,
    );
    const { page: adminPage, context } = await openWindow(admin);
    await flows.setOrderStatus(adminPage, identifier, 'paid');
    const detail = (await flows.api(owner, apiRoutes.orders.detail, {
      params: { identifier },
    })) as {
      calculations: unknown;
      companyInfo: unknown;
    };
    await flows.calculateThroughApi(owner, identifier, ORDER_NAME, detail);
    await flows.api(owner, apiRoutes.orders.sendForApproval, { body: { identifier } });
    await flows.setOrderStatus(adminPage, identifier, 'agreed');
    await context.close();
    // Decided two weeks ago, in effect since last week.
    await flows.api(owner, apiRoutes.orders.approval, {
      params: { identifier },
      body: {
        revision: 1,
        decisionNumber: '27',
        decisionDate: kyivDay(-14),
        effectiveDate: kyivDay(-7),
      },
    });
  });

  test('the owner publishes it on /company at the suggested address', async () => {
    await owner.goto('/company');
    const block = owner.getByRole('form', { name: 'Публічний прейскурант' });
    await block.waitFor();
    slug = await block.getByLabel('Адреса сторінки (латинські літери, цифри, дефіси)').inputValue();
    expect(slug).toBe(suggestSlug(INSTITUTION.name ?? ''));
    await block.getByRole('switch', { name: 'Публікувати прейскурант' }).click();
    const saved = owner.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' &&
        new URL(response.url()).pathname.endsWith('/public-price-list'),
    );
    await block.getByRole('button', { name: 'Зберегти публікацію' }).click();
    expect((await saved).status()).toBe(200);
    await owner.getByRole('link', { name: 'Відкрити сторінку', exact: true }).waitFor();
  });

  test('an anonymous visitor on a phone sees every service, grouped by category', async ({
    openWindow,
  }) => {
    ({ page: visitor } = await openWindow(undefined, { viewport: PHONE }));
    await visitor.goto(`/p/${slug}`);
    await visitor.getByRole('heading', { level: 1, name: INSTITUTION.name, exact: true }).waitFor();
    await expect
      .poll(() => visitor.title())
      .toBe(`Прейскурант платних послуг — ${INSTITUTION.name}`);
    expect(await visibleList(visitor)).toEqual(EVERY_SERVICE);
    await visitor.getByText('Усього: 3 послуги', exact).waitFor();
    // The institution's contacts: the phone dials.
    await visitor.getByText(`Адреса: ${INSTITUTION.address}`, exact).waitFor();
    await visitor.getByText(`Код ЄДРПОУ: ${INSTITUTION.code}`, exact).waitFor();
    expect(
      await visitor
        .getByRole('link', { name: INSTITUTION.ceo_phone, exact: true })
        .getAttribute('href'),
    ).toBe('tel:+380501234567');
    // The decision and its date are on every row; the tariff is the final one, in hryvnias.
    const first = visitor.locator('tr[data-search]').first();
    expect(await first.innerText()).toContain(`${BODY_NAME}, рішення від`);
    expect(await first.locator('td.price').innerText()).toMatch(/^\d[\d\s]*,\d{2}\sгрн$/);
    expect(await sidewaysScroll(visitor)).toBeLessThanOrEqual(0);
    await visitor.screenshot({
      path: join(ARTIFACTS_DIR, 'public-price-list-390.png'),
      fullPage: true,
    });
  });

  test('the search narrows the list as they type', async () => {
    const search = visitor.getByRole('searchbox', { name: 'Пошук послуги' });
    await search.pressSequentially('щитоподібн');
    await expect
      .poll(() => visibleList(visitor))
      .toEqual([{ category: ULTRASOUND, services: [THYROID] }]);
    await visitor.getByText('Знайдено: 1 послуга', exact).waitFor();
    await search.fill('');
    await search.pressSequentially('аналіз крові');
    await expect
      .poll(() => visibleList(visitor))
      .toEqual([{ category: LABORATORY, services: [BLOOD_COUNT] }]);
    await search.pressSequentially(' zzz');
    await expect.poll(() => visibleList(visitor)).toEqual([]);
    await visitor.getByText('Знайдено: 0 послуг', exact).waitFor();
  });

  test('the print view lists every service, without the search, on A4', async () => {
    // Printed after a search: the paper still has the whole list.
    await visitor.emulateMedia({ media: 'print' });
    await visitor.setViewportSize(A4_CONTENT);
    try {
      expect(await visibleList(visitor)).toEqual(EVERY_SERVICE);
      expect(await visitor.locator('form.search').isVisible()).toBe(false);
      expect(await visitor.getByText('Відкриті дані:').isVisible()).toBe(false);
      await visitor.getByText('Прейскурант платних послуг', exact).waitFor();
      await visitor.screenshot({
        path: join(ARTIFACTS_DIR, 'public-price-list-print.png'),
        fullPage: true,
      });
    } finally {
      await visitor.emulateMedia({ media: 'screen' });
      await visitor.setViewportSize(PHONE);
    }
  });

  test('the poster’s QR code leads to the page', async ({ server }) => {
    // The poster as the owner's block links it, downloaded by the visitor's phone.
    const href = await owner
      .getByRole('link', { name: 'Плакат з QR-кодом (PDF, A4)', exact: true })
      .getAttribute('href');
    expect(href).toBe(`${server.url}/p/${slug}/poster.pdf`);
    const poster = await visitor.request.get(href ?? '');
    expect(poster.status()).toBe(200);
    expect(poster.headers()['content-type']).toBe('application/pdf');
    const address = readQrFromPdf(await poster.body());
    expect(address).toBe(`${server.url}/p/${slug}`);
    await visitor.goto(address);
    await flows.waitForPath(visitor, `/p/${slug}`);
    await visitor.getByRole('heading', { level: 1, name: INSTITUTION.name, exact: true }).waitFor();
    expect(await visibleList(visitor)).toEqual(EVERY_SERVICE);
  });

  test('with JavaScript off every service is still listed, and the search still answers', async ({
    openWindow,
  }) => {
    const { page, context } = await openWindow(undefined, {
      viewport: PHONE,
      javaScriptEnabled: false,
    });
    await page.goto(`/p/${slug}`);
    expect(await visibleList(page)).toEqual(EVERY_SERVICE);
    await page.getByText('Усього: 3 послуги', exact).waitFor();
    // Typing narrows nothing (no script runs); the search form is sent to the server (`?q=`), which answers the
    // narrowed list.
    await page.getByRole('searchbox', { name: 'Пошук послуги' }).fill('щитоподібн');
    expect(await visibleList(page)).toEqual(EVERY_SERVICE);
    await page.getByRole('button', { name: 'Знайти', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'щитоподібн');
    expect(await visibleList(page)).toEqual([{ category: ULTRASOUND, services: [THYROID] }]);
    await context.close();
  });

  test('axe finds no serious or critical issue on the page and its embed', async () => {
    await visitor.goto(`/p/${slug}`);
    await expectAccessible(visitor, `/p/${slug}`);
    await visitor.goto(`/p/${slug}/embed`);
    expect(await visibleList(visitor)).toEqual(EVERY_SERVICE);
    await expectAccessible(visitor, `/p/${slug}/embed`);
  });
});
