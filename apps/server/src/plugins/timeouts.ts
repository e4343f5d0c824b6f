import type { FastifyInstance, FastifyRequest } from 'fastify';
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
 */
export const timeoutsPlugin = fp(
  async (app: FastifyInstance, options: HttpTimeouts) => {
    const { bodyWindowMs, bodyMinBytes } = options;
    /** Per watched request: the socket's byte count and the time at the start of its current window. */
    const watched = new Map<FastifyRequest, { bytes: number; at: number }>();

    const check = () => {
      const at = performance.now();
      for (const [request, mark] of watched) {
        const { raw } = request;
        const socket = raw.socket as { bytesRead?: number } | null;
        if (raw.complete || raw.destroyed || typeof socket?.bytesRead !== 'number') {
          watched.delete(request);
          continue;
        }
        if (at - mark.at < bodyWindowMs) continue;
        const bytes = socket.bytesRead;
        watched.set(request, { bytes, at });
        // Data waiting for the server to read it: the client is not the slow one.
        if (raw.readableLength > 0) continue;
        if (bytes - mark.bytes < bodyMinBytes) {
          request.log.info(
            { received: bytes - mark.bytes, windowMs: bodyWindowMs },
            'request body too slow; connection closed',
          );
          watched.delete(request);
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
      watched.set(request, { bytes: socket.bytesRead, at: performance.now() });
    });
  },
  { name: 'timeouts' },
);
