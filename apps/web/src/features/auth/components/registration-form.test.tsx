import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { REQUISITE_MESSAGES } from '@medcalc/domain';

import { expectFieldError } from '@/testing/field-errors';
import { jsonResponse, mockFetch, mockFetchAt, renderRoutes, testUser } from '@/testing/test-utils';

import { RegistrationForm } from './registration-form';

function renderForm() {
  const onSuccess = vi.fn();
  renderRoutes([{ path: '/', element: <RegistrationForm onSuccess={onSuccess} /> }], {
    user: null,
  });
  return { onSuccess };
}

async function fillIn() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Ім’я'), 'Олена Петренко');
  await user.type(screen.getByLabelText('Електронна пошта'), 'olena@example.com');
  await user.type(screen.getByLabelText('Назва закладу'), 'Міська клініка');
  await user.type(screen.getByLabelText('Телефон'), '+38 (050) 123-45-67');
  await user.type(screen.getByLabelText('Пароль'), 'secret-password');
  await user.type(screen.getByLabelText('Повторіть пароль'), 'secret-password');
  await user.click(screen.getByRole('button', { name: 'Зареєструватися' }));
}

describe('RegistrationForm', () => {
  it('keeps the phone as typed in the field and posts the spec §7 payload with it normalised (issue 23)', async () => {
    const fetchSpy = mockFetchAt('/api/register', 200, {
      message: 'Реєстрацію завершено.',
      user: testUser,
    });
    const { onSuccess } = renderForm();

    await fillIn();

    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(testUser));
    expect(screen.getByLabelText('Телефон')).toHaveValue('+38 (050) 123-45-67');
    expect(JSON.parse(String(fetchSpy.mock.calls[1]?.[1]?.body))).toEqual({
      name: 'Олена Петренко',
      company: 'Міська клініка',
      phone: '+380 50 123 45 67',
      email: 'olena@example.com',
      password: 'secret-password',
      password_confirmation: 'secret-password',
    });
  });

  it('shows the first server message under each field', async () => {
    mockFetchAt('/api/register', 422, {
      message: 'Дані містять помилки. Перевірте виділені поля.',
      errors: {
        email: ['Ця електронна пошта вже зареєстрована.'],
        company: ['Заклад з такою назвою вже існує.'],
        phone: ['Телефон має складатися з 7–15 цифр.'],
      },
    });
    const { onSuccess } = renderForm();

    await fillIn();

    await expectFieldError('Електронна пошта', 'Ця електронна пошта вже зареєстрована.');
    expect(screen.getByLabelText('Назва закладу')).toHaveAccessibleDescription(
      'Заклад з такою назвою вже існує.',
    );
    expect(screen.getByLabelText('Телефон')).toHaveAccessibleDescription(
      'Телефон має складатися з 7–15 цифр.',
    );
    expect(await screen.findByText('Дані містять помилки. Перевірте виділені поля.')).toBeVisible();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('says what is wrong under the field: letters in the phone, a repeat that does not match', async () => {
    const fetchSpy = mockFetch(() => jsonResponse(204));
    renderForm();
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Телефон'), 'дзвоніть');
    await user.type(screen.getByLabelText('Пароль'), 'secret-password');
    await user.type(screen.getByLabelText('Повторіть пароль'), 'secret-passw0rd');
    await user.click(screen.getByRole('button', { name: 'Зареєструватися' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Телефон')).toHaveAccessibleDescription(
        REQUISITE_MESSAGES.phone,
      ),
    );
    expect(screen.getByLabelText('Телефон')).toHaveValue('дзвоніть');
    await user.type(screen.getByLabelText('Ім’я'), 'Олена');
    await user.type(screen.getByLabelText('Електронна пошта'), 'olena@example.com');
    await user.type(screen.getByLabelText('Назва закладу'), 'Клініка');
    await user.clear(screen.getByLabelText('Телефон'));
    await user.type(screen.getByLabelText('Телефон'), '0501234567');
    await user.click(screen.getByRole('button', { name: 'Зареєструватися' }));
    await expectFieldError('Повторіть пароль', 'Паролі не збігаються.');
    expect(screen.getByLabelText('Пароль')).not.toHaveAccessibleDescription();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('requires every field before calling the server', async () => {
    const fetchSpy = mockFetch(() => jsonResponse(204));
    renderForm();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Зареєструватися' }));

    expect(await screen.findByText('Поле «Ім’я» обов’язкове.')).toBeInTheDocument();
    expect(screen.getByText('Поле «Назва закладу» обов’язкове.')).toBeInTheDocument();
    expect(screen.getByText('Поле «Телефон» обов’язкове.')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
