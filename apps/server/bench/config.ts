import { loadConfig } from '../src/config/env';

/** The app's configuration for a bench run on `dataDir`: quiet logs, a fixed secret, any free port. */
export const benchConfig = (dataDir: string, overrides: Record<string, string> = {}) =>
  loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    PORT: '0',
    ...overrides,
  });
