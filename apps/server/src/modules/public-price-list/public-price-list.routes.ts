import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PUBLIC_PRICE_LIST_LICENCE,
  PUBLIC_PRICE_LIST_MESSAGES,
  PUBLIC_SEARCH_MAX,
  apiRoutes,
  isPublicSlug,
} from '@medcalc/domain';
import { READ_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
import { tableRoute } from '../../lib/table-route';
import { companyScopeOf } from '../../plugins/auth';
import { errorAnswer } from '../../plugins/error-handler';
import { createRateLimit } from './rate-limit';
import { renderCsv, renderJson } from './render-open-data';
import { renderPoster } from './render-poster';
import { SEARCH_SCRIPT, SEARCH_SCRIPT_PATH, renderPage } from './render-page';
import { kyivDate, type PublicPriceListService } from './public-price-list.service';

/** How long a browser or a shared cache may keep a public answer without asking again. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=300';

/** `/company`'s block «Публічний прейскурант»: read by every member, changed by the owner. */
export const publicationRoutes: FastifyPluginAsyncZod<{ service: PublicPriceListService }> = async (
  app,
  { service },
) => {
  const tags = ['public price list'];
  tableRoute(
    app,
    apiRoutes.company.publicPriceList,
    { tags, summary: "The public price list's switch and address", errors: READ_ERRORS },
    async (request) => service.getPublication(companyScopeOf(request).companyId),
  );
  tableRoute(
    app,
    apiRoutes.company.updatePublicPriceList,
    {
      tags,
      summary: 'Publish or hide the price list; choose its address (an earlier one redirects)',
      errors: WRITE_ERRORS,
    },
    async (request) => service.updatePublication(companyScopeOf(request), request.body),
  );
};

type Format = 'html' | 'embed' | 'json' | 'csv' | 'poster';

const CONTENT_TYPES: Readonly<Record<Format, string>> = {
  html: 'text/html; charset=utf-8',
  embed: 'text/html; charset=utf-8',
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  poster: 'application/pdf',
};

/** Open data is readable from any origin; nothing else of the app is. */
const OPEN_DATA: ReadonlySet<Format> = new Set(['json', 'csv']);

const NOT_FOUND_PAGE = `<!doctype html>
<html lang="uk"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${PUBLIC_PRICE_LIST_MESSAGES.notFound}</title></head>
<body><main><h1>${PUBLIC_PRICE_LIST_MESSAGES.notFound}</h1><p>Перевірте адресу або зверніться до закладу.</p></main></body></html>
`;

/**
 * Rendered answers kept by ETag (a list's answer is the same until it changes); dropped whole when full. Kept as
 * UTF-8 bytes: a string answer would be measured and encoded again at every request (about 1 ms for a list of 250
 * services, more than the rest of the request; docs/performance.md "Public price list").
 */
const RENDERED_LIMIT = 500;

/**
 * The public reads of issue 36, without an account: `/p/{slug}` (HTML), `/p/{slug}/embed` (the compact HTML for an
 * iframe, the only answer any site may frame), `/p/{slug}.json` and `.csv` (open data, any origin may read them)
 * and the page's script. Unknown and unpublished addresses answer the same 404; an earlier address redirects (301).
 * Each answer carries an ETag (304 on a repeat) and may be cached five minutes; one address may make
 * `perMinute` of these requests a minute (429 after). `/p/{slug}/poster.pdf` is the A4 poster with the page's QR code.
 */
export const publicPriceListRoutes: FastifyPluginAsync<{
  service: PublicPriceListService;
  appUrl: string;
  perMinute: number;
  now?: () => Date;
}> = async (app, { service, appUrl, perMinute, now = () => new Date() }) => {
  const limit = createRateLimit(perMinute);
  const rendered = new Map<string, Buffer>();
  const scriptEtag = `"${createHash('sha256').update(SEARCH_SCRIPT).digest('base64url').slice(0, 16)}"`;

  app.addHook('onRequest', async (request, reply) => {
    const wait = limit.take(request.ip);
    if (wait > 0) {
      await reply
        .status(429)
        .header('retry-after', String(wait))
        .send(errorAnswer(429, PUBLIC_PRICE_LIST_MESSAGES.tooMany));
    }
  });

  /**
   * The one 404 of unknown, unpublished and malformed addresses: a page for a browser's navigation (it asks for
   * HTML), the API's `{ message, code }` for anything else.
   */
  function notFound(request: FastifyRequest, reply: FastifyReply) {
    reply.status(404).header('cache-control', 'no-store').header('vary', 'accept');
    if (request.headers.accept?.includes('text/html'))
      return reply.type(CONTENT_TYPES.html).send(NOT_FOUND_PAGE);
    return reply.send(errorAnswer(404, PUBLIC_PRICE_LIST_MESSAGES.notFound));
  }

  const SUFFIXES: Readonly<Record<Format, string>> = {
    html: '',
    embed: '/embed',
    json: '.json',
    csv: '.csv',
    poster: '/poster.pdf',
  };

  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    slug: string,
    format: Format,
  ) {
    if (!isPublicSlug(slug)) return notFound(request, reply);
    const query = (request.query as { q?: unknown }).q;
    const search =
      format === 'html' || format === 'embed'
        ? typeof query === 'string'
          ? query.trim()
          : ''
        : '';
    if (search.length > PUBLIC_SEARCH_MAX)
      return reply
        .status(400)
        .send(errorAnswer(400, `Пошуковий запит — не більше ${PUBLIC_SEARCH_MAX} символів.`));
    const read = await service.read(slug);
    if (read.kind === 'missing') return notFound(request, reply);
    if (OPEN_DATA.has(format)) reply.header('access-control-allow-origin', '*');
    if (read.kind === 'moved') {
      const search = new URL(request.url, 'http://x').search;
      return reply
        .header('cache-control', PUBLIC_CACHE_CONTROL)
        .redirect(`/p/${read.slug}${SUFFIXES[format]}${search}`, 301);
    }
    const today = kyivDate(now());
    // The HTML marks tariffs approved ahead of their date, so its answer is also the day's.
    const html = format === 'html' || format === 'embed';
    const queryKey = search
      ? `-${createHash('sha256').update(search).digest('base64url').slice(0, 10)}`
      : '';
    const etag = `"${read.etag}-${format}${html ? `-${today}${queryKey}` : ''}"`;
    reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('etag', etag);
    if (OPEN_DATA.has(format)) {
      reply
        .header('access-control-expose-headers', 'etag, link')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('link', `<${PUBLIC_PRICE_LIST_LICENCE.url}>; rel="license"`);
    }
    if (format === 'embed') {
      // Any site may frame the embed (and only it): the app's policy says `frame-ancestors 'self'` elsewhere.
      const policy = String(reply.getHeader('content-security-policy') ?? '');
      reply
        .header(
          'content-security-policy',
          policy.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'),
        )
        .header('cross-origin-resource-policy', 'cross-origin')
        .removeHeader('x-frame-options');
    }
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    let body = rendered.get(etag + read.slug);
    if (body === undefined) {
      const url = `${appUrl}/p/${read.slug}`;
      const text =
        format === 'json'
          ? renderJson(read.document)
          : format === 'csv'
            ? renderCsv(read.document)
            : format === 'poster'
              ? await renderPoster(read.document.institution, url)
              : renderPage(read.document, {
                  slug: read.slug,
                  url,
                  today,
                  query: search,
                  embed: format === 'embed',
                });
      body = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
      if (rendered.size >= RENDERED_LIMIT) rendered.clear();
      rendered.set(etag + read.slug, body);
    }
    if (format === 'csv')
      reply.header('content-disposition', `attachment; filename="${read.slug}.csv"`);
    if (format === 'poster')
      reply.header('content-disposition', `inline; filename="${read.slug}-poster.pdf"`);
    return reply.type(CONTENT_TYPES[format]).send(body);
  }

  app.get(SEARCH_SCRIPT_PATH, async (request, reply) => {
    reply
      .header('cache-control', 'public, max-age=86400')
      .header('etag', scriptEtag)
      .type('text/javascript; charset=utf-8');
    if (request.headers['if-none-match'] === scriptEtag) return reply.status(304).send();
    return reply.send(SEARCH_SCRIPT);
  });

  app.get<{ Params: { name: string } }>('/p/:name', async (request, reply) => {
    const match = /^(.*?)(\.json|\.csv)?$/.exec(request.params.name);
    const slug = match?.[1] ?? '';
    const format: Format = match?.[2] === '.json' ? 'json' : match?.[2] === '.csv' ? 'csv' : 'html';
    return answer(request, reply, slug, format);
  });

  app.get<{ Params: { slug: string } }>('/p/:slug/embed', async (request, reply) =>
    answer(request, reply, request.params.slug, 'embed'),
  );

  app.get<{ Params: { slug: string } }>('/p/:slug/poster.pdf', async (request, reply) =>
    answer(request, reply, request.params.slug, 'poster'),
  );
};
