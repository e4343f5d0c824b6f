import type { ProviderResponse } from '@medcalc/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createRoutes } from '../../router';
import { expectLinkTo } from '@/testing/links';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PROVIDER: ProviderResponse = {
  name: 'ТОВ «Медкальк Сервіс»',
  code: '12345678',
  iban: 'UA213223130000026007233566001',
  bank: 'АТ «Приклад Банк»',
  address: 'м. Київ, вул. Прикладна, 5',
  phone: '+380 44 000 00 00',
  email: 'info@medcalc.test',
  isDemo: false,
};

const serve = (provider: ProviderResponse | null) =>
  mockFetch((call) =>
    call.path === '/api/provider'
      ? provider
        ? jsonResponse(200, provider)
        : jsonResponse(500, { message: 'Помилка сервера.' })
      : jsonResponse(204),
  );

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('the footer and its pages (issue 23)', () => {
  it('links only to pages that exist, each opening its page, with the current year', async () => {
    serve(PROVIDER);
    const user = userEvent.setup();
    const { router } = renderRoutes(createRoutes(), { path: '/about', user: null });
    expect(await heading('Про нас')).toBeInTheDocument();

    const footer = screen.getByRole('navigation', { name: 'Інформація' });
    const links = within(footer).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Про нас', '/about'],
      ['Контакти', '/contacts'],
      ['Угода користувача', '/terms'],
      ['Угода про конфіденційність', '/privacy'],
      ['Договір оферти', '/offer'],
    ]);
    expect(screen.queryByText('Чат')).toBeNull();
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} `))).toBeInTheDocument();

    // Each route opens its page (the other pages are opened directly by the tests below).
    await user.click(within(footer).getByRole('link', { name: 'Договір оферти' }));
    expect(await heading('Договір оферти')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/offer');
  });

  it('states the fee from the domain, what is delivered, refunds and the requisites in the offer', async () => {
    serve(PROVIDER);
    renderRoutes(createRoutes(), { path: '/offer', user: null });
    expect(await heading('Договір оферти')).toBeInTheDocument();
    expect(await screen.findAllByText(/240 грн/)).not.toHaveLength(0);
    expect(screen.getByRole('heading', { name: '3. Що ви отримуєте' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '4. Повернення коштів' })).toBeInTheDocument();
    expect(screen.getByText('UA21 3223 1300 0002 6007 2335 6600 1')).toBeInTheDocument();
    expect(screen.getByText('АТ «Приклад Банк»')).toBeInTheDocument();
  });

  it('names the law, the data, the purposes, the terms, the rights and whom to write to in the privacy notice', async () => {
    serve(PROVIDER);
    renderRoutes(createRoutes(), { path: '/privacy', user: null });
    expect(await heading('Угода про конфіденційність')).toBeInTheDocument();
    expect(await screen.findAllByText(/«Про захист персональних даних»/)).not.toHaveLength(0);
    for (const section of [
      '2. Які дані ми збираємо',
      '3. Для чого',
      '4. Як довго',
      '5. Ваші права',
      '6. Кому писати',
    ]) {
      expect(screen.getByRole('heading', { name: section })).toBeInTheDocument();
    }
    expect(screen.getByText(/ТОВ «Медкальк Сервіс», код 12345678/)).toBeInTheDocument();
    expectLinkTo('info@medcalc.test', 'mailto:info@medcalc.test');
  });

  it('says the requisites are a demo while the provider is not configured', async () => {
    serve({ ...PROVIDER, name: 'ТОВ «Медкальк» (демо)', email: null, isDemo: true });
    renderRoutes(createRoutes(), { path: '/contacts', user: null });
    expect(await heading('Контакти')).toBeInTheDocument();
    expect(await screen.findByText(/Це демонстраційна версія/)).toBeInTheDocument();
    expect(screen.getByText(/листом на адресу: м\. Київ, вул\. Прикладна, 5/)).toBeInTheDocument();
  });

  it('shows the text with a warning when the requisites cannot be read', async () => {
    serve(null);
    renderRoutes(createRoutes(), { path: '/terms', user: null });
    expect(await heading('Угода користувача')).toBeInTheDocument();
    expect(await screen.findByText(/Не вдалося завантажити реквізити/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '3. Заборонено' })).toBeInTheDocument();
  });
});
