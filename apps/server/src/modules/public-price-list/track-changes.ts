import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PublicPriceListService } from './public-price-list.service';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * An `onSend` hook for the whole app (issue 36): after a successful write of a signed-in user, that user's
 * company's public list is marked changed, so its next public read rebuilds it (on every instance: the mark is a
 * row). An administrator's write (`/api/administrator/…`) may touch any company: every list is marked. The mark is
 * written before the answer leaves, so the writer's next read already sees it.
 */
export function markChangesOnWrites(
  service: Pick<PublicPriceListService, 'markChanged' | 'markAllChanged'>,
) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const user = request.user;
    if (!user || READS.has(request.method) || reply.statusCode >= 400) return payload;
    try {
      if (request.url.startsWith('/api/administrator/')) await service.markAllChanged();
      else await service.markChanged(user.companyId);
    } catch (error) {
      request.log.error({ err: error }, 'the public price list was not marked changed');
    }
    return payload;
  };
}
