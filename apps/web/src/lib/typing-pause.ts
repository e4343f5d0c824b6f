/**
 * How long after the last key the user is taken to have paused typing, ms. Background work that costs a phone-class
 * CPU hundreds of milliseconds at once (a wizard step rendered ahead, the other pages' code evaluated) waits for
 * such a pause: started between two keys, it held the next key (docs/performance.md "Phone", issue 39).
 */
const TYPING_PAUSE_MS = 1500;

/**
 * Watches the keys pressed anywhere in the page from now on. `waitLeft()` is how long, ms, until the user will have
 * paused typing for {@link TYPING_PAUSE_MS} (0 when they have); `stop()` stops watching.
 */
export function watchTyping(): { waitLeft: () => number; stop: () => void } {
  let lastKeyAt = Number.NEGATIVE_INFINITY;
  const noteKey = () => {
    lastKeyAt = performance.now();
  };
  document.addEventListener('keydown', noteKey, { capture: true, passive: true });
  return {
    waitLeft: () => Math.max(0, TYPING_PAUSE_MS - (performance.now() - lastKeyAt)),
    stop: () => document.removeEventListener('keydown', noteKey, { capture: true }),
  };
}

/**
 * Runs `work` at a moment `idle` offers (`idle(run)` schedules `run` for when the browser is idle and answers how to
 * cancel it) once the user has paused typing, as `typing` watches; an idle moment inside typing waits out the rest
 * of the pause and asks `idle` again. Answers how to cancel what is pending. Serves the wizard's steps rendered
 * ahead and the signed-in pages' preload.
 */
export function whenPausedAndIdle(
  typing: { waitLeft: () => number },
  idle: (run: () => void) => () => void,
  work: () => void,
): () => void {
  let cancel = () => {};
  const schedule = () => {
    cancel = idle(() => {
      const wait = typing.waitLeft();
      if (wait === 0) return work();
      const timer = window.setTimeout(schedule, wait);
      cancel = () => window.clearTimeout(timer);
    });
  };
  schedule();
  return () => cancel();
}
