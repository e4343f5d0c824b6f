import { z } from 'zod';

/**
 * The only reader of `import.meta.env` (house guide §2.2 rule 6). Every key has a safe default, so a plain
 * `vite build` works; a bad value fails at boot, naming the key.
 */
const envSchema = z.object({
  /** Base URL of every API call (spec §7 "one configured API base"). Empty means the page's own origin. */
  API_URL: z
    .string()
    .trim()
    .default('')
    .refine((value) => value === '' || /^https?:\/\/[^\s]+$/.test(value), {
      message: 'must be empty or an http(s) URL',
    })
    .transform((value) => value.replace(/\/+$/, '')),
});

export type Env = z.infer<typeof envSchema>;

function parseEnv(): Env {
  const parsed = envSchema.safeParse({ API_URL: import.meta.env.VITE_API_URL });
  if (!parsed.success) {
    const keys = parsed.error.issues.map(
      (issue) => `VITE_${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid environment variables:\n${keys.join('\n')}`);
  }
  return parsed.data;
}

export const env = parseEnv();
