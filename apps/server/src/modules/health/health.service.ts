import { DatabaseUnavailableError } from '../../lib/db-errors';
import type { HealthRepository } from './health.repository';

/** How long the database may take to answer the readiness check's query. */
export const READINESS_TIMEOUT_MS = 1_000;

/** The query took longer than {@link READINESS_TIMEOUT_MS}: the database counts as away. */
export class ReadinessTimeoutError extends Error {
  constructor() {
    super(`the database did not answer within ${READINESS_TIMEOUT_MS} ms`);
    this.name = 'ReadinessTimeoutError';
  }
}

/**
 * Readiness (issue 21): whether this instance can serve requests, i.e. its database answers a trivial query within
 * {@link READINESS_TIMEOUT_MS}. Liveness (`GET /api/health`) stays a plain "the process answers".
 */
export function createHealthService(deps: {
  healthRepository: Pick<HealthRepository, 'ping'>;
  timeoutMs?: number;
}) {
  const timeoutMs = deps.timeoutMs ?? READINESS_TIMEOUT_MS;
  return {
    /** Resolves when the database answered in time; otherwise throws a {@link DatabaseUnavailableError} (503). */
    async checkReady(): Promise<void> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new ReadinessTimeoutError()), timeoutMs);
      });
      try {
        await Promise.race([deps.healthRepository.ping(), timeout]);
      } catch (error) {
        // Whatever kept the database from answering (refused, closed, too slow) means "not ready".
        throw error instanceof DatabaseUnavailableError
          ? error
          : new DatabaseUnavailableError(error);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
