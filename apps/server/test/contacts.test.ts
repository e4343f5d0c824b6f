import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helper';

let configured: TestContext;
let unset: TestContext;
beforeAll(async () => {
  [configured, unset] = await Promise.all([
    buildTestApp({ PROVIDER_PHONE: '+380 44 000 00 00', PROVIDER_EMAIL: 'info@medcalc.test' }),
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
