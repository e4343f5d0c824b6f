import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_TIMEOUTS } from '../config/env';
import { timeoutsPlugin } from './timeouts';

// The body watch of issue 24 must not keep a request alive once its body has arrived: it held each Fastify request
// (with its parsed body) until its next check, seconds later, so every large body of those seconds stayed in
// memory (issue 21). A real socket: the watch skips inject()'s fake one.

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

let app: FastifyInstance;
let base: string;
const seen: Array<WeakRef<object>> = [];

beforeAll(async () => {
  app = Fastify();
  await app.register(timeoutsPlugin, DEFAULT_HTTP_TIMEOUTS);
  app.post('/echo', async (request) => {
    seen.push(new WeakRef(request), new WeakRef(request.body as object));
    return { lines: (request.body as { lines: unknown[] }).lines.length };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
});

describe('timeouts plugin', () => {
  it('lets go of a request and its parsed body once the body has arrived, long before its next check', async () => {
    const body = JSON.stringify({ lines: Array.from({ length: 2000 }, (_, index) => ({ index })) });
    for (let round = 0; round < 3; round += 1) {
      const response = await fetch(`${base}/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(await response.json()).toEqual({ lines: 2000 });
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    collectGarbage();
    expect(seen).toHaveLength(6);
    expect(seen.filter((ref) => ref.deref() !== undefined)).toHaveLength(0);
  });
});
