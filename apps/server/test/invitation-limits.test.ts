import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_LIMIT_MESSAGES, INVITATION_LIMITS } from '@medcalc/domain';
import { buildTestApp, registerUser, type Agent, type TestContext } from './helper';
import { readOutbox } from './read-eml';

// Issue 34: invitation letters are limited per institution and per address (re-invitations included), and the
// letter says which account invites, with the institution's name as inert text and one link, the app's own.

let ctx: TestContext;
let outboxDir: string;
beforeAll(async () => {
  outboxDir = await mkdtemp(path.join(tmpdir(), 'medcalc-invitations-'));
  ctx = await buildTestApp({ MAIL_OUTBOX_DIR: outboxDir });
});
afterAll(async () => {
  await ctx.close();
  await rm(outboxDir, { recursive: true, force: true });
});

let counter = 0;
const address = (label: string) => {
  counter += 1;
  return `${label}-${counter}-${Math.random().toString(36).slice(2)}@clinic.test`;
};
const invite = (owner: Agent, email: string) =>
  owner.post('/api/members/invitations', { email, role: 'viewer' });
const lettersTo = (email: string) => ctx.mails.filter((mail) => mail.to === email).length;

/** Moves the clock on and signs the owner in again (an idle session ends after two hours). */
async function later(owner: Awaited<ReturnType<typeof registerUser>>, minutes: number) {
  ctx.clock.advanceMinutes(minutes);
  const { email, password } = owner.payload;
  expect((await owner.agent.post('/login', { email, password })).statusCode).toBe(200);
}

async function revokeLatest(owner: Agent) {
  const page = (await owner.get('/api/members')).json() as { invitations: Array<{ id: number }> };
  const [latest] = page.invitations;
  expect(latest).toBeDefined();
  expect((await owner.delete(`/api/members/invitations/${latest?.id}`)).statusCode).toBe(200);
}

describe('the invitation letter', () => {
  it('names the inviting account, keeps the institution’s name plain text and links only to the app', async () => {
    const phishing =
      'Перейдіть на http://evil.example/login <a href="https://evil.example">тут</a>';
    const owner = await registerUser(ctx.app, {
      company: phishing,
      name: 'Іван www.evil.example',
    });
    const to = address('letter');
    expect((await invite(owner.agent, to)).statusCode).toBe(200);
    const letter = (await readOutbox(outboxDir)).find((mail) => mail.to === to);
    expect(letter).toBeDefined();
    const { subject, text, html } = letter ?? { subject: '', text: '', html: '' };
    const link = /http:\/\/medcalc\.test\/invitations\/\S+/.exec(text)?.[0];
    expect(link).toBeDefined();

    // Nothing of the sender's text can be clicked: not in the subject, the text or the HTML.
    for (const part of [subject, text, html]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('http://evil');
    }
    expect(subject).toBe(
      'Запрошення до установи «Перейдіть на http[:]//evil[.]example/login <a href="https[:]//evil[.]example">тут</a>» у medcalc',
    );
    expect(text.match(/https?:\/\/\S+/g)).toEqual([link]);
    expect([...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1])).toEqual([link]);
    expect(html.match(/<a\b/g)).toHaveLength(1);
    expect(html).toContain('&#60;a href=&#34;https[:]//evil[.]example&#34;&#62;');

    // Which account invites: the name and the e-mail, and that the institution's name is the sender's words.
    expect(text).toContain(
      `Користувач medcalc Іван www[.]evil[.]example (${owner.payload.email}) запрошує вас до установи «Перейдіть на http[:]//evil[.]example/login`,
    );
    expect(text).toContain(`Запрошення надіслано з облікового запису ${owner.payload.email}.`);
    expect(text).toContain('medcalc її не перевіряє');
    expect(html).toContain(owner.payload.email);
  });
});

describe('invitation limits', () => {
  it(`lets one institution send ${INVITATION_LIMITS.perRecipientFromCompanyDay} letters a day to one address, re-invitations included`, async () => {
    const owner = await registerUser(ctx.app);
    const to = address('again');
    for (let i = 0; i < INVITATION_LIMITS.perRecipientFromCompanyDay; i += 1) {
      if (i > 0) await revokeLatest(owner.agent);
      expect((await invite(owner.agent, to)).statusCode).toBe(200);
    }
    await revokeLatest(owner.agent);
    const refused = await invite(owner.agent, to);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: INVITATION_LIMIT_MESSAGES.recipient(24),
      code: 'TOO_MANY_REQUESTS',
    });
    expect(Number(refused.headers['retry-after'])).toBe(24 * 3600);
    expect(lettersTo(to)).toBe(INVITATION_LIMITS.perRecipientFromCompanyDay);
    // Another address is not held back, and a day after the first letter the address may be invited again.
    expect((await invite(owner.agent, address('other'))).statusCode).toBe(200);
    await later(owner, 24 * 60 + 1);
    expect((await invite(owner.agent, to)).statusCode).toBe(200);
    expect(lettersTo(to)).toBe(INVITATION_LIMITS.perRecipientFromCompanyDay + 1);
  });

  it(`lets all institutions together send ${INVITATION_LIMITS.perRecipientDay} letters a day to one address`, async () => {
    const to = address('target');
    for (let i = 0; i < INVITATION_LIMITS.perRecipientDay; i += 1) {
      const owner = await registerUser(ctx.app);
      expect((await invite(owner.agent, to)).statusCode).toBe(200);
    }
    const late = await registerUser(ctx.app);
    const refused = await invite(late.agent, to);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(INVITATION_LIMIT_MESSAGES.recipient(24));
    expect(lettersTo(to)).toBe(INVITATION_LIMITS.perRecipientDay);
  });

  it(`limits an institution to ${INVITATION_LIMITS.perCompanyHour} letters an hour and ${INVITATION_LIMITS.perCompanyDay} a day`, async () => {
    const owner = await registerUser(ctx.app);
    const sent = () => ctx.mails.length;
    let made = 0;
    for (; made < INVITATION_LIMITS.perCompanyHour; made += 1) {
      expect((await invite(owner.agent, address('bulk'))).statusCode).toBe(200);
    }
    const before = sent();
    const refused = await invite(owner.agent, address('bulk'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(INVITATION_LIMIT_MESSAGES.company(1));
    expect(Number(refused.headers['retry-after'])).toBe(3600);
    expect(sent()).toBe(before);
    // Hour by hour up to the day's limit, which holds until a day after the first letter.
    while (made < INVITATION_LIMITS.perCompanyDay) {
      ctx.clock.advanceMinutes(61);
      for (
        let i = 0;
        i < INVITATION_LIMITS.perCompanyHour && made < INVITATION_LIMITS.perCompanyDay;
        i += 1
      ) {
        expect((await invite(owner.agent, address('bulk'))).statusCode).toBe(200);
        made += 1;
      }
    }
    ctx.clock.advanceMinutes(61);
    const daily = await invite(owner.agent, address('bulk'));
    expect(daily.statusCode).toBe(429);
    expect(daily.json().message).toMatch(/^Ваша установа надіслала забагато запрошень/);
    await later(owner, 24 * 60);
    expect((await invite(owner.agent, address('bulk'))).statusCode).toBe(200);
  });

  it('lets only one of several invitations sent at once take the last free place', async () => {
    const owner = await registerUser(ctx.app);
    for (let i = 0; i < INVITATION_LIMITS.perCompanyHour - 1; i += 1) {
      expect((await invite(owner.agent, address('race'))).statusCode).toBe(200);
    }
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => invite(owner.agent, address('race'))),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429, 429, 429]);
  });
});
