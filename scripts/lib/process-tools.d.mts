/** Types of process-tools.mjs for its TypeScript callers (the tests that start a server). */
export declare const SIGNAL_CODES: Readonly<Record<'SIGHUP' | 'SIGINT' | 'SIGTERM', number>>;
export declare function onFirstStopSignal(onStop: (signal: string) => void): () => string | null;
export declare function isExecutable(file: string): boolean;
export declare function freePort(): Promise<number>;
export declare function serverEnv(
  base: NodeJS.ProcessEnv,
  extra: Record<string, string>,
): NodeJS.ProcessEnv;
export declare function processCpuSeconds(pid: number | 'self'): { own: number; children: number };
export declare function copyDataFolder(from: string, to: string): Promise<void>;
