/** Types of first-screen.mjs for its TypeScript callers. */
export declare const FIRST_SCREEN_READY: {
  readonly landing: string;
  readonly orders: string;
  readonly wizard: string;
};
export declare function readyProbe(selector: string): string;
export declare function fetchedUntil(mark: '__ready' | '__takenOver'): string;
export declare const FETCHED_UNTIL_READY: string;
/** What {@link FETCHED_UNTIL_READY} answers. */
export interface FetchedUntilReady {
  readonly readyAt: number;
  readonly requests: ReadonlyArray<{
    start: number;
    duration: number;
    bytes: number;
    path: string;
  }>;
  readonly scripts: readonly string[];
  readonly bytes: number;
}
