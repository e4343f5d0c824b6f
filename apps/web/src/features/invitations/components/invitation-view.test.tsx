import type { InvitationInfo } from '@medcalc/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  fakeApi,
  jsonResponse,
  requestsTo,
  screen,
  setupRoutes,
  testUser,
  waitFor,
  type FetchCall,
} from '@/testing/test-utils';

import { USER_QUERY_KEY } from '@/lib/auth';
import { WithoutMotion } from '@/testing/without-motion';

import { InvitationView } from './invitation-view';

const TOKEN = 'tok-123';
const INFO: InvitationInfo = {
  companyName: 'Міська клініка',
  email: 'ivan@example.com',
  role: 'economist',
  invitedBy: 'Олена Петренко',
  expiresAt: '2026-11-27T10:00:00.000Z',
  existingUser: false,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function fakeServer(
  info: InvitationInfo | Response,
  accept: (call: FetchCall) => Response = () =>
    jsonResponse(200, { message: 'Ви приєдналися до установи.', user: testUser }),
) {
  return fakeApi((call) => {
    if (call.method === 'GET' && call.path === `/api/invitations/${TOKEN}`) {
      return info instanceof Response ? info : jsonResponse(200, info);
    }
    if (call.method === 'POST' && call.path === `/api/invitations/${TOKEN}/accept`) {
      return accept(call);
    }
    return undefined;
  });
}

/** The invitation's page, signed out, and a user-event session. */
function setupView() {
  const onJoined = vi.fn();
  const view = setupRoutes(
    [
      {
        path: '/invitations/:token',
        element: (
          <WithoutMotion>
            <InvitationView token={TOKEN} onJoined={onJoined} />
          </WithoutMotion>
        ),
      },
    ],
    { path: `/invitations/${TOKEN}`, as: null },
  );
  return { ...view, onJoined };
}

describe('InvitationView (issue 22)', () => {
  it('says who invites to which institution and with which role', async () => {
    fakeServer(INFO);
    setupView();

    expect(await screen.findByText('Міська клініка')).toBeInTheDocument();
    expect(screen.getByText('Економіст')).toBeInTheDocument();
    expect(screen.getByText('Олена Петренко')).toBeInTheDocument();
    expect(screen.getByText('ivan@example.com')).toBeInTheDocument();
  });

  it('a new person sets a name, an optional phone and a password, and is signed in', async () => {
    const spy = fakeServer(INFO);
    const { user, onJoined, queryClient } = setupView();

    await user.type(await screen.findByLabelText('Ім’я'), 'Іван Коваль');
    await user.type(screen.getByLabelText('Пароль'), 'secret-password');
    await user.type(screen.getByLabelText('Повторіть пароль'), 'secret-password');
    await user.click(
      screen.getByRole('button', { name: 'Створити обліковий запис і приєднатися' }),
    );

    await waitFor(() => expect(onJoined).toHaveBeenCalledWith(testUser));
    const [sent] = requestsTo(spy, 'POST', `/api/invitations/${TOKEN}/accept`);
    // The empty phone is left out rather than sent as a bad number.
    expect(sent?.body).toEqual({
      name: 'Іван Коваль',
      password: 'secret-password',
      password_confirmation: 'secret-password',
    });
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toEqual(testUser);
  });

  it("checks a new person's fields by the registration's rules before sending", async () => {
    const spy = fakeServer(INFO);
    const { user } = setupView();

    await user.type(await screen.findByLabelText('Пароль'), 'secret-password');
    await user.type(screen.getByLabelText('Повторіть пароль'), 'other-password');
    await user.click(
      screen.getByRole('button', { name: 'Створити обліковий запис і приєднатися' }),
    );

    expect(await screen.findByText('Поле «Ім’я» обов’язкове.')).toBeVisible();
    expect(screen.getByLabelText('Повторіть пароль')).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(spy, 'POST', `/api/invitations/${TOKEN}/accept`)).toHaveLength(0);
  });

  it('asks an existing user only for their password, and shows a refusal in place', async () => {
    const refusal = 'Ця адреса належить учаснику іншої установи. Спершу вийдіть з неї.';
    const spy = fakeServer({ ...INFO, existingUser: true }, () =>
      jsonResponse(409, { message: refusal }),
    );
    const { user, onJoined } = setupView();

    await user.type(await screen.findByLabelText('Ваш пароль у medcalc'), 'my-password');
    expect(screen.queryByLabelText('Ім’я')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Приєднатися' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(requestsTo(spy, 'POST', `/api/invitations/${TOKEN}/accept`)[0]?.body).toEqual({
      password: 'my-password',
    });
    expect(onJoined).not.toHaveBeenCalled();
  });

  it.each([
    [404, 'Запрошення не знайдено', 'Запрошення не знайдено.'],
    [410, 'Запрошення більше не діє', 'Запрошення вже використане, відкликане або прострочене.'],
  ])('says clearly that a link answered %i cannot be used', async (status, title, message) => {
    fakeServer(jsonResponse(status, { message }));
    setupView();

    expect(await screen.findByText(title)).toBeVisible();
    expect(screen.getByText(new RegExp(message))).toBeVisible();
    expect(screen.queryByRole('form')).toBeNull();
  });
});
