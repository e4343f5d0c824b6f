import { jsonResponse, mockFetch } from './test-utils';

/**
 * A fake server of one setting a card reads and saves at `path` (the public price list, the tariff comparison's
 * participation), through `mockFetch`: GET answers what is stored; PUT stores its body over it (`save` says how,
 * where the server changes more than the body) and answers `{ message, data }` with what it stored; any other
 * call gets the API's 404 «Не знайдено.».
 */
export function fakeSetting<T extends object>(
  path: string,
  initial: T,
  {
    message,
    save = (stored, body) => ({ ...stored, ...body }),
  }: { message: string; save?: (stored: T, body: Partial<T>) => T },
) {
  let stored = initial;
  return mockFetch((call) => {
    if (call.method === 'GET' && call.path === path) return jsonResponse(200, stored);
    if (call.method === 'PUT' && call.path === path) {
      stored = save(stored, call.body as Partial<T>);
      return jsonResponse(200, { message, data: stored });
    }
    return jsonResponse(404, { message: 'Не знайдено.' });
  });
}
