import type { FastifyInstance } from 'fastify';

/**
 * A browser-like client of the app for the benches: it keeps every cookie the app sets (the session, and the XSRF
 * token, which is tied to the session and so changes on sign-in) and echoes XSRF-TOKEN in X-XSRF-TOKEN, as the
 * SPA does. Over a socket (`fetchClient`) or through `app.inject` (`injectClient`).
 */
export interface BenchClient {
  /** Sends a request; a JSON body is sent as JSON. Does not throw on an error status. */
  send(method: string, url: string, body?: unknown): Promise<{ status: number; text: string }>;
  /** Like `send`, but throws on a status ≥ 300 and answers the parsed JSON. */
  json<T = unknown>(method: string, url: string, body?: unknown): Promise<T>;
  /** The Cookie header of this client now (for load generators that send it themselves). */
  cookie(): string;
  /** The headers a signed-in write needs now: Cookie and X-XSRF-TOKEN. */
  headers(): Record<string, string>;
}

type Transport = (
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
) => Promise<{ status: number; text: string; setCookies: string[] }>;

function clientOver(transport: Transport): BenchClient {
  const cookies = new Map<string, string>();
  const cookie = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const headers = () => ({
    cookie: cookie(),
    'x-xsrf-token': decodeURIComponent(cookies.get('XSRF-TOKEN') ?? ''),
  });
  const send: BenchClient['send'] = async (method, url, body) => {
    const answer = await transport(
      method,
      url,
      { ...headers(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    );
    for (const line of answer.setCookies) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return { status: answer.status, text: answer.text };
  };
  return {
    send,
    async json<T>(method: string, url: string, body?: unknown) {
      const answer = await send(method, url, body);
      if (answer.status >= 300)
        throw new Error(`${method} ${url}: ${answer.status} ${answer.text.slice(0, 300)}`);
      return JSON.parse(answer.text) as T;
    },
    cookie,
    headers,
  };
}

/** A client of the app listening at `base`, with the XSRF cookie already fetched. */
export async function fetchClient(base: string): Promise<BenchClient> {
  const client = clientOver(async (method, url, headers, body) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    return {
      status: response.status,
      text: await response.text(),
      setCookies: response.headers.getSetCookie(),
    };
  });
  await client.send('GET', '/sanctum/csrf-cookie');
  return client;
}

/** A client of `app` through `inject` (no socket), with the XSRF cookie already fetched. */
export async function injectClient(app: FastifyInstance): Promise<BenchClient> {
  const client = clientOver(async (method, url, headers, body) => {
    const response = await app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(body === undefined ? {} : { payload: body }),
    });
    const setCookie = response.headers['set-cookie'];
    return {
      status: response.statusCode,
      text: response.body,
      setCookies: setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie],
    };
  });
  await client.send('GET', '/sanctum/csrf-cookie');
  return client;
}

/** Registers a new company user (its own new company) through `client`, which is signed in after. */
export async function registerCompanyUser(client: BenchClient, emailPrefix: string) {
  await client.json('POST', '/api/register', {
    name: 'Олена Коваль',
    company: 'КНП «Лікарня для вимірювань»',
    phone: '380501234567',
    email: `${emailPrefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@clinic.test`,
    password: 'bench-password-1',
    password_confirmation: 'bench-password-1',
  });
  return client;
}
