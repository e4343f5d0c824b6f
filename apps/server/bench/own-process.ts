import { spawn } from 'node:child_process';

/**
 * Starts a load generator in a process of its own (`node -e source`, CommonJS): sending or reading megabytes in a
 * loop is the client's work, and in the bench's process (the server's) its copies and garbage collection would
 * stop the server's event loop and count against the server (issue 34: A's 20 MB downloads did so in
 * document-fairness). The process is sent `setup` at once, then `'stop'`; it answers one message, its figures,
 * which `stop()` resolves to. Used by the upload-fairness and document-fairness benches.
 */
export function startOwnProcess<T>(source: string, setup: unknown): { stop(): Promise<T> } {
  const child = spawn(process.execPath, ['-e', source], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const answered = new Promise<T>((resolve, reject) => {
    child.once('message', (message) => resolve(message as T));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the client process ended with ${code}`)));
  });
  // Heard by `stop()`; an early end is not an unhandled rejection before it is asked.
  answered.catch(() => undefined);
  child.send(setup as object);
  return {
    async stop() {
      child.send('stop');
      try {
        return await answered;
      } finally {
        child.kill();
      }
    },
  };
}
