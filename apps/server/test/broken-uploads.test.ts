import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKEN_UPLOAD_MESSAGE } from '../src/modules/imports/imports.routes';
import {
  buildTestApp,
  logCollector,
  registerCompanyMember,
  type CompanyMember,
  type TestContext,
  expectValidationAnswer,
} from './helper';
import { multipartUpload } from './import-fixtures';

// Issue 34: a multipart upload cut short or malformed is the client's error: 422 under «file» in Ukrainian, one
// warning in the log, no 500 and no error with a stack; nothing stored.

const log = logCollector();
let ctx: TestContext;
let member: CompanyMember;

beforeAll(async () => {
  ctx = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: log.stream });
  member = await registerCompanyMember(ctx.app);
});
afterAll(async () => ctx.close());

const previewUrl = () => `/api/company/${member.company}/imports/measurements/preview`;
const { payload: whole, headers } = multipartUpload(Buffer.from('Назва\nмл\nшт\n'), 'одиниці.csv');
const boundary = headers['content-type'].split('boundary=')[1] ?? '';

const cases: Array<[string, Buffer, string]> = [
  ['cut inside the file', whole.subarray(0, whole.length - 40), headers['content-type']],
  ['cut before its closing boundary', whole.subarray(0, whole.length - 8), headers['content-type']],
  [
    'a part whose header never ends',
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"`),
    headers['content-type'],
  ],
  ['a Content-Type without its boundary', whole, 'multipart/form-data'],
];

describe('a broken multipart upload', () => {
  it.each(cases)('answers 422 and logs a warning: %s', async (_label, payload, contentType) => {
    const from = log.lines.length;
    const response = await member.agent.request('POST', previewUrl(), payload, {
      headers: { 'content-type': contentType },
    });
    expectValidationAnswer(response, { file: [BROKEN_UPLOAD_MESSAGE] }, BROKEN_UPLOAD_MESSAGE);
    const lines = log.lines.slice(from);
    expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
    const warnings = lines.filter((line) => line.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toBe('malformed multipart upload; answered 422');
    expect(JSON.stringify(warnings[0])).not.toContain('"stack"');
  });

  it('still previews the same upload whole', async () => {
    const response = await member.agent.request('POST', previewUrl(), whole, { headers });
    expect(response.statusCode, response.body).toBe(200);
  });
});
