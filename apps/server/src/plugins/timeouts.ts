import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { HttpTimeouts } from '../config/env';

/**
 * A request body must keep arriving (issue 24). Node's own timeouts close a connection whose headers take longer
 * than `headersMs` and one idle between requests past `keepAliveMs` (app.ts); a body trickled a byte at a time
 * would still hold its connection until `requestMs`. So each request with a body is watched from `onRequest`
 * until the body has arrived: when fewer than `bodyMinBytes` came over the socket in the last `bodyWindowMs`, and
 * the server is not the one holding back (no data waiting unread in the request stream), the connection is
 * destroyed. An honest slow upload sends far more than a kilobyte in ten seconds, however large its file.
 * This covers every body reader (JSON, forms, the imports' multipart), since it watches the socket itself, and
 * a body still trickling after an early answer (a 419 before the body was read), which Node goes on reading.
 *
 * A body still arriving when the answer goes (an early refusal: a 419 before the body was read, a 403 before an
 * upload was read, a file refused as too large) is not read to its end (issue 34): the answer carries
 * `Connection: close`, and Node closes the connection once it is sent instead of reading the rest of the body to
 * keep it alive. So a slow but steady body (faster than `bodyMinBytes` per window) sent after an early answer
 * holds nothing; one the server does read is cut at `requestMs` (Node's requestTimeout, app.ts).
 *
 * A request is watched through its Node message, never its Fastify request, and forgotten as soon as its body has
 * ended: the Fastify request holds the parsed body, and keeping it until the next check (every 2.5 s) kept every
 * large body of those seconds alive — 35 calculate-online bodies of 3 MiB at once in the bench, each copied by the
 * garbage collector (issue 21).
 */
export const timeoutsPlugin = fp(
  async (app: FastifyInstance, options: HttpTimeouts) => {
    const { bodyWindowMs, bodyMinBytes } = options;
    /** Per watched request: its logger, the socket's byte count and the time at the start of its current window. */
    const watched = new Map<
      IncomingMessage,
      { log: FastifyBaseLogger; bytes: number; at: number }
    >();

    const check = () => {
      const at = performance.now();
      for (const [raw, mark] of watched) {
        const socket = raw.socket as { bytesRead?: number } | null;
        if (raw.complete || raw.destroyed || typeof socket?.bytesRead !== 'number') {
          watched.delete(raw);
          continue;
        }
        if (at - mark.at < bodyWindowMs) continue;
        const bytes = socket.bytesRead;
        watched.set(raw, { log: mark.log, bytes, at });
        // Data waiting for the server to read it: the client is not the slow one.
        if (raw.readableLength > 0) continue;
        if (bytes - mark.bytes < bodyMinBytes) {
          mark.log.info(
            { received: bytes - mark.bytes, windowMs: bodyWindowMs },
            'request body too slow; connection closed',
          );
          watched.delete(raw);
          raw.socket.destroy();
        }
      }
    };
    const timer = setInterval(check, Math.max(100, Math.floor(bodyWindowMs / 4)));
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      watched.clear();
    });

    app.addHook('onRequest', async (request) => {
      const { headers, raw } = request;
      const hasBody =
        headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
      const socket = raw.socket as { bytesRead?: number } | null;
      if (!hasBody || raw.complete || typeof socket?.bytesRead !== 'number') return;
      watched.set(raw, { log: request.log, bytes: socket.bytesRead, at: performance.now() });
      const forget = () => watched.delete(raw);
      raw.once('end', forget);
      raw.once('close', forget);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (watched.has(request.raw) && !request.raw.complete) {
        request.log.info(
          'answered before the request body ended; connection closed after the answer',
        );
        void reply.header('connection', 'close');
      }
      return payload;
    });
  },
  { name: 'timeouts' },
);
