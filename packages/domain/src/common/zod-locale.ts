import { z } from 'zod';

/**
 * Fallback messages in Ukrainian for every schema without an explicit message (spec: all text is Ukrainian).
 * Fields users type into carry their own, friendlier messages; this covers the rest.
 */
z.config(z.locales.uk());
