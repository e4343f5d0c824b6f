/**
 * The only reader of `import.meta.env` (house guide §2.2 rule 6). Every key has a safe default, so a plain
 * `vite build` works; a bad value fails at boot, naming the key. Checked by hand, not with zod: this module is in
 * the code every page runs first, the landing page included, which carries no zod (issue 39).
 */
export type Env = {
  /** Base URL of every API call (spec §7 "one configured API base"). Empty means the page's own origin. */
  API_URL: string;
};

const HTTP_URL = /^https?:\/\/[^\s]+$/;

export function parseEnv(source: { VITE_API_URL?: unknown }): Env {
  const apiUrl = source.VITE_API_URL ?? '';
  const text = typeof apiUrl === 'string' ? apiUrl.trim() : undefined;
  if (text === undefined || (text !== '' && !HTTP_URL.test(text))) {
    throw new Error(
      'Invalid environment variables:\nVITE_API_URL: must be empty or an http(s) URL',
    );
  }
  return { API_URL: text.replace(/\/+$/, '') };
}

export const env = parseEnv({ VITE_API_URL: import.meta.env.VITE_API_URL });
