/** Types of chromium.mjs for its TypeScript callers. */
import type { Browser } from 'playwright-core';

export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: readonly string[];
export declare function launchBrowser(): Promise<Browser>;
