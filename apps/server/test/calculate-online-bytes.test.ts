import { describe, expect, it } from 'vitest';
import {
  WORKED_EXAMPLE_COMPANY_INFO,
  computeOrderCosts,
  type WizardCalculations,
} from '@medcalc/domain';
import { benchServices } from '../bench/cost-workload';
import { profitabilityService } from '../src/modules/calculations/calculate-online-answer';
import { buildTestApp, registerCompanyMember, useSuite } from './helper';

// Issue 21: calculate-online reads its body's bytes (lib/json-body.ts) and writes its answer's bytes itself
// (calculate-online-answer.ts). Through the app, the answer must be what the route answered before: the engine's
// costs with the input's ids and names, written by JSON.stringify and encoded as UTF-8, with the same headers,
// whichever way the body was read (the bytes reading, or the app's parser for a `\u` escape or the JSON-text form).

const suite = useSuite(async () => {
  const ctx = await buildTestApp();
  return { ctx, member: await registerCompanyMember(ctx.app) };
});

const NAMES = [
  'Послуга «УЗД» — ґїєі',
  'Consultation "A\\B"',
  'Емодзі 😀 і €',
  'Табуляція\tі рядок\nдалі',
];

/** Twelve services over three categories (one Cyrillic, one with a quote), names of every kind. */
function wizardBody(): { calculations: WizardCalculations; expected: unknown } {
  const contents = benchServices(12, 3, 4, 11);
  const costs = computeOrderCosts(WORKED_EXAMPLE_COMPANY_INFO, contents);
  const categories = ['Ультразвукова діагностика', 'Lab "1"', 'Інше'];
  const calculations: WizardCalculations = {};
  const expected = categories.map((category) => ({ category, calculations: [] as unknown[] }));
  contents.forEach((calculation, index) => {
    const category = categories[index % 3] ?? '';
    const id = 100 + index;
    const name = `${NAMES[index % NAMES.length] ?? ''} ${index}`;
    (calculations[category] ??= []).push({ id, name, calculation });
    const costing = costs[index];
    if (!costing) throw new Error('setup');
    // Ids the company has no service of get no code (issue 23: codes are numbered per institution).
    expected[index % 3]?.calculations.push(profitabilityService(id, name, costing, ''));
  });
  return { calculations, expected };
}

describe('calculate-online on the wire', () => {
  it('answers the bytes JSON.stringify wrote before, read by bytes, by the app’s parser, and as JSON text', async () => {
    const { calculations, expected } = wizardBody();
    const before = Buffer.from(JSON.stringify(expected), 'utf8');
    const plain = JSON.stringify({ companyInfo: WORKED_EXAMPLE_COMPANY_INFO, calculations });
    // The same body with every non-ASCII character escaped (the app's parser reads it), and the spec's client form.
    const escaped = plain.replace(
      /[\u0080-\uffff]/g,
      (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    const asText = JSON.stringify({
      companyInfo: JSON.stringify(WORKED_EXAMPLE_COMPANY_INFO),
      calculations: JSON.stringify(calculations),
    });
    for (const body of [plain, escaped, asText]) {
      const answered = await suite.member.agent.request(
        'POST',
        '/api/calculations/calculate-online',
        body,
        { headers: { 'content-type': 'application/json' } },
      );
      expect(answered.statusCode, answered.body).toBe(200);
      expect(answered.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answered.headers['content-length']).toBe(String(before.length));
      expect(answered.rawPayload.equals(before)).toBe(true);
    }
  });

  it('still answers a bad line with the schema’s Ukrainian 422 under its field path', async () => {
    const { calculations } = wizardBody();
    const [category] = Object.keys(calculations);
    const first = calculations[category ?? '']?.[0];
    const line = first?.calculation.stuff[0];
    if (!first || !line) throw new Error('setup');
    first.calculation.stuff[0] = { ...line, timeSpend: -1 };
    const response = await suite.member.agent.post('/api/calculations/calculate-online', {
      companyInfo: WORKED_EXAMPLE_COMPANY_INFO,
      calculations,
    });
    expect(response.statusCode).toBe(422);
    const answer = response.json() as { message: string; errors: Record<string, string[]> };
    expect(Object.keys(answer.errors)).toEqual([
      `calculations.${category}.0.calculation.stuff.0.timeSpend`,
    ]);
    expect(answer.message).toMatch(/[А-Яа-яІіЇїЄєҐґ]/);
  });
});
