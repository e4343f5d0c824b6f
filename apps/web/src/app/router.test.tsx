import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { expectLinkTo } from '@/testing/links';
import { roleTexts } from '@/testing/role-texts';
import { jsonResponse, mockFetch, renderRoutes, testAdmin, testUser } from '@/testing/test-utils';

import { submitSignIn } from '@/testing/submit-form';

import { ADMIN_PAGES, loadAntdShell, SIGNED_IN_PAGES } from './page-modules';
import { createRoutes } from './router';

afterEach(() => {
  vi.unstubAllGlobals();
});

// Every page's module is compiled once before the tests (a minute or more on a busy 2-core machine), so each test
// times the app, not vitest's first transform of a page it opens (which made single tests pass their 20 s).
beforeAll(async () => {
  await Promise.all(
    [
      loadAntdShell,
      () => import('./routes/login'),
      ...Object.values(SIGNED_IN_PAGES),
      ...Object.values(ADMIN_PAGES),
    ].map((load) => load()),
  );
}, 300_000);

// A route's first render compiles its lazy page module under vitest (several seconds on a loaded 2-core machine),
// so the heading is awaited longer than the 5 s default; the test still fails when the heading never comes.
const heading = (name: string) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 20_000 });

describe('routes of spec §2', () => {
  it('opens the landing page with its two calls to action', async () => {
    renderRoutes(createRoutes(), { path: '/', user: null });

    expect(await screen.findByRole('button', { name: 'Дізнатися більше' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Зв’язатися зараз' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Чому обирають нас' })).toBeInTheDocument();
    // Issue 23: the current year, not the spec's 2024.
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} `))).toBeInTheDocument();
  });

  it.each([
    ['/company', 'Дані закладу', 'Дані закладу: завантаження…'],
    ['/staff', 'Штатний розпис', 'Штатний розпис: завантаження…'],
    ['/pills', 'Витратні матеріали', 'Власні матеріали: завантаження…'],
    ['/equipment', 'Обладнання', 'Реєстр обладнання: завантаження…'],
    ['/measurements', 'Одиниці виміру', 'Власні одиниці виміру: завантаження…'],
    ['/calculations', 'Розраховані послуги', 'Розраховані послуги: завантаження…'],
    // Issue 33: the account menu's «Оплата».
    ['/payments', 'Оплата', 'Рахунки на оплату: завантаження…'],
    // Issue 41: the account menu's «Порівняння тарифів».
    ['/tariff-comparison', 'Порівняння тарифів', 'Порівняння тарифів: завантаження…'],
  ])('shows the page %s, loading its data', async (path, title, loading) => {
    // An answer that never comes keeps the page in its loading state.
    mockFetch(() => new Promise<Response>(() => undefined));
    renderRoutes(createRoutes(), { path, user: testUser });

    expect(await heading(title)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: loading })).toBeInTheDocument();
  });

  // Issue 33: the account menu's «Профіль» shows the session's user, with nothing to wait for.
  it('shows the profile of the signed-in user', async () => {
    mockFetch(() => new Promise<Response>(() => undefined));
    renderRoutes(createRoutes(), { path: '/profile', user: testUser });

    expect(await heading('Профіль')).toBeInTheDocument();
    expect(screen.getByLabelText('Ім’я')).toHaveValue(testUser.name);
  });

  it.each([
    ['/orders', 'Список розрахованих послуг'],
    ['/orders/create_order', 'Нове замовлення'],
    ['/orders/create/ord-42', 'Розрахувати нові послуги'],
  ])('shows the orders page %s to a signed-in user', async (path, title) => {
    mockFetch(() => jsonResponse(403, { message: 'Немає доступу.' }));
    renderRoutes(createRoutes(), { path, user: testUser });

    expect(await heading(title)).toBeInTheDocument();
  });

  it.each(['/orders', '/admin-panel/users', '/staff'])(
    'sends a visitor from %s to /login',
    async (path) => {
      const { router } = renderRoutes(createRoutes(), { path, user: null });

      expect(await heading('Вхід')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it('opens the admin tabs for an administrator, starting at orders', async () => {
    const { router } = renderRoutes(createRoutes(), { path: '/admin-panel', user: testAdmin });

    expect(await heading('Адміністрування')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-panel/orders'));
    // Issue 21: the tab bar is a navigation of links (no link nested in a role=tab), the current one marked.
    const bar = screen.getByRole('navigation', { name: 'Розділи адміністрування' });
    expect(roleTexts(bar, 'link')).toEqual([
      'Замовлення',
      'Послуги',
      'Користувачі',
      'Шаблони',
      'Витратні матеріали',
      'Одиниці виміру',
      'Обладнання',
      'Резервні копії',
      'Порівняння тарифів',
    ]);
    expectLinkTo('Користувачі', '/admin-panel/users', bar);
    expect(within(bar).getByRole('link', { name: 'Замовлення' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(bar).getByRole('link', { name: 'Послуги' })).not.toHaveAttribute('aria-current');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('answers a company user on an admin page with 403', async () => {
    renderRoutes(createRoutes(), { path: '/admin-panel/templates', user: testUser });

    expect(await screen.findByText('Доступ заборонено')).toBeInTheDocument();
    expect(
      screen.queryByRole('navigation', { name: 'Розділи адміністрування' }),
    ).not.toBeInTheDocument();
  });

  it('opens registration under both spellings, and sends signed-in users home', async () => {
    const first = renderRoutes(createRoutes(), { path: '/registration', user: null });
    expect(await heading('Реєстрація')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Зареєструватися' })).toBeInTheDocument();
    first.unmount();

    const { router } = renderRoutes(createRoutes(), { path: '/Registration', user: testUser });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the reset form with the token and email of the link', async () => {
    renderRoutes(createRoutes(), {
      path: '/password/reset/tok-1?email=olena%40example.com',
      user: null,
    });

    expect(await heading('Зміна пароля')).toBeInTheDocument();
    expect(screen.getByLabelText('Новий пароль')).toBeInTheDocument();
    expect(screen.getByLabelText('Підтвердіть пароль')).toBeInTheDocument();
    expect(screen.getByText('Обліковий запис: olena@example.com')).toBeInTheDocument();
  });

  it('shows a not-found page with a link home for unknown paths', async () => {
    renderRoutes(createRoutes(), { path: '/no/such/page', user: null });

    expect(await screen.findByText('Сторінку не знайдено')).toBeInTheDocument();
    expectLinkTo('Повернутися на головну', '/');
  });

  it.each([
    {
      name: 'returns to the guarded page after signing in',
      from: '/staff',
      user: testUser,
      lands: { heading: 'Штатний розпис', path: '/staff' },
    },
    {
      name: 'goes to /orders after signing in from the login page itself',
      from: '/login',
      user: testUser,
      lands: { heading: 'Список розрахованих послуг', path: '/orders' },
    },
    {
      name: 'takes an administrator to the admin panel after signing in (issue 23)',
      from: '/login',
      user: testAdmin,
      lands: { heading: 'Адміністрування', path: '/admin-panel/orders' },
    },
  ])('$name', async ({ from, user, lands }) => {
    mockFetch((call) =>
      call.path === '/login'
        ? jsonResponse(200, { message: 'Ви увійшли.', user })
        : call.path === '/api/administrator/orders'
          ? jsonResponse(200, { data: [], meta: { total: 0 } })
          : jsonResponse(204),
    );
    const { router } = renderRoutes(createRoutes(), { path: from, user: null });

    await heading('Вхід');
    await submitSignIn(user.email, 'secret-password');

    expect(await heading(lands.heading)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(lands.path);
  });
});
