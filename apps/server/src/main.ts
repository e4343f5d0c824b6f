import { buildApp } from './app';
import { ConfigError, loadConfig, loadDotEnv } from './config/env';
import { DataDirLockedError, lockDataDir, readOrCreateSessionSecret } from './lib/data-dir';

/** Process entry: config, the data-folder lock, listen, graceful shutdown. Nothing else (house guide 2.5). */
async function main() {
  loadDotEnv();
  const config = loadConfig();
  // Only embedded PGlite needs the single-process lock; PostgreSQL serves many instances.
  const releaseLock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  config.sessionSecret ??= readOrCreateSessionSecret(config.dataDir);

  const app = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    try {
      await app.close();
    } finally {
      releaseLock();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.error(error);
    await app.close();
    releaseLock();
    process.exit(1);
  }
  app.log.info(
    `medcalc is ready at ${config.appUrl} (database: ${config.databaseUrl ? 'PostgreSQL' : 'embedded PGlite in ' + config.pgliteDir})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
