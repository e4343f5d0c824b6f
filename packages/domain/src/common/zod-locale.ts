// eslint-disable-next-line no-restricted-imports -- the configuration itself, which common/zod.ts runs first.
import { z } from 'zod';

/**
 * Fallback messages in Ukrainian for every schema without an explicit message (spec: all text is Ukrainian).
 * Fields users type into carry their own, friendlier messages; this covers the rest.
 */
z.config(z.locales.uk());

/**
 * In a browser, zod's compiled object parsers are off: they need `new Function`, which the app's
 * Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') refuses, so zod's probe for it raised a CSP
 * violation on every page load. On the server they stay on (they are faster, and no CSP applies). This module is
 * the domain's first import, so the setting holds before any schema is built.
 */
z.config({ jitless: typeof window !== 'undefined' });
