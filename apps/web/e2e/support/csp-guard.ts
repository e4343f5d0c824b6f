import { afterEach, expect } from 'vitest';
import { takeCspViolations } from './browser';

// Every journey runs under the server's Content-Security-Policy (apps/server/src/plugins/security.ts): a test
// during which chromium reported a violation fails, so a CSP that breaks the app cannot pass the e2e suite.
afterEach(() => {
  expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
});
