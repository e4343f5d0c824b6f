import { describe, expect, it } from 'vitest';
import { createJobQueue } from './job-queue';

/** A pass that waits until released, counting how many passes ran. */
function gatedPasses() {
  const state = { passes: 0, release: () => {} };
  const pass = async () => {
    state.passes += 1;
    await new Promise<void>((resolve) => {
      state.release = resolve;
    });
  };
  return { state, pass };
}

describe('job-queue loop', () => {
  it('runs one pass at a time; kicks during a pass run one more pass after it', async () => {
    const { state, pass } = gatedPasses();
    const queue = createJobQueue({ pass, onError: () => {} });
    const first = queue.kick();
    // The pass started inside the first kick; two kicks while it runs make one more pass.
    expect(state.passes).toBe(1);
    void queue.kick();
    void queue.kick();
    expect(state.passes).toBe(1);
    state.release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(state.passes).toBe(2);
    state.release();
    await first;
    await queue.settled();
    expect(state.passes).toBe(2);
  });

  it('waits for the current turn of the event loop first when asked, reports a failed pass, and runs none once closed', async () => {
    const errors: unknown[] = [];
    let passes = 0;
    const queue = createJobQueue({
      pass: () => {
        passes += 1;
        return Promise.reject(new Error('claim failed'));
      },
      afterTurn: true,
      onError: (error) => errors.push(error),
    });
    void queue.kick();
    expect(passes).toBe(0);
    await queue.settled();
    expect(passes).toBe(1);
    expect(errors).toHaveLength(1);
    await queue.close();
    expect(queue.isClosed()).toBe(true);
    await queue.kick();
    expect(passes).toBe(1);
  });
});
