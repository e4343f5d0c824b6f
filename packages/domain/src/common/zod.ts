import './zod-locale';

/**
 * zod as the domain builds its schemas with it: configured first (`zod-locale.ts`: Ukrainian messages, and no
 * compiled parsers in a browser, whose Content-Security-Policy forbids them). Every module of the domain that builds a
 * schema imports `z` from here rather than from 'zod', so the configuration runs before its first schema wherever
 * the module is bundled: a bundle that takes one schema from the package (the web's first screen takes the session's
 * calls only, issue 39) does not evaluate the package's index, which imported the configuration before.
 */
// eslint-disable-next-line no-restricted-imports -- the one place the domain takes zod's value from.
export { z } from 'zod';
