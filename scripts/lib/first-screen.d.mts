/** Types of first-screen.mjs for its TypeScript callers. */
export declare const FIRST_SCREEN_READY: {
  readonly landing: string;
  readonly orders: string;
  readonly wizard: string;
};
export declare function readyProbe(selector: string): string;
