import {
  formatServiceCode,
  type ProfitabilityResult,
  type ProfitabilityService,
  type ServiceCost,
} from '@medcalc/domain';

/**
 * One service of calculate-online's answer (spec §3 "Profitability result"): the input's id and name with the
 * engine's costing, in the answer's key order.
 */
export const profitabilityService = (
  id: number,
  name: string,
  costing: ServiceCost,
  /** The service's code in its company (its number there); the id's code when not given. */
  code: string = formatServiceCode(id),
): ProfitabilityService => ({
  companyId: code,
  id,
  name,
  summary: costing.summary,
  summaryWithProfit: costing.summaryWithProfit,
  costing,
});

/** A character above U+007F: a string that has one is written as its UTF-8 bytes. */
const NOT_ASCII = /[\u0080-\uffff]/;
/** A surrogate, paired or not: JSON.stringify escapes a lone one, which its UTF-8 bytes would not show. */
const SURROGATE = /[\ud800-\udfff]/;
/** A character no latin1 text holds: left in the written text, it would not be the answer's bytes. */
const WIDE = /[\u0100-\uffff]/;

/** Sentinel: a string the byte writing cannot take (a surrogate); the answer is then written the plain way. */
class NotWritable extends Error {}

/** `text` as the latin1 characters of its UTF-8 bytes (ASCII as it is). */
function asBytes(text: string): string {
  if (!NOT_ASCII.test(text)) return text;
  if (SURROGATE.test(text)) throw new NotWritable();
  return Buffer.from(text, 'utf8').toString('latin1');
}

/**
 * calculate-online's 200 answer as UTF-8 bytes: byte for byte `Buffer.from(JSON.stringify(result), 'utf8')`,
 * without a two-byte JSON text of 0.9 MiB that Fastify would scan for its length and Node encode again (issue 21).
 * The answer's only texts that are not ASCII are the categories and service names (and, by type, the service
 * codes): each is replaced by the latin1 characters of its UTF-8 bytes, so JSON.stringify writes one-byte texts
 * (it escapes only quotes, backslashes, controls below U+0020 and lone surrogates, none of them a byte above 0x7F),
 * whose latin1 bytes are the answer's UTF-8. The costing's strings are the engine's numbers and enum words, ASCII;
 * should any text still hold a character above U+00FF, or a name a surrogate, the answer is written the plain way.
 *
 * It is written a service at a time — JSON.stringify has no indentation, so the answer's text is its pieces'
 * texts joined by the brackets and commas written here — into one buffer of their summed length: no 0.9 MiB
 * string, which V8 keeps in pages of its own and the machine must map afresh for every answer (7 against 11 ms
 * per answer of 1,000 services, issue 21, fifth step). `calculate-online-answer.test.ts` compares both on
 * generated answers and through the route.
 */
export function calculateOnlineAnswerBytes(result: ProfitabilityResult): Buffer {
  const pieces: string[] = [];
  let length = 2;
  const add = (piece: string) => {
    if (WIDE.test(piece)) throw new NotWritable();
    pieces.push(piece);
    length += piece.length;
  };
  try {
    result.forEach((group, groupIndex) => {
      add(
        `${groupIndex === 0 ? '' : ','}{"category":${JSON.stringify(asBytes(group.category))},"calculations":[`,
      );
      group.calculations.forEach((service, index) => {
        const written = JSON.stringify({
          ...service,
          companyId: asBytes(service.companyId),
          name: asBytes(service.name),
        });
        add(index === 0 ? written : `,${written}`);
      });
      add(']}');
    });
  } catch (error) {
    if (!(error instanceof NotWritable)) throw error;
    return Buffer.from(JSON.stringify(result), 'utf8');
  }
  const bytes = Buffer.allocUnsafe(length);
  let at = bytes.write('[', 0, 'latin1');
  for (const piece of pieces) at += bytes.write(piece, at, 'latin1');
  bytes.write(']', at, 'latin1');
  return bytes;
}

/**
 * The route's serializer: the 200 answer (the list of categories) as `calculateOnlineAnswerBytes`, anything else
 * (the error answers `{ message, errors }`) with JSON.stringify. Fastify sends a Buffer a serializer answers as it
 * is, with the `application/json; charset=utf-8` it set before serializing (reply.js), and its exact length.
 */
export function writeCalculateOnlineAnswer(data: unknown): string {
  if (!Array.isArray(data)) return JSON.stringify(data);
  // Typed as a string for Fastify's serializer signature; a Buffer is what it writes fastest.
  return calculateOnlineAnswerBytes(data as ProfitabilityResult) as unknown as string;
}
