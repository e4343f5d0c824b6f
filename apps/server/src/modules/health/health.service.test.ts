import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../../lib/db-errors';
import { createHealthService } from './health.service';

describe('health service: readiness', () => {
  it('is ready when the database answers', async () => {
    const service = createHealthService({ healthRepository: { ping: async () => undefined } });
    await expect(service.checkReady()).resolves.toBeUndefined();
  });

  it('is not ready when the database answers too late', async () => {
    const service = createHealthService({
      healthRepository: { ping: () => new Promise<void>(() => undefined) },
      timeoutMs: 50,
    });
    const started = performance.now();
    await expect(service.checkReady()).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('is not ready when the query fails, whatever the failure', async () => {
    const failure = new Error('PGlite is closed');
    const service = createHealthService({
      healthRepository: {
        ping: async () => {
          throw failure;
        },
      },
    });
    const error: unknown = await service.checkReady().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect((error as Error).cause).toBe(failure);
  });
});
