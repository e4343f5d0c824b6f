// Helpers the test runners (scripts/test.mjs, test-e2e.mjs, test-pg.mjs) share: the first stop signal, the exit
// code a signal means, and whether a file can be run.
import { accessSync, constants } from 'node:fs';

/** The stop signals the runners handle, with the number a shell adds to 128 for each. */
export const SIGNAL_CODES = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

/**
 * Calls `onStop(signal)` once, for the first SIGHUP, SIGINT or SIGTERM (the runner then stops and cleans up; later
 * signals are ignored). Returns a function that tells which signal came, or null while none has.
 * @param {(signal: string) => void} onStop
 * @returns {() => string | null}
 */
export function onFirstStopSignal(onStop) {
  /** @type {string | null} */
  let interruptedBy = null;
  for (const signal of Object.keys(SIGNAL_CODES)) {
    process.on(signal, () => {
      if (interruptedBy) return;
      interruptedBy = signal;
      onStop(signal);
    });
  }
  return () => interruptedBy;
}

/** Whether `file` exists and this process may run it. */
export function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
