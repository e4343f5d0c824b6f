import {
  CURRENT_PASSWORD_WRONG_MESSAGE,
  PASSWORD_MISMATCH_MESSAGE,
  type CurrentUser,
} from '@medcalc/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { USER_QUERY_KEY } from '@/lib/auth';
import {
  fakeApi,
  jsonResponse,
  requestsTo,
  screen,
  setupAtRoot,
  testUser,
  testViewer,
  waitFor,
  within,
  type CallOverrides,
} from '@/testing/test-utils';

import { ProfilePage } from './profile-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * The profile page signed in `as` the owner unless said, on a fake of its calls as the server answers them (the
 * saved user, the changed password) after the test's `overrides`.
 */
function setup({ overrides, as }: { overrides?: CallOverrides; as?: CurrentUser } = {}) {
  const spy = fakeApi((call) => {
    if (call.method === 'PUT' && call.path === '/api/user/profile') {
      const { name, phone } = call.body as { name: string; phone: string };
      return jsonResponse(200, {
        message: 'Профіль збережено.',
        user: { ...testUser, name, phone: phone === '0671112233' ? '+380 67 111 22 33' : phone },
      });
    }
    if (call.method === 'PUT' && call.path === '/api/user/password')
      return jsonResponse(200, {
        message: 'Пароль змінено. Інші сеанси вашого облікового запису завершено.',
      });
    return undefined;
  }, overrides);
  return { spy, ...setupAtRoot(<ProfilePage />, { as }) };
}

const personal = () => screen.getByRole('form', { name: 'Особисті дані' });
const password = () => screen.getByRole('form', { name: 'Зміна пароля' });

describe('ProfilePage (issue 33)', () => {
  it('shows the own name, phone, read-only e-mail, institution and role', () => {
    setup({ as: testViewer });

    expect(within(personal()).getByLabelText('Ім’я')).toHaveValue(testViewer.name);
    expect(within(personal()).getByLabelText('Телефон')).toHaveValue(testViewer.phone);
    const email = within(personal()).getByLabelText('Електронна пошта');
    expect(email).toHaveValue(testViewer.email);
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription(/ваш логін/);
    expect(within(personal()).getByText('Міська клініка')).toBeInTheDocument();
    expect(within(personal()).getByText('Перегляд')).toBeInTheDocument();
  });

  it('saves the name and phone and shows the saved user everywhere at once', async () => {
    const { spy, user, queryClient } = setup();

    const name = within(personal()).getByLabelText('Ім’я');
    await user.clear(name);
    await user.type(name, 'Олена Іванівна Петренко');
    const phone = within(personal()).getByLabelText('Телефон');
    await user.clear(phone);
    await user.type(phone, '0671112233');
    await user.click(within(personal()).getByRole('button', { name: 'Зберегти' }));

    expect(await screen.findByText('Профіль збережено.')).toBeInTheDocument();
    expect(requestsTo(spy, 'PUT', '/api/user/profile').map((call) => call.body)).toEqual([
      { name: 'Олена Іванівна Петренко', phone: '+380 67 111 22 33' },
    ]);
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toMatchObject({
      name: 'Олена Іванівна Петренко',
      phone: '+380 67 111 22 33',
    });
    await waitFor(() => expect(phone).toHaveValue('+380 67 111 22 33'));
  });

  it('checks the fields before sending and shows the server’s 422 under them', async () => {
    const { spy, user } = setup({
      overrides: (call) =>
        call.path === '/api/user/profile'
          ? jsonResponse(422, {
              message: 'Дані містять помилки.',
              errors: { phone: ['Вкажіть коректний номер телефону.'] },
            })
          : undefined,
    });

    await user.clear(within(personal()).getByLabelText('Ім’я'));
    await user.click(within(personal()).getByRole('button', { name: 'Зберегти' }));
    expect(await within(personal()).findByText('Поле «Ім’я» обов’язкове.')).toBeInTheDocument();
    expect(requestsTo(spy, 'PUT', '/api/user/profile')).toEqual([]);

    await user.type(within(personal()).getByLabelText('Ім’я'), 'Олена');
    await user.click(within(personal()).getByRole('button', { name: 'Зберегти' }));
    expect(
      await within(personal()).findByText('Вкажіть коректний номер телефону.'),
    ).toBeInTheDocument();
  });

  it('changes the password with the current one, then empties the form', async () => {
    const { spy, user } = setup();

    await user.type(within(password()).getByLabelText('Поточний пароль'), 'old-secret-1');
    await user.type(within(password()).getByLabelText('Новий пароль'), 'new-secret-12');
    await user.type(within(password()).getByLabelText('Повторіть новий пароль'), 'new-secret-12');
    await user.click(within(password()).getByRole('button', { name: 'Змінити пароль' }));

    expect(
      await screen.findByText(/Інші сеанси вашого облікового запису завершено/),
    ).toBeInTheDocument();
    expect(requestsTo(spy, 'PUT', '/api/user/password').map((call) => call.body)).toEqual([
      {
        current_password: 'old-secret-1',
        password: 'new-secret-12',
        password_confirmation: 'new-secret-12',
      },
    ]);
    await waitFor(() =>
      expect(within(password()).getByLabelText('Поточний пароль')).toHaveValue(''),
    );
    expect(within(password()).getByLabelText('Новий пароль')).toHaveValue('');
  });

  it('says a mismatch before sending, and a wrong current password under its field', async () => {
    const { spy, user } = setup({
      overrides: (call) =>
        call.path === '/api/user/password'
          ? jsonResponse(422, {
              message: CURRENT_PASSWORD_WRONG_MESSAGE,
              errors: { current_password: [CURRENT_PASSWORD_WRONG_MESSAGE] },
            })
          : undefined,
    });

    await user.type(within(password()).getByLabelText('Поточний пароль'), 'not-mine');
    await user.type(within(password()).getByLabelText('Новий пароль'), 'new-secret-12');
    await user.type(within(password()).getByLabelText('Повторіть новий пароль'), 'other-one-12');
    await user.click(within(password()).getByRole('button', { name: 'Змінити пароль' }));
    expect(await within(password()).findByText(PASSWORD_MISMATCH_MESSAGE)).toBeInTheDocument();
    expect(requestsTo(spy, 'PUT', '/api/user/password')).toEqual([]);

    const repeat = within(password()).getByLabelText('Повторіть новий пароль');
    await user.clear(repeat);
    await user.type(repeat, 'new-secret-12');
    await user.click(within(password()).getByRole('button', { name: 'Змінити пароль' }));
    const current = within(password()).getByLabelText('Поточний пароль');
    await waitFor(() =>
      expect(current).toHaveAccessibleDescription(CURRENT_PASSWORD_WRONG_MESSAGE),
    );
    expect(current).toHaveValue('not-mine');
  });
});
