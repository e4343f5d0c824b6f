import {
  CURRENT_PASSWORD_WRONG_MESSAGE,
  type ActivityPage,
  type OrderInvoice,
} from '@medcalc/domain';
import { describe, expect, it } from 'vitest';
import { FREE_FAILED_LOGINS_PER_SOURCE } from '../src/modules/auth/auth.service';
import {
  createAgent,
  expectFieldErrors,
  joinAsMember,
  registerUser,
  expectValidationAnswer,
} from './helper';
import { useTwoCompanies } from './worked-orders';

// Issue 33: the account menu's «Профіль» (own name, phone, password) and «Оплата» (the institution's invoices).

const suite = useTwoCompanies();

/** The owner's activity rows of `kind`, newest first. */
async function activityOf(agent: ReturnType<typeof createAgent>, kind: string) {
  const response = await agent.get(`/api/activity?kind=${kind}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as ActivityPage).data;
}

/** The reset link of the last letter to `email`. */
function resetTokenIn(text: string) {
  const match = /\/password\/reset\/([\w-]+)\?email=/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return match[1];
}

describe('PUT /api/user/profile', () => {
  it('saves the own name and phone, answers the user and logs the change', async () => {
    const { agent, payload } = await registerUser(suite.ctx.app, { name: 'Олена Коваль' });
    const response = await agent.put('/api/user/profile', {
      name: '  Олена Петрівна Коваль ',
      phone: '0671112233',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Профіль збережено.',
      user: { name: 'Олена Петрівна Коваль', phone: '+380 67 111 22 33', email: payload.email },
    });
    // The session's cached user is dropped: the next request already has the new name.
    expect((await agent.get('/api/user')).json()).toMatchObject({
      name: 'Олена Петрівна Коваль',
      phone: '+380 67 111 22 33',
    });

    const [row] = await activityOf(agent, 'profile');
    expect(row).toMatchObject({
      kind: 'profile',
      subject: payload.email,
      changes: [
        { field: 'Ім’я', from: 'Олена Коваль', to: 'Олена Петрівна Коваль' },
        { field: 'Телефон', from: '+380 50 123 45 67', to: '+380 67 111 22 33' },
      ],
    });

    // Saving the same again writes nothing.
    const same = await agent.put('/api/user/profile', {
      name: 'Олена Петрівна Коваль',
      phone: '+380 67 111 22 33',
    });
    expect(same.statusCode).toBe(200);
    expect(await activityOf(agent, 'profile')).toHaveLength(1);

    // A blank phone clears it.
    const cleared = await agent.put('/api/user/profile', { name: 'Олена Коваль', phone: ' ' });
    expect(cleared.json().user.phone).toBe('');
  });

  it('refuses an empty name and a phone that is no number, under the fields', async () => {
    const response = await suite.alice.agent.put('/api/user/profile', { name: ' ', phone: '12' });
    expectFieldErrors(response, ['name', 'phone']);
  });

  it('lets a viewer change their own profile, and refuses a stranger and a missing XSRF token', async () => {
    const viewer = await joinAsMember(suite.ctx, suite.alice.agent, 'viewer');
    const saved = await viewer.agent.put('/api/user/profile', { name: 'Ірина Нова', phone: '' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().user).toMatchObject({ name: 'Ірина Нова', companyRole: 'viewer' });

    const stranger = await createAgent(suite.ctx.app).put('/api/user/profile', {
      name: 'Хтось',
      phone: '',
    });
    expect(stranger.statusCode).toBe(401);
    const noToken = await viewer.agent.request(
      'PUT',
      '/api/user/profile',
      { name: 'Ірина', phone: '' },
      { xsrf: false },
    );
    expect(noToken.statusCode).toBe(419);
  });
});

describe('PUT /api/user/password', () => {
  const change = (current: string, next = 'brand-new-pass-1') => ({
    current_password: current,
    password: next,
    password_confirmation: next,
  });

  it('answers a wrong current password with 422 under current_password and changes nothing', async () => {
    const { agent, payload } = await registerUser(suite.ctx.app);
    const response = await agent.put('/api/user/password', change('not-my-password'));
    expectValidationAnswer(
      response,
      { current_password: [CURRENT_PASSWORD_WRONG_MESSAGE] },
      CURRENT_PASSWORD_WRONG_MESSAGE,
    );
    const login = await createAgent(suite.ctx.app).post('/login', {
      email: payload.email,
      password: payload.password,
    });
    expect(login.statusCode).toBe(200);
  });

  it('checks the new password by the registration rules and its repeat', async () => {
    const { agent, payload } = await registerUser(suite.ctx.app);
    expectFieldErrors(await agent.put('/api/user/password', change(payload.password, 'short')), [
      'password',
    ]);
    expectFieldErrors(
      await agent.put('/api/user/password', {
        ...change(payload.password),
        password_confirmation: 'other-pass-123',
      }),
      ['password_confirmation'],
    );
    expectFieldErrors(
      await agent.put('/api/user/password', change(payload.password, payload.password)),
      ['password'],
    );
    expectFieldErrors(await agent.put('/api/user/password', {}), ['current_password', 'password']);
  });

  it('sets the new password, ends the other sessions and reset links, keeps this one, and logs it', async () => {
    const { agent, payload } = await registerUser(suite.ctx.app);
    const otherBrowser = createAgent(suite.ctx.app, { ip: '10.3.0.2' });
    expect(
      (await otherBrowser.post('/login', { email: payload.email, password: payload.password }))
        .statusCode,
    ).toBe(200);
    await createAgent(suite.ctx.app).post('/password/email', { email: payload.email });
    const resetToken = resetTokenIn(suite.ctx.mails.at(-1)?.text ?? '');

    const response = await agent.put('/api/user/password', change(payload.password));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toMatch(/^Пароль змінено\./);

    expect((await agent.get('/api/user')).statusCode).toBe(200);
    expect((await otherBrowser.get('/api/user')).statusCode).toBe(401);
    const reset = await createAgent(suite.ctx.app).post('/password/reset', {
      token: resetToken,
      email: payload.email,
      ...change('', 'reset-pass-123'),
    });
    expect(reset.statusCode).toBe(422);

    const stranger = createAgent(suite.ctx.app, { ip: '10.3.0.3' });
    expect(
      (await stranger.post('/login', { email: payload.email, password: payload.password }))
        .statusCode,
    ).toBe(422);
    expect(
      (await stranger.post('/login', { email: payload.email, password: 'brand-new-pass-1' }))
        .statusCode,
    ).toBe(200);

    const [row] = await activityOf(agent, 'password-changed');
    expect(row).toMatchObject({
      kind: 'password-changed',
      subject: payload.email,
      changes: [{ field: 'Пароль', from: null, to: 'змінено' }],
    });
    expect(JSON.stringify(row)).not.toContain('brand-new-pass-1');
  });

  it('throttles wrong current passwords as sign-ins of the account from this address are', async () => {
    // The registration's session: no device cookie (a browser sends the sign-in's to /login only anyway).
    const { agent, payload } = await registerUser(suite.ctx.app);
    for (let i = 0; i <= FREE_FAILED_LOGINS_PER_SOURCE; i += 1) {
      const wrong = await agent.put('/api/user/password', change(`wrong-${i}`));
      expect(wrong.statusCode, `failure ${i + 1}`).toBe(422);
    }
    const locked = await agent.put('/api/user/password', change(payload.password));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Забагато невдалих спроб ввести пароль/);
    expect(Number(locked.headers['retry-after'])).toBe(60);
    // The counts are the sign-in's: this address cannot try the sign-in form instead.
    const signIn = await createAgent(suite.ctx.app).post('/login', {
      email: payload.email,
      password: payload.password,
    });
    expect(signIn.statusCode).toBe(429);

    suite.ctx.clock.advanceMinutes(1);
    const changed = await agent.put('/api/user/password', change(payload.password));
    expect(changed.statusCode, changed.body).toBe(200);
  });

  it('refuses a stranger with 401', async () => {
    const response = await createAgent(suite.ctx.app).put(
      '/api/user/password',
      change('secret-pass-1'),
    );
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/invoices', () => {
  it("lists the company's invoices newest first, paid or awaiting payment, numbered once issued", async () => {
    const { alice, bob, kit } = suite;
    const unpaid = await kit.placeOrder(alice.agent, alice.company, ['УЗД', 'ЕКГ'], 'Неоплачене');
    const paid = await kit.placeOrder(alice.agent, alice.company, ['УЗД'], 'Оплачене');
    await kit.setStatus(paid, 'paid');

    const first = await alice.agent.get('/api/invoices');
    expect(first.statusCode, first.body).toBe(200);
    const invoices = first.json() as OrderInvoice[];
    expect(invoices.map(({ date: _date, ...rest }) => rest)).toEqual([
      {
        identifier: paid,
        orderName: 'Оплачене',
        // Confirming the payment issued its invoice (issue 34).
        number: expect.stringMatching(/^\d+\/2026$/),
        services: 1,
        amount: '240.00',
        status: 'payed',
        isPaid: true,
      },
      {
        identifier: unpaid,
        orderName: 'Неоплачене',
        number: null,
        services: 2,
        amount: '480.00',
        status: 'created',
        isPaid: false,
      },
    ]);
    expect(Number.isNaN(Date.parse(invoices[0]?.date ?? ''))).toBe(false);

    // The invoice gets its number when the provider issues it (issue 34: the administrator's print), and keeps
    // it; the company's print and the listing give none.
    const pdf = await alice.agent.post('/api/orders/pdf', { file: 'invoice', identifier: unpaid });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    const printed = (await alice.agent.get('/api/invoices')).json() as OrderInvoice[];
    expect(printed.find((invoice) => invoice.identifier === unpaid)?.number).toBeNull();
    const issued = await suite.admin.post('/api/administrator/orders/pdf', {
      file: 'invoice',
      identifier: unpaid,
    });
    expect(issued.statusCode, issued.body.slice(0, 200)).toBe(200);
    const numbered = (await alice.agent.get('/api/invoices')).json() as OrderInvoice[];
    expect(numbered.find((invoice) => invoice.identifier === unpaid)?.number).toMatch(
      /^\d+\/\d{4}$/,
    );
    expect(numbered.find((invoice) => invoice.identifier === unpaid)?.number).not.toBe(
      numbered.find((invoice) => invoice.identifier === paid)?.number,
    );

    // Another company sees none of them; a viewer of the company sees them all.
    const bobs = (await bob.agent.get('/api/invoices')).json() as OrderInvoice[];
    expect(bobs.map((invoice) => invoice.identifier)).not.toContain(unpaid);
    const viewer = await joinAsMember(suite.ctx, alice.agent, 'viewer');
    const viewed = await viewer.agent.get('/api/invoices');
    expect(viewed.statusCode).toBe(200);
    expect((viewed.json() as OrderInvoice[]).map((invoice) => invoice.identifier)).toEqual([
      paid,
      unpaid,
    ]);
    expect((await createAgent(suite.ctx.app).get('/api/invoices')).statusCode).toBe(401);
  });
});
