import type {
  CurrentUser,
  Invitation,
  Member,
  MembersPage as MembersAnswer,
} from '@medcalc/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { chooseOption } from '@/testing/choose-option';
import { answerDeleteQuestion, findDialog } from '@/testing/dialogs';
import {
  fakeApi,
  jsonResponse,
  requestsTo,
  screen,
  setupRoutes,
  testUser,
  waitFor,
  within,
  type CallOverrides,
} from '@/testing/test-utils';
import { emulateWidth } from '@/testing/viewport';
import { WithoutMotion } from '@/testing/without-motion';

import { LAST_OWNER_CANNOT_LEAVE, MembersPage } from './members-page';

const OWNER: Member = {
  identifier: testUser.identifier,
  name: testUser.name,
  email: testUser.email,
  role: 'owner',
  lastSeenAt: '2026-11-20T09:30:00.000Z',
  isYou: true,
};
const ECONOMIST: Member = {
  identifier: 'usr-0002',
  name: 'Іван Коваль',
  email: 'ivan@example.com',
  role: 'economist',
  lastSeenAt: '2026-11-03T12:00:00.000Z',
  isYou: false,
};
const VIEWER: Member = {
  identifier: 'usr-0003',
  name: 'Марія Шевчук',
  email: 'maria@example.com',
  role: 'viewer',
  lastSeenAt: null,
  isYou: false,
};
const PENDING: Invitation = {
  id: 7,
  email: 'new@example.com',
  role: 'viewer',
  invitedBy: testUser.name,
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A fake of the members calls that keeps what it is sent, so the reload shows the change. */
function fakeServer(initial: MembersAnswer, overrides?: CallOverrides) {
  let state = structuredClone(initial);
  return fakeApi((call) => {
    if (call.method === 'GET' && call.path === '/api/members') return jsonResponse(200, state);
    if (call.method === 'POST' && call.path === '/api/members/invitations') {
      const { email, role } = call.body as Pick<Invitation, 'email' | 'role'>;
      const created = { ...PENDING, id: 8, email, role };
      state = { ...state, invitations: [...state.invitations, created] };
      return jsonResponse(200, created);
    }
    const invitation = /^\/api\/members\/invitations\/(\d+)$/.exec(call.path);
    if (call.method === 'DELETE' && invitation) {
      state = {
        ...state,
        invitations: state.invitations.filter((item) => item.id !== Number(invitation[1])),
      };
      return jsonResponse(200, { message: 'Запрошення відкликано.' });
    }
    const member = /^\/api\/members\/([^/]+)$/.exec(call.path);
    if (call.method === 'PATCH' && member) {
      const { role } = call.body as Pick<Member, 'role'>;
      state = {
        ...state,
        members: state.members.map((row) =>
          row.identifier === member[1] ? { ...row, role } : row,
        ),
      };
      return jsonResponse(
        200,
        state.members.find((row) => row.identifier === member[1]),
      );
    }
    if (call.method === 'DELETE' && member) {
      state = {
        ...state,
        members: state.members.filter((row) => row.identifier !== member[1]),
      };
      return jsonResponse(200, { message: 'Учасника видалено.' });
    }
    if (call.method === 'POST' && call.path === '/api/members/transfer-ownership') {
      return jsonResponse(200, { message: 'Права керівника передано.' });
    }
    if (call.method === 'POST' && call.path === '/api/members/leave') {
      return jsonResponse(200, { message: 'Ви вийшли з установи.' });
    }
    if (call.method === 'GET' && call.path === '/api/user') return jsonResponse(200, testUser);
    return undefined;
  }, overrides);
}

/**
 * The page at /members (beside a home page to leave to) signed in `as` that person, the owner unless said, and a
 * user-event session.
 */
function setupPage(as: CurrentUser = testUser) {
  return setupRoutes(
    [
      {
        path: '/members',
        element: (
          <WithoutMotion>
            <MembersPage />
          </WithoutMotion>
        ),
      },
      { path: '/', element: <p>Головна сторінка</p> },
    ],
    { path: '/members', as },
  );
}

const membersTable = () => screen.findByRole('region', { name: 'Учасники установи' });
const rowOf = async (name: string) =>
  (within(await membersTable())
    .getByText(name)
    .closest('tr') as HTMLElement | null) ?? Promise.reject(new Error(`no row of ${name}`));

describe('MembersPage (issue 22)', () => {
  // A laptop: the members are a table (a phone's cards are tested on their own).
  beforeEach(() => emulateWidth(1366));

  it('on a phone shows each member as a card with name, e-mail, role and actions, no table (issue 33)', async () => {
    emulateWidth(390);
    fakeServer({ members: [OWNER, ECONOMIST, VIEWER], invitations: [] });
    setupPage();

    const list = await screen.findByRole('list', { name: 'Учасники установи' });
    expect(screen.queryByRole('table')).toBeNull();
    const economist = within(list).getByText('Іван Коваль').closest('li') as HTMLElement;
    expect(within(economist).getByText('ivan@example.com')).toBeInTheDocument();
    expect(within(economist).getByRole('combobox', { name: 'Роль: Іван Коваль' })).toBeVisible();
    expect(within(economist).getByText('03.11.2026')).toBeInTheDocument();
    expect(
      within(economist).getByRole('button', { name: 'Видалити з установи: Іван Коваль' }),
    ).toBeInTheDocument();
    expect(
      within(economist).getByRole('button', { name: 'Передати права керівника: Іван Коваль' }),
    ).toBeInTheDocument();
    const own = within(list).getByText(testUser.name).closest('li') as HTMLElement;
    expect(within(own).getByText('ви')).toBeInTheDocument();
    expect(within(own).queryByRole('button')).toBeNull();
  });

  it('lists every member with e-mail, role and the last sign-in as a uk-UA date', async () => {
    fakeServer({ members: [OWNER, ECONOMIST, VIEWER], invitations: [] });
    setupPage();

    const economist = await rowOf('Іван Коваль');
    expect(within(economist).getByText('ivan@example.com')).toBeInTheDocument();
    expect(within(economist).getByRole('combobox', { name: 'Роль: Іван Коваль' })).toBeVisible();
    expect(within(economist).getByText('Економіст')).toBeInTheDocument();
    expect(within(economist).getByText('03.11.2026')).toBeInTheDocument();
    expect(within(await rowOf('Марія Шевчук')).getByText('Ще не входив(ла)')).toBeInTheDocument();
    // The owner's own row: a «ви» mark, the role as text (not changed from here), no remove button.
    const own = await rowOf(testUser.name);
    expect(within(own).getByText('ви')).toBeInTheDocument();
    expect(within(own).getByText('Керівник облікового запису')).toBeInTheDocument();
    expect(within(own).queryByRole('combobox')).toBeNull();
    expect(within(own).queryByRole('button')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Учасники (3)' })).toBeInTheDocument();
  });

  it('sends an invitation with the chosen role, lists it, and puts a 422 under the e-mail', async () => {
    const spy = fakeServer({ members: [OWNER], invitations: [] }, (call) =>
      call.method === 'POST' &&
      call.path === '/api/members/invitations' &&
      (call.body as { email: string }).email === 'ivan@example.com'
        ? jsonResponse(422, {
            message: 'Ця адреса вже належить учаснику установи.',
            errors: { email: ['Ця адреса вже належить учаснику установи.'] },
          })
        : undefined,
    );
    const { user } = setupPage();

    const form = await screen.findByRole('form', { name: 'Запросити учасника' });
    expect(screen.getByText('Немає запрошень, що очікують.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Електронна пошта'), 'ivan@example.com');
    await user.click(within(form).getByRole('button', { name: 'Запросити' }));
    expect(
      await within(form).findByText('Ця адреса вже належить учаснику установи.'),
    ).toBeVisible();

    await user.clear(within(form).getByLabelText('Електронна пошта'));
    await user.type(within(form).getByLabelText('Електронна пошта'), 'olga@example.com');
    await chooseOption(user, within(form).getByLabelText('Роль'), 'Перегляд');
    await user.click(within(form).getByRole('button', { name: 'Запросити' }));

    const list = await screen.findByRole('region', { name: 'Запрошення, що очікують' });
    expect(await within(list).findByText('olga@example.com')).toBeInTheDocument();
    expect(requestsTo(spy, 'POST', '/api/members/invitations').map((r) => r.body)).toEqual([
      { email: 'ivan@example.com', role: 'economist' },
      { email: 'olga@example.com', role: 'viewer' },
    ]);
    // The form is emptied for the next colleague.
    expect(within(form).getByLabelText('Електронна пошта')).toHaveValue('');
  });

  it('revokes a pending invitation only after the question', async () => {
    const spy = fakeServer({ members: [OWNER], invitations: [PENDING] });
    const { user } = setupPage();

    await answerDeleteQuestion(user, spy, {
      button: 'Відкликати запрошення для new@example.com',
      title: 'Відкликати запрошення?',
      says: 'Посилання з листа для new@example.com перестане діяти.',
      path: '/api/members/invitations/7',
      answer: 'Так, відкликати',
    });

    await waitFor(() => expect(screen.getByText('Немає запрошень, що очікують.')).toBeVisible());
    expect(requestsTo(spy, 'DELETE', '/api/members/invitations/7')).toHaveLength(1);
  });

  it('changes a role from the select', async () => {
    const spy = fakeServer({ members: [OWNER, ECONOMIST], invitations: [] });
    const { user } = setupPage();

    const row = await rowOf('Іван Коваль');
    await chooseOption(
      user,
      within(row).getByRole('combobox', { name: 'Роль: Іван Коваль' }),
      'Перегляд',
    );

    await waitFor(() =>
      expect(requestsTo(spy, 'PATCH', '/api/members/usr-0002').map((r) => r.body)).toEqual([
        { role: 'viewer' },
      ]),
    );
    await waitFor(async () =>
      expect(within(await rowOf('Іван Коваль')).getByText('Перегляд')).toBeInTheDocument(),
    );
  });

  it('removes a member after a question that says their account is deleted', async () => {
    const spy = fakeServer({ members: [OWNER, ECONOMIST, VIEWER], invitations: [] });
    const { user } = setupPage();

    await user.click(
      within(await rowOf('Марія Шевчук')).getByRole('button', {
        name: 'Видалити з установи: Марія Шевчук',
      }),
    );
    const dialog = await findDialog('Видалити учасника?');
    expect(dialog).toHaveTextContent(
      'Обліковий запис «Марія Шевчук» (maria@example.com) буде видалено, а його сеанси завершаться одразу.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Так, видалити' }));

    await waitFor(() => expect(screen.queryByText('Марія Шевчук')).toBeNull());
    expect(requestsTo(spy, 'DELETE', '/api/members/usr-0003')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Учасники (2)' })).toBeInTheDocument();
  });

  it('hands the ownership over after the question, and asks again for the signed-in user', async () => {
    const spy = fakeServer({ members: [OWNER, ECONOMIST], invitations: [] });
    const { user } = setupPage();

    await user.click(
      within(await rowOf('Іван Коваль')).getByRole('button', {
        name: 'Передати права керівника: Іван Коваль',
      }),
    );
    const dialog = await findDialog('Передати права керівника?');
    expect(dialog).toHaveTextContent('ваша роль зміниться на «Економіст»');
    await user.click(within(dialog).getByRole('button', { name: 'Так, передати' }));

    await waitFor(() =>
      expect(requestsTo(spy, 'POST', '/api/members/transfer-ownership').map((r) => r.body)).toEqual(
        [{ identifier: 'usr-0002' }],
      ),
    );
    // The caller's own role changed: the current user is asked for again.
    await waitFor(() => expect(requestsTo(spy, 'GET', '/api/user')).toHaveLength(1));
  });

  it('does not let the only owner leave, and says why', async () => {
    fakeServer({ members: [OWNER, ECONOMIST], invitations: [] });
    setupPage();

    expect(await screen.findByText(LAST_OWNER_CANNOT_LEAVE)).toBeVisible();
    expect(screen.getByRole('button', { name: /Вийти з установи/ })).toBeDisabled();
  });

  it('shows a viewer the team without the owner controls, and lets them leave', async () => {
    const viewer: CurrentUser = {
      ...testUser,
      identifier: VIEWER.identifier,
      companyRole: 'viewer',
    };
    const spy = fakeServer({
      members: [
        { ...OWNER, isYou: false },
        { ...VIEWER, isYou: true },
      ],
      invitations: [],
    });
    const { user } = setupPage(viewer);

    const table = await membersTable();
    expect(within(table).queryByRole('combobox')).toBeNull();
    expect(within(table).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('form', { name: 'Запросити учасника' })).toBeNull();
    expect(screen.queryByText('Запрошення, що очікують')).toBeNull();
    expect(screen.queryByText(LAST_OWNER_CANNOT_LEAVE)).toBeNull();

    await user.click(screen.getByRole('button', { name: /Вийти з установи/ }));
    const dialog = await findDialog('Вийти з установи?');
    expect(dialog).toHaveTextContent('Ваш обліковий запис буде видалено');
    await user.click(within(dialog).getByRole('button', { name: 'Так, вийти' }));

    expect(await screen.findByText('Головна сторінка')).toBeInTheDocument();
    expect(requestsTo(spy, 'POST', '/api/members/leave')).toHaveLength(1);
  });
});
