import { PASSWORD_CHANGE_REQUIRED_MESSAGE, PASSWORD_COMMON_MESSAGE } from '@medcalc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createRoutes } from '@/app/router';
import { fakeApi, jsonResponse, renderRoutes, testAdmin } from '@/testing/test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

// Issue 34: an account made with the README's published password changes it before anything else.
const flagged = { ...testAdmin, mustChangePassword: true };

describe('/change-password', () => {
  it('sends an account on a published password from any page to the password change, and nowhere else', async () => {
    // Every other call is refused as the server refuses it (issue 34).
    fakeApi(() => jsonResponse(403, { message: PASSWORD_CHANGE_REQUIRED_MESSAGE }));
    const { router } = renderRoutes(createRoutes(), { path: '/admin-panel/orders', user: flagged });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Зміна пароля' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/change-password');
    expect(screen.getByText('Встановіть власний пароль')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Зміна пароля' })).toBeInTheDocument();

    await router.navigate('/orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/change-password'));
  });

  it('shows the server’s refusal of a common password under the field, then opens the app once changed', async () => {
    const user = userEvent.setup();
    let changed = false;
    const spy = fakeApi((call) => {
      if (call.method === 'PUT' && call.path === '/api/user/password') {
        const { password } = call.body as { password: string };
        if (password === 'qwertyuiop123')
          return jsonResponse(422, {
            message: PASSWORD_COMMON_MESSAGE,
            errors: { password: [PASSWORD_COMMON_MESSAGE] },
          });
        changed = true;
        return jsonResponse(200, { message: 'Пароль змінено.' });
      }
      if (call.method === 'GET' && call.path === '/api/user')
        return jsonResponse(200, { ...testAdmin, mustChangePassword: !changed });
      return jsonResponse(403, { message: PASSWORD_CHANGE_REQUIRED_MESSAGE });
    });
    const { router } = renderRoutes(createRoutes(), { path: '/change-password', user: flagged });
    const form = await screen.findByRole('form', { name: 'Зміна пароля' }, { timeout: 15_000 });

    const fill = async (password: string) => {
      for (const label of ['Поточний пароль', 'Новий пароль', 'Повторіть новий пароль']) {
        const field = within(form).getByLabelText(label);
        await user.clear(field);
        await user.type(field, label === 'Поточний пароль' ? 'medcalc-admin' : password);
      }
      await user.click(within(form).getByRole('button', { name: 'Змінити пароль' }));
    };

    await fill('qwertyuiop123');
    expect(await within(form).findByText(PASSWORD_COMMON_MESSAGE)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/change-password');

    await fill('Лікарня-на-Подолі-7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-panel/orders'));
    expect(
      spy.mock.calls.filter(([, init]) => (init?.method ?? 'GET').toUpperCase() === 'PUT'),
    ).toHaveLength(2);
  });
});
