import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, mockFetch, renderRoutes, screen, userEvent } from '@/testing/test-utils';

import { ForgotPasswordForm } from './forgot-password-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ForgotPasswordForm', () => {
  it('shows the answer on the page, or the field error', async () => {
    let answer = jsonResponse(422, {
      message: 'Дані містять помилки. Перевірте виділені поля.',
      errors: { email: ['Користувача з такою поштою не знайдено.'] },
    });
    mockFetch((call) => (call.path === '/password/email' ? answer : jsonResponse(204)));
    renderRoutes([{ path: '/', element: <ForgotPasswordForm /> }], { user: null });
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Електронна пошта'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Скинути пароль' }));
    expect(await screen.findByText('Користувача з такою поштою не знайдено.')).toBeInTheDocument();

    answer = jsonResponse(200, { message: 'Ми надіслали посилання для зміни пароля.' });
    await user.click(screen.getByRole('button', { name: 'Скинути пароль' }));
    expect(await screen.findByText('Ми надіслали посилання для зміни пароля.')).toBeVisible();
    expect(screen.getAllByText('Ми надіслали посилання для зміни пароля.')).toHaveLength(1);
  });
});
