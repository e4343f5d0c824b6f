import fc from 'fast-check';
import Fastify, { type FastifyInstance } from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import { MAX_JSON_DEPTH } from '@medcalc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from '../plugins/error-handler';
import { jsonTextParser, readJsonBytes, useJsonBytesParser } from './json-body';

// Issue 21: calculate-online reads its body's bytes as latin1 and decodes only the strings with a byte above 0x7F
// (json-body.ts). That reading may answer only what the app's parser answers — the same value, keys in the same
// order — and must leave everything else (malformed text, a `\u` escape, a prototype key, a too deep body) to it.

/** What the app's parser (Fastify's, through the UTF-8 text) makes of `bytes`: its value, or that it refuses. */
function byText(bytes: Buffer): { value: unknown } | 'refused' {
  try {
    return { value: JSON.parse(bytes.toString('utf8')) as unknown };
  } catch {
    return 'refused';
  }
}

/** Whether `value` has an object with a `__proto__` or `constructor` key at any depth. */
function hasPrototypeKey(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Object.hasOwn(value, '__proto__') || Object.hasOwn(value, 'constructor')) return true;
  return Object.values(value).some(hasPrototypeKey);
}

/** Same value, same prototypes and own keys, and the same key order (which isDeepStrictEqual does not look at). */
function expectSameValue(read: unknown, expected: unknown) {
  expect(isDeepStrictEqual(read, expected)).toBe(true);
  expect(JSON.stringify(read)).toBe(JSON.stringify(expected));
}

/** Strings of any code points (Cyrillic, astral, controls), keys too, and now and then a prototype key. */
const text = fc.oneof(
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: fc.constantFrom('а', 'я', 'ї', 'є', ' ', 'x', '"', '\\', '\n', '€', '😀') }),
  fc.string({ unit: 'binary' }),
);
const key = fc.oneof({ weight: 8, arbitrary: text }, fc.constantFrom('__proto__', 'constructor'));
const { value: jsonValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(key, tie('value'), { maxKeys: 5 }),
  ),
}));

/** JSON text of `value` as a client may write it: compact, indented, or with every non-ASCII character escaped. */
const written = fc
  .tuple(jsonValue, fc.constantFrom('compact', 'indented', 'ascii-escaped'))
  .map(([value, style]) => {
    const json = JSON.stringify(value, null, style === 'indented' ? 2 : undefined);
    if (style !== 'ascii-escaped') return json;
    return json.replace(
      /[\u0080-\uffff]/g,
      (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
  });

/** A JSON object with a string of raw bytes (invalid UTF-8 included), none of them a quote, backslash or control. */
const rawBytesBody = fc
  .uint8Array({ min: 0x20, max: 0xff, maxLength: 40 })
  .map((raw) => Buffer.from(raw.filter((byte) => byte !== 0x22 && byte !== 0x5c)))
  .map((raw) =>
    Buffer.concat([
      Buffer.from('{"a":['),
      raw,
      Buffer.from('"],"'),
      raw,
      Buffer.from('":"'),
      raw,
      Buffer.from('"}'),
    ]),
  )
  .map((bytes) => {
    // Put the quote that opens the array's string where the raw bytes begin.
    const at = bytes.indexOf('[') + 1;
    return Buffer.concat([bytes.subarray(0, at), Buffer.from('"'), bytes.subarray(at)]);
  });

describe('readJsonBytes', () => {
  it('answers what JSON.parse of the UTF-8 text answers, or leaves the body to the app’s parser', () => {
    fc.assert(
      fc.property(written, (json) => {
        const bytes = Buffer.from(json, 'utf8');
        const read = readJsonBytes(bytes);
        const expected = byText(bytes);
        if (read === undefined) {
          // Left to the app's parser only for the reasons it names.
          const reason =
            expected === 'refused' || bytes.includes('\\u') || hasPrototypeKey(expected.value);
          expect(reason).toBe(true);
          return;
        }
        expect(expected).not.toBe('refused');
        if (expected !== 'refused') expectSameValue(read.value, expected.value);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads every body without a `\\u` escape, a prototype key or a too deep nesting itself', () => {
    const plain = jsonValue.filter(
      (value) => !JSON.stringify(value).includes('\\u') && !hasPrototypeKey(value),
    );
    fc.assert(
      fc.property(plain, (value) => {
        const bytes = Buffer.from(JSON.stringify(value), 'utf8');
        const read = readJsonBytes(bytes);
        expect(read).toBeDefined();
        expectSameValue(read?.value, JSON.parse(bytes.toString('utf8')));
      }),
      { numRuns: 1000 },
    );
  });

  it('decodes raw bytes, invalid UTF-8 included, in strings and keys as the UTF-8 text reads them', () => {
    fc.assert(
      fc.property(rawBytesBody, (bytes) => {
        const read = readJsonBytes(bytes);
        const expected = byText(bytes);
        expect(expected).not.toBe('refused');
        expect(read).toBeDefined();
        if (expected !== 'refused') expectSameValue(read?.value, expected.value);
      }),
      { numRuns: 1000 },
    );
  });

  it('never reads arbitrary bytes differently from the UTF-8 text', () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 60 }).map((array) => Buffer.from(array)),
      written.map((json) => Buffer.from(json, 'utf8')),
    );
    fc.assert(
      fc.property(bytes, fc.nat(), fc.integer({ min: 0, max: 255 }), (body, at, byte) => {
        // One byte of a valid body changed, or arbitrary bytes.
        const changed = Buffer.from(body);
        if (changed.length > 0) changed[at % changed.length] = byte;
        const read = readJsonBytes(changed);
        const expected = byText(changed);
        if (expected === 'refused') expect(read).toBeUndefined();
        else if (read !== undefined) expectSameValue(read.value, expected.value);
      }),
      { numRuns: 2000 },
    );
  });

  it('decodes category keys and keeps the first place and the last value of keys that decode alike', () => {
    const bytes = Buffer.concat([
      Buffer.from('{"УЗД":[1],"b":2,"'),
      Buffer.from([0xff]),
      Buffer.from('":3,"'),
      Buffer.from([0xfe]),
      Buffer.from('":4}'),
    ]);
    const read = readJsonBytes(bytes);
    expectSameValue(read?.value, { УЗД: [1], b: 2, '\ufffd': 4 });
    expect(Object.keys(read?.value as object)).toEqual(['УЗД', 'b', '\ufffd']);
  });

  it('leaves a byte-order mark, a `\\u` escape, prototype keys and a nesting deeper than the limit to the app', () => {
    const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
    expect(readJsonBytes(Buffer.from(nested(MAX_JSON_DEPTH)))).toBeDefined();
    expect(readJsonBytes(Buffer.from(nested(MAX_JSON_DEPTH + 1)))).toBeUndefined();
    for (const body of [
      '\ufeff{"a":1}',
      '{"a":"\\u00e9"}',
      '{"__proto__":{"x":1}}',
      '{"a":{"constructor":{"prototype":{}}}}',
      '',
      '   ',
      '{"a":1',
    ]) {
      expect(readJsonBytes(Buffer.from(body, 'utf8'))).toBeUndefined();
    }
  });
});

/** Two apps that echo their JSON body: one with the app's parser over the text, one with the bytes parser. */
async function echoApp(bytes: boolean): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(errorHandlerPlugin, { storage: 'memory' });
  const parseText = jsonTextParser(app);
  if (bytes) useJsonBytesParser(app);
  else {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
      parseText(request, body.toString(), done),
    );
  }
  app.post('/echo', async (request) => ({ body: request.body ?? 'none' }));
  await app.ready();
  return app;
}

describe('useJsonBytesParser', () => {
  let byTextApp: FastifyInstance;
  let byBytesApp: FastifyInstance;
  beforeAll(async () => {
    [byTextApp, byBytesApp] = await Promise.all([echoApp(false), echoApp(true)]);
  });
  afterAll(async () => {
    await Promise.all([byTextApp.close(), byBytesApp.close()]);
  });

  const post = (app: FastifyInstance, payload: Buffer) =>
    app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it('answers every body as the app’s parser does: the value, blank as none, 400, and 422 for a deep body', async () => {
    const bodies = [
      '{"calculations":{"УЗД":[{"name":"Послуга","id":1}]}}',
      '',
      '  \n ',
      '\u00a0',
      '\ufeff{"a":"я"}',
      '{"a":"\\u0436"}',
      '{"a":',
      'nul',
      '{"__proto__":{"admin":true}}',
      '{"a":{"constructor":{"prototype":{"x":1}}}}',
      '{"constructor":"plain"}',
      '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH),
      '['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1),
      `{"a":${'{"b":'.repeat(MAX_JSON_DEPTH)}1${'}'.repeat(MAX_JSON_DEPTH)},"__proto__":1}`,
      '"текст"',
      '42',
    ].map((body) => Buffer.from(body, 'utf8'));
    bodies.push(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xd0, 0x22, 0x7d]));
    for (const body of bodies) {
      const [expected, answered] = await Promise.all([
        post(byTextApp, body),
        post(byBytesApp, body),
      ]);
      expect({ body: body.toString('utf8'), status: answered.statusCode }).toEqual({
        body: body.toString('utf8'),
        status: expected.statusCode,
      });
      expect(answered.body).toBe(expected.body);
    }
  });
});
