import { beforeEach } from 'vitest';

/**
 * The steps of a journey build on each other: after a failure the rest are skipped instead of failing
 * confusingly, so the first red test is the one to read. `onFailure` saves what shows the failed step
 * (screenshots, the server's log), named after it.
 */
export function skipAfterFirstFailure(onFailure: (step: string) => Promise<void>): void {
  let failedStep: string | undefined;
  beforeEach((ctx) => {
    if (failedStep) ctx.skip(`an earlier step failed: ${failedStep}`);
    ctx.onTestFailed(async () => {
      failedStep ??= ctx.task.name;
      await onFailure(ctx.task.name);
    });
  });
}
