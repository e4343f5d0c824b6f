/** Types of start.mjs for its TypeScript callers (the server's HTTP tests build the server they start). */
export declare function inputHash(name: 'web' | 'server', env?: NodeJS.ProcessEnv): Promise<string>;
export declare function buildStale(options?: {
  force?: boolean;
  log?: (line: string) => void;
  only?: ReadonlyArray<'web' | 'server'>;
}): Promise<void>;
