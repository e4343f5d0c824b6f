/** Types of chromium.mjs for its TypeScript callers. */
import type { Browser, BrowserServer } from 'playwright-core';

export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: readonly string[];
export declare function launchBrowser(): Promise<Browser>;
export declare function launchBrowserServer(): Promise<BrowserServer>;
export declare function connectBrowser(wsEndpoint: string): Promise<Browser>;
