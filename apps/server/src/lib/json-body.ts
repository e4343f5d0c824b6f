import type { FastifyInstance, FastifyRequest } from 'fastify';
import { exceedsJsonDepth, JSON_TOO_DEEP_MESSAGE, MAX_JSON_DEPTH } from '@medcalc/domain';
import { AppError } from './app-error';

type Done = (error: Error | null, body?: unknown) => void;

/**
 * The app's reading of a JSON body's text (plugins/security.ts): an empty or blank body is "no body" (the route's
 * schema decides); otherwise Fastify's own parser (secure-json-parse: malformed JSON and prototype-poisoning keys
 * refused with 400), then a body nested deeper than any real payload refused whole with a 422 in the documented
 * shape (the schemas would drop it silently under a key they do not know).
 */
export function jsonTextParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  return (request: FastifyRequest, text: string, done: Done) => {
    // No whitespace-only copy of a 3 MiB body (`trim` copies it): blank is no character that is not a space.
    if (!/\S/.test(text)) {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, (error, parsed) => {
      if (error) {
        done(error, undefined);
        return;
      }
      if (exceedsJsonDepth(parsed)) {
        done(new AppError('VALIDATION', JSON_TOO_DEEP_MESSAGE), undefined);
        return;
      }
      done(null, parsed);
    });
  };
}

/** The UTF-8 reading of a latin1-read string's bytes, remembered for the strings a body repeats. */
type Decoder = (latin1: string) => string;

function utf8Decoder(): Decoder {
  const seen = new Map<string, string>();
  return (latin1) => {
    let text = seen.get(latin1);
    if (text === undefined) {
      text = Buffer.from(latin1, 'latin1').toString('utf8');
      seen.set(latin1, text);
    }
    return text;
  };
}

/** Sentinel of `settle`: the value is not one the fast reading may answer (the app's parser decides). */
const REFUSED = Symbol('refused');

/** Whether `text` is ASCII; a loop beats a regex test on the short strings of a body (issue 21). */
function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    if (text.charCodeAt(index) > 0x7f) return false;
  }
  return true;
}

/** One walk's state: the decoder, and the keys already seen to be ASCII and no prototype key. */
interface Walk {
  decode: Decoder;
  /**
   * JSON.parse gives each distinct key as one string, so a body's 200,000 keys are a few dozen distinct ones: each
   * is checked once per walk, then found here. Per walk, so a body's keys are not kept after it.
   */
  plainKeys: Set<string>;
}

/**
 * An array's item or an object's value as `settle` leaves it: a string with a byte above 0x7F read as UTF-8 again, an
 * array or object settled one level down (or REFUSED), anything else as it was.
 */
function settleItem(item: unknown, levels: number, walk: Walk): unknown {
  if (typeof item === 'string') return isAscii(item) ? item : walk.decode(item);
  if (typeof item === 'object' && item !== null) return settle(item, levels - 1, walk);
  return item;
}

/**
 * A value parsed from a latin1 reading of UTF-8 bytes, with every string and key read as UTF-8 again, or REFUSED
 * when it nests deeper than `levels` or has a key the prototype checks look at (`__proto__`, `constructor`).
 * Arrays and objects are changed in place; an object whose keys need decoding is rebuilt in its key order.
 */
function settle(value: object, levels: number, walk: Walk): object | typeof REFUSED {
  if (levels <= 0) return REFUSED;
  if (Array.isArray(value)) {
    const list = value as unknown[];
    for (let index = 0; index < list.length; index += 1) {
      const item = list[index];
      const settled = settleItem(item, levels, walk);
      if (settled === REFUSED) return REFUSED;
      if (settled !== item) list[index] = settled;
    }
    return list;
  }
  const object = value as Record<string, unknown>;
  let keysToDecode = false;
  for (const key in object) {
    if (!walk.plainKeys.has(key)) {
      if (key === '__proto__' || key === 'constructor') return REFUSED;
      if (isAscii(key)) walk.plainKeys.add(key);
      else keysToDecode = true;
    }
    const item = object[key];
    const settled = settleItem(item, levels, walk);
    if (settled === REFUSED) return REFUSED;
    if (settled !== item) object[key] = settled;
  }
  if (!keysToDecode) return object;
  // Decoded keys are never `__proto__` (a key with a byte above 0x7F decodes to one with a character above
  // U+007F); two keys that decode alike keep the first one's place and the last one's value, as JSON.parse does.
  const rebuilt: Record<string, unknown> = {};
  for (const key in object) rebuilt[isAscii(key) ? key : walk.decode(key)] = object[key];
  return rebuilt;
}

/**
 * The JSON body `bytes` (UTF-8) read without decoding the whole text as UTF-8 first, or undefined when this
 * reading does not apply and the app's parser must decide (then nothing is lost but time).
 *
 * Why: in Node 20, decoding 3 MiB of UTF-8 with Cyrillic names into a JS string costs more than JSON.parse of it,
 * and JSON.parse of the resulting two-byte string is slower than of a one-byte one (docs/performance.md,
 * "calculate-online, third step"). So the bytes are read as latin1 (one character per byte, a copy), parsed, and
 * only the strings and keys that have a byte above 0x7F are decoded as UTF-8, each distinct one once.
 *
 * Why it answers what `JSON.parse(bytes.toString('utf8'))` answers: JSON's structure is ASCII and every byte of a
 * multi-byte UTF-8 sequence is above 0x7F, so both readings see the same tokens; a string's characters are its
 * bytes, except the escapes, which are ASCII after parsing — unless it has a `\u` escape, which could make a
 * character U+0080…U+00FF or above that is no byte of the text: then this reading refuses (a byte-order mark
 * makes the latin1 text malformed, so the app's parser, which drops it, takes that body too). Invalid UTF-8 becomes U+FFFD either way: the decoder replaces per sequence, and no sequence spans a
 * quote or a backslash. Anything this reading refuses — malformed JSON, a nesting deeper than MAX_JSON_DEPTH, a
 * `__proto__` or `constructor` key — goes to the app's parser, which answers its own 400 or 422.
 * `json-body.test.ts` checks this on generated texts and bytes.
 */
export function readJsonBytes(bytes: Buffer): { value: unknown } | undefined {
  if (bytes.length === 0) return undefined;
  if (bytes.includes('\\u')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('latin1'));
  } catch {
    return undefined;
  }
  if (typeof value === 'string') return { value: isAscii(value) ? value : utf8Decoder()(value) };
  if (typeof value !== 'object' || value === null) return { value };
  const settled = settle(value, MAX_JSON_DEPTH, { decode: utf8Decoder(), plainKeys: new Set() });
  return settled === REFUSED ? undefined : { value: settled };
}

/**
 * A route's JSON parser over the raw bytes (`parseAs: 'buffer'`) that reads a well-formed body with
 * `readJsonBytes`, and anything else with the app's parser (`jsonTextParser`), which answers exactly as before.
 * Register it in the route's own plugin context (Fastify's content-type parsers are per context).
 */
export function useJsonBytesParser(app: FastifyInstance) {
  const byText = jsonTextParser(app);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer' },
    (request, body: Buffer, done: Done) => {
      const read = readJsonBytes(body);
      if (read !== undefined) done(null, read.value);
      else byText(request, body.toString('utf8'), done);
    },
  );
}
