import type { CurrentUser } from '@medcalc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { USER_QUERY_KEY } from '@/lib/auth';
import { expectLinkTo } from '@/testing/links';
import { roleTexts } from '@/testing/role-texts';
import {
  fetchedPaths,
  jsonResponse,
  mockFetch,
  renderRoutes,
  testAdmin,
  testUser,
} from '@/testing/test-utils';

import { AppHeader } from './app-header';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderHeader(user: CurrentUser | null, path = '/orders') {
  return renderRoutes([{ path: '*', element: <AppHeader /> }], { path, user });
}

const navigation = () => screen.getByRole('navigation', { name: 'Основна навігація' });

describe('AppHeader', () => {
  it('links the sections of spec §2 and the equipment register (issue 38) for a signed-in user', () => {
    renderHeader(testUser, '/orders');

    const links = within(navigation()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Розрахунок послуг', '/orders'],
      ['Розраховані послуги', '/calculations'],
      ['Дані закладу', '/company'],
      ['Штатний розпис', '/staff'],
      ['Витратні матеріали', '/pills'],
      ['Обладнання', '/equipment'],
      ['Одиниці виміру', '/measurements'],
    ]);
  });

  // Issue 33: the sections would only send a visitor to /login; the visitor's header leads to public pages.
  it.each(['/', '/login', '/about'])('links a visitor on %s to the public pages only', (path) => {
    renderHeader(null, path);

    const links = within(navigation()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Про нас', '/about'],
      ['Договір оферти', '/offer'],
      ['Контакти', '/contacts'],
    ]);
  });

  it('shows no section links while the session is still being checked', () => {
    mockFetch(() => new Promise<Response>(() => {}));
    renderRoutes([{ path: '*', element: <AppHeader /> }], { path: '/' });
    expect(within(navigation()).queryAllByRole('link')).toEqual([]);
  });

  it('offers no section and no account page while the password must change, only sign-out (issue 34)', async () => {
    const user = userEvent.setup();
    renderHeader({ ...testUser, mustChangePassword: true }, '/change-password');
    expect(within(navigation()).queryAllByRole('link')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Меню облікового запису' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryAllByRole('link')).toEqual([]);
    expect(within(menu).getByRole('menuitem', { name: 'Вийти' })).toBeInTheDocument();
  });

  it('shows the Admin link to administrators only', () => {
    const { unmount } = renderHeader(testAdmin);
    expect(within(navigation()).getByRole('link', { name: 'Адмін' })).toHaveAttribute(
      'href',
      '/admin-panel/orders',
    );
    unmount();

    renderHeader(testUser);
    expect(within(navigation()).queryByRole('link', { name: 'Адмін' })).not.toBeInTheDocument();
  });

  it('keeps the Admin link highlighted on every admin tab', () => {
    renderHeader(testAdmin, '/admin-panel/users');
    const admin = within(navigation()).getByRole('link', { name: 'Адмін' });
    expect(admin).toHaveClass('active');
    expect(admin).toHaveAttribute('aria-current', 'page');
  });

  it('folds the sections into a drawer behind the menu button, which closes on a choice', async () => {
    const user = userEvent.setup();
    renderHeader(testUser, '/orders');

    await user.click(screen.getByRole('button', { name: 'Меню розділів' }));
    const drawer = await screen.findByRole('navigation', { name: 'Розділи' });
    expect(roleTexts(drawer, 'link')).toEqual([
      'Розрахунок послуг',
      'Розраховані послуги',
      'Дані закладу',
      'Штатний розпис',
      'Витратні матеріали',
      'Обладнання',
      'Одиниці виміру',
    ]);

    await user.click(within(drawer).getByRole('link', { name: 'Дані закладу' }));
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Розділи' })).not.toBeInTheDocument(),
    );
  });

  it('hides the Admin link from visitors', () => {
    renderHeader(null, '/');
    expect(within(navigation()).queryByRole('link', { name: 'Адмін' })).not.toBeInTheDocument();
  });

  it('toggles the account menu of a visitor: sign in and registration', async () => {
    const user = userEvent.setup();
    renderHeader(null, '/');
    const toggle = screen.getByRole('button', { name: 'Меню облікового запису' });

    await user.click(toggle);
    const menu = await screen.findByRole('menu');
    expectLinkTo('Увійти', '/login', menu);
    expectLinkTo('Реєстрація', '/Registration', menu);
    // The menu's code loads on the first click and the toggle is then the same button inside the dropdown: a
    // new element, which keeps the focus.
    const menuToggle = screen.getByRole('button', { name: 'Меню облікового запису' });
    expect(menuToggle).toHaveAttribute('aria-expanded', 'true');
    expect(menuToggle).toHaveFocus();

    // jsdom runs no CSS animations, so the closing menu stays in its leave state; the toggle tells.
    await user.click(menuToggle);
    await waitFor(() => expect(menuToggle).toHaveAttribute('aria-expanded', 'false'));
  });

  it('signs a user out from the account menu and goes to the landing page', async () => {
    const user = userEvent.setup();
    document.cookie = 'XSRF-TOKEN=t; path=/';
    window.localStorage.setItem('root', '{}');
    const fetchSpy = mockFetch(() => jsonResponse(200, { message: 'Ви вийшли з системи.' }));
    const { router, queryClient } = renderHeader(testUser);

    await user.click(screen.getByRole('button', { name: 'Меню облікового запису' }));
    const menu = await screen.findByRole('menu');
    const items = roleTexts(menu, 'menuitem');
    // Issue 22: the team and (an owner's or economist's) activity log come first.
    expect(items).toEqual([
      'Команда',
      'Журнал змін',
      'Налаштування закладу',
      'Порівняння тарифів',
      'Профіль',
      'Оплата',
      'Вийти',
    ]);
    // Issue 33: every item leads to a page.
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Команда', '/members'],
      ['Журнал змін', '/activity'],
      ['Налаштування закладу', '/company'],
      ['Порівняння тарифів', '/tariff-comparison'],
      ['Профіль', '/profile'],
      ['Оплата', '/payments'],
    ]);

    await user.click(within(menu).getByRole('menuitem', { name: 'Вийти' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(queryClient.getQueryData(USER_QUERY_KEY)).toBeNull());
    expect(fetchedPaths(fetchSpy)).toEqual(['POST /logout']);
    expect(window.localStorage.getItem('root')).toBeNull();
    expect(await screen.findByText('Ви вийшли з системи.')).toBeInTheDocument();
  });

  describe('signing in and out (issue 13)', () => {
    const actions = () =>
      screen.queryAllByRole('link').filter((link) => !navigation().contains(link));

    it('shows a visitor «Увійти» and «Реєстрація» in the header, without the page they are on', () => {
      renderHeader(null, '/');
      expect(
        actions()
          .filter((link) => link.className.includes('app-header-link'))
          .map((link) => [link.textContent, link.getAttribute('href')]),
      ).toEqual([
        ['Увійти', '/login'],
        ['Реєстрація', '/Registration'],
      ]);
    });

    it('leaves «Увійти» out on the login page', () => {
      renderHeader(null, '/login');
      expect(screen.queryByRole('link', { name: 'Увійти' })).not.toBeInTheDocument();
      expectLinkTo('Реєстрація', '/Registration');
    });

    it('gives a signed-in user on the landing page the way into the app, and no sign-in links', () => {
      renderHeader(testUser, '/');
      expectLinkTo('До розрахунків', '/orders');
      expect(screen.queryByRole('link', { name: 'Увійти' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Реєстрація' })).not.toBeInTheDocument();
    });

    it('names the signed-in user and the institution at the top of the account menu', async () => {
      const user = userEvent.setup();
      renderHeader(testUser);
      const toggle = screen.getByRole('button', { name: 'Меню облікового запису' });
      expect(toggle).toHaveAttribute('title', 'Олена Петренко, Міська клініка');

      await user.click(toggle);
      const menu = await screen.findByRole('menu');
      expect(within(menu).getByText('Олена Петренко')).toBeInTheDocument();
      expect(within(menu).getByText('Міська клініка')).toBeInTheDocument();
      expect(within(menu).getByText('olena@example.com')).toBeInTheDocument();
    });
  });
});
