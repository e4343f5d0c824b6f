import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { expectFieldError } from '@/testing/field-errors';
import { expectLinkTo } from '@/testing/links';
import { fillAndSubmit } from '@/testing/submit-form';
import { jsonResponse, mockFetch, mockFetchAt, renderRoutes } from '@/testing/test-utils';

import { ResetPasswordForm } from './reset-password-form';

const submitReset = (password: string, confirmation: string) =>
  fillAndSubmit({ 'Новий пароль': password, 'Підтвердіть пароль': confirmation }, 'Скинути пароль');

describe('ResetPasswordForm', () => {
  const renderForm = () =>
    renderRoutes(
      [{ path: '/', element: <ResetPasswordForm token="tok-1" email="olena@example.com" /> }],
      { user: null },
    );

  it('shows the message, a link to sign in and a link to the main page on success, without a second toast', async () => {
    const fetchSpy = mockFetchAt('/password/reset', 200, { message: 'Пароль змінено.' });
    renderForm();

    await submitReset('new-password-1', 'new-password-1');

    expect(await screen.findByText('Пароль змінено.')).toBeInTheDocument();
    expect(screen.getAllByText('Пароль змінено.')).toHaveLength(1);
    expectLinkTo('Увійти з новим паролем', '/login');
    expectLinkTo('Перейти на головну сторінку', '/');
    expect(JSON.parse(String(fetchSpy.mock.calls[1]?.[1]?.body))).toEqual({
      token: 'tok-1',
      email: 'olena@example.com',
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    });
  });

  it('shows password errors under the field and link errors above the form', async () => {
    mockFetchAt('/password/reset', 422, {
      message: 'Дані містять помилки. Перевірте виділені поля.',
      errors: {
        password: ['Пароль надто простий.'],
        email: ['Посилання недійсне або застаріло.'],
      },
    });
    renderForm();

    await submitReset('new-password-1', 'new-password-1');

    expect(await screen.findByText('Посилання недійсне або застаріло.')).toBeInTheDocument();
    expect(screen.getByLabelText('Новий пароль')).toHaveAccessibleDescription(
      'Пароль надто простий.',
    );
  });

  it('checks that the passwords match before calling the server', async () => {
    const fetchSpy = mockFetch(() => jsonResponse(204));
    renderForm();

    await submitReset('new-password-1', 'other-password');

    await expectFieldError('Підтвердіть пароль', 'Паролі не збігаються.');
    expect(screen.getByLabelText('Новий пароль')).not.toHaveAccessibleDescription();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
