/**
 * The loop of a queue kept in a database table (the mail outbox, lib/mail-outbox.ts; the document jobs,
 * modules/documents/document-jobs.ts): one pass at a time claims what is due (each table's own claim, which other
 * instances skip: `FOR UPDATE SKIP LOCKED`) and runs it; a kick during a pass runs another pass after it; a timer
 * kicks every `intervalMs` (the rows other instances or a restart left, retries that came due); `close` stops the
 * timer and waits for the pass under way. What a pass claims, how it runs and retries are the queue's own.
 */
export function createJobQueue(options: {
  /** One pass over the queue; `closed()` tells it to stop early. */
  pass: (closed: () => boolean) => Promise<void>;
  /** Start a pass after the current turn of the event loop (after the answer that queued the work is sent). */
  afterTurn?: boolean;
  /** A pass that threw (its rows stay in the table for the next pass). */
  onError: (error: unknown) => void;
}) {
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const isClosed = () => closed;

  /** Starts a pass, or asks the one under way to run once more; resolves when the passes end. */
  function kick(): Promise<void> {
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    // Without `afterTurn` the pass starts at once, inside this call.
    const passes = async () => {
      if (options.afterTurn) await new Promise<void>((resolve) => setImmediate(resolve));
      do {
        again = false;
        await options.pass(isClosed);
      } while (again && !closed);
    };
    running = passes()
      .catch(options.onError)
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  const queue = {
    kick,
    /** Whether `close` was called. */
    isClosed,
    /** Kicks every `intervalMs` until `close`. */
    poll(intervalMs: number) {
      timer = setInterval(() => void kick(), intervalMs);
      timer.unref();
    },
    /** Resolves when no pass is under way. */
    async settled() {
      while (running) await running;
    },
    /** Stops the timer and the passes; resolves once the pass under way has ended. */
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await queue.settled();
    },
  };
  return queue;
}

export type JobQueue = ReturnType<typeof createJobQueue>;
