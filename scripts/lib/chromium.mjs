// Debian's chromium as the browser journeys (apps/web/e2e) and the web bench (apps/server/bench/web.ts) start it:
// not a Playwright-downloaded browser (`npx playwright install` cannot download here); scripts/test-e2e.mjs checks
// that it exists and passes the path it found in CHROMIUM_PATH. Types: chromium.d.mts.
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The machine's network is closed: without the background-networking flags chromium keeps opening connections to
// Google's hosts that are refused, slowing every start. --no-sandbox because CI runs as root, where chromium's
// sandbox refuses to start.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const LAUNCH_OPTIONS = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: 60_000 };

/**
 * A new headless chromium. Playwright gives each launch a fresh temporary --user-data-dir, so runs share no
 * profile state.
 * @returns {Promise<import('playwright-core').Browser>}
 */
export function launchBrowser() {
  return chromium.launch(LAUNCH_OPTIONS);
}

/**
 * The same chromium, started for other processes to share: they `chromium.connect()` to its `wsEndpoint()`, each
 * with contexts of its own. `close()` stops it.
 * @returns {Promise<import('playwright-core').BrowserServer>}
 */
export function launchBrowserServer() {
  return chromium.launchServer(LAUNCH_OPTIONS);
}

/**
 * A connection to a chromium started by {@link launchBrowserServer}; its `close()` closes the contexts this
 * connection opened and leaves the browser running.
 * @param {string} wsEndpoint
 * @returns {Promise<import('playwright-core').Browser>}
 */
export function connectBrowser(wsEndpoint) {
  return chromium.connect(wsEndpoint, { timeout: 60_000 });
}
