import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { expectLinkTo } from '@/testing/links';
import { submitSignIn } from '@/testing/submit-form';
import {
  fetchedPaths,
  jsonResponse,
  mockFetch,
  mockFetchAt,
  renderRoutes,
  testUser,
} from '@/testing/test-utils';

import { LoginForm } from './login-form';

function renderLoginForm() {
  const onSuccess = vi.fn();
  renderRoutes([{ path: '/login', element: <LoginForm onSuccess={onSuccess} /> }], {
    path: '/login',
    user: null,
  });
  return { onSuccess };
}

const submit = submitSignIn;

describe('LoginForm', () => {
  it('labels its fields and buttons in Ukrainian', () => {
    renderLoginForm();

    expect(screen.getByRole('textbox', { name: 'Електронна пошта' })).toBeInTheDocument();
    expect(screen.getByLabelText('Пароль')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Запам’ятати мене' })).not.toBeChecked();
    expectLinkTo('Забули пароль?', '/forgot-password');
    expectLinkTo('Зареєструватися', '/Registration');
    // Issue 33: no social sign-in buttons that do nothing.
    expect(screen.queryByRole('button', { name: 'Google' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Facebook' })).not.toBeInTheDocument();
  });

  it('shows the first server message under email and password on 422', async () => {
    const fetchSpy = mockFetchAt('/login', 422, {
      message: 'Дані містять помилки. Перевірте виділені поля.',
      errors: {
        email: ['Невірна електронна пошта або пароль.', 'Друге повідомлення.'],
        password: ['Пароль не підходить.'],
      },
    });
    const { onSuccess } = renderLoginForm();

    await submit('olena@example.com', 'wrong-password');

    const email = screen.getByLabelText('Електронна пошта');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Невірна електронна пошта або пароль.');
    expect(screen.getByLabelText('Пароль')).toHaveAccessibleDescription('Пароль не підходить.');
    expect(screen.queryByText('Друге повідомлення.')).not.toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(fetchedPaths(fetchSpy)).toEqual(['GET /sanctum/csrf-cookie', 'POST /login']);
  });

  it('posts the credentials with the XSRF header and reports the signed-in user', async () => {
    const fetchSpy = mockFetchAt('/login', 200, { message: 'Ви увійшли.', user: testUser });
    const { onSuccess } = renderLoginForm();

    await submit('Olena@Example.com', 'secret-password');

    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(testUser));
    const [, init] = fetchSpy.mock.calls[1] ?? [];
    expect(init?.body).toBe(
      JSON.stringify({ email: 'olena@example.com', password: 'secret-password', remember: false }),
    );
    expect(new Headers(init?.headers).get('X-XSRF-TOKEN')).toBe('token/with=chars');
    expect(await screen.findByText('Ви увійшли.')).toBeInTheDocument();
  });

  it('checks required fields before calling the server', async () => {
    const fetchSpy = mockFetch(() => jsonResponse(204));
    renderLoginForm();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Увійти' }));

    const form = screen.getByRole('form', { name: 'Вхід' });
    expect(
      await within(form).findByText('Поле «Електронна пошта» обов’язкове.'),
    ).toBeInTheDocument();
    expect(within(form).getByText('Поле «Пароль» обов’язкове.')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
