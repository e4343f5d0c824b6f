import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helper';

let configured: TestContext;
let unset: TestContext;
beforeAll(async () => {
  [configured, unset] = await Promise.all([
    buildTestApp({
      PROVIDER_PHONE: '+380 44 000 00 00',
      PROVIDER_EMAIL: 'info@medcalc.test',
      PROVIDER_NAME: 'ТОВ «Медкальк Сервіс»',
      PROVIDER_CODE: '12345678',
      PROVIDER_IBAN: 'UA213223130000026007233566001',
      PROVIDER_BANK: 'АТ «Приклад Банк»',
      PROVIDER_ADDRESS: 'м. Київ, вул. Прикладна, 5',
    }),
    buildTestApp(),
  ]);
});
afterAll(async () => {
  await Promise.all([configured.close(), unset.close()]);
});

describe('GET /api/contacts (issue 13)', () => {
  it("answers the provider's phone and e-mail from configuration, to anyone", async () => {
    const response = await configured.app.inject({ method: 'GET', url: '/api/contacts' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ phone: '+380 44 000 00 00', email: 'info@medcalc.test' });
  });

  it('answers null for contacts that are not configured', async () => {
    const response = await unset.app.inject({ method: 'GET', url: '/api/contacts' });
    expect(response.json()).toEqual({ phone: null, email: null });
  });
});

describe('GET /api/provider (issue 23)', () => {
  it("answers the invoice's requisites from configuration, to anyone", async () => {
    const response = await configured.app.inject({ method: 'GET', url: '/api/provider' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      name: 'ТОВ «Медкальк Сервіс»',
      code: '12345678',
      iban: 'UA21 3223 1300 0002 6007 2335 6600 1',
      bank: 'АТ «Приклад Банк»',
      address: 'м. Київ, вул. Прикладна, 5',
      phone: '+380 44 000 00 00',
      email: 'info@medcalc.test',
      isDemo: false,
    });
  });

  it('answers the demo requisites, marked as demo, while PROVIDER_* are unset', async () => {
    const response = await unset.app.inject({ method: 'GET', url: '/api/provider' });
    expect(response.json()).toMatchObject({
      // Each demo requisite marked once (issue 33: the name was «… (демо) (демо)»), the IBAN grouped.
      name: 'ТОВ «Медкальк» (демо)',
      code: '00000000 (демо)',
      iban: 'UA00 0000 0000 0000 0000 0000 0000 0 (демо)',
      phone: null,
      email: null,
      isDemo: true,
    });
  });
});
