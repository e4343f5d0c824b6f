import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const IDENTIFIER_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/**
 * A public identifier for URLs (companies, users, orders, calculations): 16 characters from a 32-letter
 * alphabet without look-alikes, 80 bits of randomness, so ids cannot be guessed or enumerated.
 */
export function newIdentifier(): string {
  const bytes = randomBytes(16);
  let out = '';
  for (const byte of bytes) out += IDENTIFIER_ALPHABET[byte % 32];
  return out;
}

/** A 256-bit random token, base64url (session cookies, reset links, CSRF). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Whether `value` has the shape of a {@link newToken}: 43 base64url characters. */
export const isTokenShaped = (value: string) => /^[\w-]{43}$/.test(value);

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmac(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

/** Constant-time string comparison, so a token check leaks no timing. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
