import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MEMBER_MESSAGES, invitationMailSubject, type MembersPage } from '@medcalc/domain';
import { activityLog, companies, invitations, users } from '../src/db/schema';
import {
  buildTestApp,
  createAgent,
  invitationTokenFor,
  joinAsMember,
  registerUser,
  signInAdmin,
  useSuite,
} from './helper';
import { openWorkedKit } from './worked-orders';
import {
  FREE_FAILED_LOGINS_PER_SOURCE,
  LOGIN_WINDOW_MINUTES,
  MAX_FAILED_INVITATIONS_PER_IP,
  loginDelayMinutes,
} from '../src/modules/auth/auth.service';

// Issue 22: invitations (7 days, once, revocable, refused for a taken address) and members (roles, the last owner,
// transfer, removal and leaving delete the account, so its cookie stops working at once).

const s = useSuite(async () => {
  const ctx = await buildTestApp();
  const holder = await openWorkedKit(ctx);
  return { ctx, kit: holder.kit, holder };
});

const NEW_MEMBER = {
  name: 'Ганна Нова',
  password: 'member-pass-1',
  password_confirmation: 'member-pass-1',
};
const email = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2)}@clinic.test`;

async function invite(owner: ReturnType<typeof createAgent>, address: string, role = 'economist') {
  const response = await owner.post('/api/members/invitations', { email: address, role });
  expect(response.statusCode, response.body).toBe(200);
  return {
    id: (response.json() as { id: number }).id,
    token: invitationTokenFor(s.ctx.mails, address),
  };
}

describe('invitations', () => {
  it('mails a Ukrainian link, stores only its hash, and lists it as pending to the owner', async () => {
    const owner = await registerUser(s.ctx.app);
    const address = email('mail');
    const { token } = await invite(owner.agent, address);
    const mail = s.ctx.mails.at(-1);
    expect(mail?.subject).toBe(invitationMailSubject(owner.payload.company));
    expect(mail?.text).toContain(`http://medcalc.test/invitations/${token}`);
    const rows = await s.ctx.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.email, address));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    const page = (await owner.agent.get('/api/members')).json() as MembersPage;
    expect(page.invitations.map((i) => i.email)).toEqual([address]);
    expect(page.members).toEqual([expect.objectContaining({ role: 'owner', isYou: true })]);
  });

  it('refuses an address of a member (422) and a second pending invitation (422)', async () => {
    const owner = await registerUser(s.ctx.app);
    const member = await registerUser(s.ctx.app);
    const self = await owner.agent.post('/api/members/invitations', {
      email: owner.payload.email,
      role: 'viewer',
    });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.email).toEqual([MEMBER_MESSAGES.alreadyMember]);
    const address = email('twice');
    await invite(owner.agent, address);
    const again = await owner.agent.post('/api/members/invitations', {
      email: address,
      role: 'viewer',
    });
    expect(again.json().errors.email).toEqual([MEMBER_MESSAGES.alreadyInvited]);
    // Another company's user may be invited (joining decides).
    expect(
      (
        await owner.agent.post('/api/members/invitations', {
          email: member.payload.email,
          role: 'viewer',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('joins a new person with the role, once: a second use is 410, an unknown token 404', async () => {
    const owner = await registerUser(s.ctx.app);
    const address = email('new');
    const { token } = await invite(owner.agent, address, 'viewer');
    const guest = createAgent(s.ctx.app);
    const info = await guest.get(`/api/invitations/${token}`);
    expect(info.json()).toMatchObject({ email: address, role: 'viewer', existingUser: false });
    const short = await guest.post(`/api/invitations/${token}/accept`, {
      name: 'Х',
      password: 'short',
    });
    expect(short.statusCode).toBe(422);
    const joined = await guest.post(`/api/invitations/${token}/accept`, NEW_MEMBER);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().user).toMatchObject({
      email: address,
      companyRole: 'viewer',
      companyIdentifier: owner.user.companyIdentifier,
    });
    expect((await guest.get('/api/user')).json().companyRole).toBe('viewer');
    const second = await createAgent(s.ctx.app).post(
      `/api/invitations/${token}/accept`,
      NEW_MEMBER,
    );
    expect(second.statusCode).toBe(410);
    expect(second.json().message).toBe(MEMBER_MESSAGES.invitationGone);
    expect((await guest.get(`/api/invitations/${'z'.repeat(43)}`)).statusCode).toBe(404);
  });

  it('expires after 7 days (410) and a revoked one is 410 too', async () => {
    const owner = await registerUser(s.ctx.app);
    const late = await invite(owner.agent, email('late'));
    const revoked = await invite(owner.agent, email('revoked'));
    const revoke = await owner.agent.delete(`/api/members/invitations/${revoked.id}`);
    expect(revoke.json()).toEqual({ message: MEMBER_MESSAGES.revoked });
    expect((await owner.agent.delete(`/api/members/invitations/${revoked.id}`)).statusCode).toBe(
      404,
    );
    expect((await createAgent(s.ctx.app).get(`/api/invitations/${revoked.token}`)).statusCode).toBe(
      410,
    );
    s.ctx.clock.advanceMinutes(7 * 24 * 60 - 1);
    expect((await createAgent(s.ctx.app).get(`/api/invitations/${late.token}`)).statusCode).toBe(
      200,
    );
    s.ctx.clock.advanceMinutes(2);
    const expired = await createAgent(s.ctx.app).post(
      `/api/invitations/${late.token}/accept`,
      NEW_MEMBER,
    );
    expect(expired.statusCode).toBe(410);
    // The owner's session has idled out meanwhile; signed in again, nothing is pending.
    const again = createAgent(s.ctx.app);
    await again.post('/login', { email: owner.payload.email, password: owner.payload.password });
    expect(((await again.get('/api/members')).json() as MembersPage).invitations).toEqual([]);
  });

  it('moves an existing user who is alone in an empty company, and deletes that company', async () => {
    const owner = await registerUser(s.ctx.app);
    const solo = await registerUser(s.ctx.app);
    const { token } = await invite(owner.agent, solo.payload.email);
    const guest = createAgent(s.ctx.app);
    expect((await guest.get(`/api/invitations/${token}`)).json().existingUser).toBe(true);
    const wrong = await guest.post(`/api/invitations/${token}/accept`, { password: 'not-it-1234' });
    expect(wrong.statusCode).toBe(422);
    const joined = await guest.post(`/api/invitations/${token}/accept`, {
      password: solo.payload.password,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().user.companyIdentifier).toBe(owner.user.companyIdentifier);
    const gone = await s.ctx.database.db
      .select()
      .from(companies)
      .where(eq(companies.identifier, solo.user.companyIdentifier));
    expect(gone).toEqual([]);
  });

  it('refuses (409) an existing user whose company has orders, and moves nothing', async () => {
    const owner = await registerUser(s.ctx.app);
    const busy = await registerUser(s.ctx.app);
    await s.kit.placeOrder(busy.agent, busy.user.companyIdentifier, ['УЗД']);
    const { token } = await invite(owner.agent, busy.payload.email);
    const refused = await createAgent(s.ctx.app).post(`/api/invitations/${token}/accept`, {
      password: busy.payload.password,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MEMBER_MESSAGES.memberOfAnother);
    expect((await busy.agent.get('/api/user')).json().companyIdentifier).toBe(
      busy.user.companyIdentifier,
    );
    expect((await createAgent(s.ctx.app).get(`/api/invitations/${token}`)).statusCode).toBe(200);
  });
});

describe('throttling invitation links and the passwords typed on them', () => {
  const MINUTES_LEFT = /^Забагато спроб\. Спробуйте ще раз через \d+ хв\.$/;

  it('answers 429 in Ukrainian to an IP that keeps opening or accepting refused links, and only to it', async () => {
    const owner = await registerUser(s.ctx.app);
    const { token } = await invite(owner.agent, email('guessed'));
    const guesser = createAgent(s.ctx.app, { ip: '10.22.1.1' });
    const guess = (n: number) => `${'g'.repeat(40)}${String(n).padStart(3, '0')}`;
    for (let n = 0; n < MAX_FAILED_INVITATIONS_PER_IP; n += 1) {
      const wrong =
        n % 2 === 0
          ? await guesser.get(`/api/invitations/${guess(n)}`)
          : await guesser.post(`/api/invitations/${guess(n)}/accept`, NEW_MEMBER);
      expect(wrong.statusCode, wrong.body).toBe(404);
    }
    for (const refused of [
      await guesser.get(`/api/invitations/${guess(99)}`),
      // The source is held back even with a real link: it no longer learns which tokens exist.
      await guesser.get(`/api/invitations/${token}`),
      await guesser.post(`/api/invitations/${token}/accept`, NEW_MEMBER),
    ]) {
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.json().message).toMatch(MINUTES_LEFT);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another source opens the real link as usual.
    expect(
      (await createAgent(s.ctx.app, { ip: '10.22.1.2' }).get(`/api/invitations/${token}`))
        .statusCode,
    ).toBe(200);
    // A used, revoked or expired link counts as a refused one too: the window's count, not its kind, decides.
    s.ctx.clock.advanceMinutes(LOGIN_WINDOW_MINUTES);
    const joined = await guesser.post(`/api/invitations/${token}/accept`, NEW_MEMBER);
    expect(joined.statusCode, joined.body).toBe(200);
    const reuser = createAgent(s.ctx.app, { ip: '10.22.1.3' });
    for (let n = 0; n < MAX_FAILED_INVITATIONS_PER_IP; n += 1)
      expect((await reuser.get(`/api/invitations/${token}`)).statusCode).toBe(410);
    expect((await reuser.get(`/api/invitations/${token}`)).statusCode).toBe(429);
  });

  it("delays wrong passwords of an existing user's account as sign-ins from that source, sharing their count", async () => {
    const owner = await registerUser(s.ctx.app);
    const solo = await registerUser(s.ctx.app);
    const { token } = await invite(owner.agent, solo.payload.email);
    const guest = createAgent(s.ctx.app, { ip: '10.22.2.1' });
    for (let n = 0; n <= FREE_FAILED_LOGINS_PER_SOURCE; n += 1) {
      const wrong = await guest.post(`/api/invitations/${token}/accept`, {
        password: `not-it-${n}-1234`,
      });
      expect(wrong.statusCode, wrong.body).toBe(422);
      expect(wrong.json().errors.password).toEqual([MEMBER_MESSAGES.wrongPassword]);
    }
    // Delayed now, even with the right password, on the invitation page and at the sign-in of that account.
    const held = await guest.post(`/api/invitations/${token}/accept`, {
      password: solo.payload.password,
    });
    expect(held.statusCode, held.body).toBe(429);
    expect(held.json().message).toMatch(
      /^Забагато невдалих спроб входу\. Спробуйте ще раз через 1 хв\.$/,
    );
    const login = await guest.post('/login', {
      email: solo.payload.email,
      password: solo.payload.password,
    });
    expect(login.statusCode).toBe(429);
    // The invitation is still unused; another source is not held back.
    expect(
      (await createAgent(s.ctx.app, { ip: '10.22.2.2' }).get(`/api/invitations/${token}`))
        .statusCode,
    ).toBe(200);
    s.ctx.clock.advanceMinutes(loginDelayMinutes(FREE_FAILED_LOGINS_PER_SOURCE + 1));
    const joined = await guest.post(`/api/invitations/${token}/accept`, {
      password: solo.payload.password,
    });
    expect(joined.statusCode, joined.body).toBe(200);
  });
});

describe('members', () => {
  it('changes a role, keeps the last owner, transfers ownership', async () => {
    const owner = await registerUser(s.ctx.app);
    const economist = await joinAsMember(s.ctx, owner.agent, 'economist');
    const me = ((await owner.agent.get('/api/members')).json() as MembersPage).members.find(
      (m) => m.isYou,
    );
    const demote = await owner.agent.patch(`/api/members/${me?.identifier}`, { role: 'viewer' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(MEMBER_MESSAGES.lastOwner);
    const leave = await owner.agent.post('/api/members/leave');
    expect(leave.statusCode).toBe(409);

    const changed = await owner.agent.patch(`/api/members/${economist.identifier}`, {
      role: 'viewer',
    });
    expect(changed.json()).toMatchObject({ identifier: economist.identifier, role: 'viewer' });
    // The member's next request sees the new role at once (this instance forgets its cached session).
    expect((await economist.agent.get('/api/user')).json().companyRole).toBe('viewer');

    const transfer = await owner.agent.post('/api/members/transfer-ownership', {
      identifier: economist.identifier,
    });
    expect(transfer.json()).toEqual({ message: MEMBER_MESSAGES.transferred });
    expect((await economist.agent.get('/api/user')).json().companyRole).toBe('owner');
    expect((await owner.agent.get('/api/user')).json().companyRole).toBe('economist');
    // The former owner may now leave.
    expect((await owner.agent.post('/api/members/leave')).json()).toEqual({
      message: MEMBER_MESSAGES.left,
    });
    expect((await owner.agent.get('/api/user')).statusCode).toBe(401);

    // What the log stores: each change with the person who made it (the one who joins, for the joining), and
    // nothing for the refused ones.
    const [member] = await s.ctx.database.db
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.email, economist.email));
    const rows = await s.ctx.database.db
      .select({
        kind: activityLog.kind,
        subject: activityLog.subject,
        actorName: activityLog.actorName,
        actorEmail: activityLog.actorEmail,
      })
      .from(activityLog)
      .where(eq(activityLog.companyId, member?.companyId ?? -1))
      .orderBy(asc(activityLog.id));
    const ownerAs = { actorName: owner.payload.name, actorEmail: owner.payload.email };
    expect(rows).toEqual([
      { kind: 'member-invited', subject: economist.email, ...ownerAs },
      {
        kind: 'member-joined',
        subject: economist.email,
        actorName: expect.any(String),
        actorEmail: economist.email,
      },
      { kind: 'member-role', subject: economist.email, ...ownerAs },
      { kind: 'ownership-transferred', subject: economist.email, ...ownerAs },
      { kind: 'member-left', subject: owner.payload.email, ...ownerAs },
    ]);
  });

  it("removes a member: the account is gone and its cookie answers 401; oneself is 422, another company's 404", async () => {
    const owner = await registerUser(s.ctx.app);
    const other = await registerUser(s.ctx.app);
    const viewer = await joinAsMember(s.ctx, owner.agent, 'viewer');
    expect((await viewer.agent.get('/api/orders')).statusCode).toBe(200);
    const me = ((await owner.agent.get('/api/members')).json() as MembersPage).members.find(
      (m) => m.isYou,
    );
    expect((await owner.agent.delete(`/api/members/${me?.identifier}`)).statusCode).toBe(422);
    const foreign = (await other.agent.get('/api/user')).json().identifier as string;
    expect((await owner.agent.delete(`/api/members/${foreign}`)).statusCode).toBe(404);

    const removed = await owner.agent.delete(`/api/members/${viewer.identifier}`);
    expect(removed.json()).toEqual({ message: MEMBER_MESSAGES.removed });
    expect((await viewer.agent.get('/api/orders')).statusCode).toBe(401);
    const rows = await s.ctx.database.db.select().from(users).where(eq(users.email, viewer.email));
    expect(rows).toEqual([]);
  });

  it('shows non-owners the members but no invitations', async () => {
    const owner = await registerUser(s.ctx.app);
    const economist = await joinAsMember(s.ctx, owner.agent, 'economist');
    await invite(owner.agent, email('hidden'));
    const page = (await economist.agent.get('/api/members')).json() as MembersPage;
    expect(page.members.map((m) => m.role).sort()).toEqual(['economist', 'owner']);
    expect(page.invitations).toEqual([]);
  });

  it('lists every user with the role in the institution for the admin', async () => {
    const owner = await registerUser(s.ctx.app);
    await joinAsMember(s.ctx, owner.agent, 'viewer', 'Адмін-бачить Перегляд');
    const admin = await signInAdmin(s.ctx.app);
    const list = await admin.get('/api/get-users?search=Адмін-бачить');
    expect(list.json().data).toEqual([expect.objectContaining({ companyRole: 'viewer' })]);
  });
});

describe('status e-mails', () => {
  it('go to the owners and economists, not to a viewer', async () => {
    const owner = await registerUser(s.ctx.app);
    const economist = await joinAsMember(s.ctx, owner.agent, 'economist');
    const viewer = await joinAsMember(s.ctx, owner.agent, 'viewer');
    const identifier = await s.kit.placeOrder(owner.agent, owner.user.companyIdentifier, ['УЗД']);
    // The suite's clock moved past the administrator's session (the expiry test): sign in again.
    s.holder.admin = await signInAdmin(s.ctx.app);
    s.ctx.mails.length = 0;
    await s.kit.setStatus(identifier, 'paid');
    expect(s.ctx.mails.map((mail) => mail.to).sort()).toEqual(
      [owner.payload.email, economist.email].sort(),
    );
    expect(s.ctx.mails.map((mail) => mail.to)).not.toContain(viewer.email);
  });
});
