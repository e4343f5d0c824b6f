import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { NOT_FOUND_MESSAGE } from './error-handler';

/** Paths that belong to the API even for GET; anything else unknown is a client-side route. */
const API_PREFIXES = ['/api/', '/sanctum/'];

/**
 * Serves the built web app (apps/web/dist) on the API's port. Unknown GET paths that are not API paths get
 * index.html, so deep links like /orders or /password/reset/{token} load the SPA; unknown API paths get a
 * JSON 404. Hashed assets are cached for a year, index.html never.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  const hasWebApp = existsSync(path.join(options.root, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn(`web app not built (${options.root}); serving the API only`);
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi =
      API_PREFIXES.some((prefix) => request.url.startsWith(prefix)) || request.url === '/api';
    if (hasWebApp && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ message: NOT_FOUND_MESSAGE });
  });
});
