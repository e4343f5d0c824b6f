import { serviceCodeOf, servicePriceOf, type TariffHistory } from '@medcalc/domain';
import { AppError } from '../../lib/app-error';
import type { DocumentApprovals, DocumentRequester, RevisionReader } from './revision-reader';

export function createTariffHistory(deps: {
  reader: RevisionReader;
  approvals: DocumentApprovals;
}) {
  const { reader, approvals } = deps;
  const { readOrder, loadRevision } = reader;

  /**
   * `GET /api/orders/{identifier}/tariff-history` (issue 35): each service's stored cost and tariff in every
   * calculated revision of the order (a revision whose documents are refused has no point), with the date each
   * recorded approval took effect, and the approvals themselves.
   */
  async function tariffHistory(
    requester: DocumentRequester,
    identifier: string,
  ): Promise<TariffHistory> {
    const read = await readOrder(requester, identifier);
    const recorded = await approvals.approvalsOf(read.order);
    const services = new Map<string, TariffHistory['services'][number]>();
    for (let number = 1; number <= read.order.revision; number += 1) {
      const loaded = await loadRevision(requester, identifier, number, read).catch(
        (error: unknown) => {
          if (error instanceof AppError) return undefined;
          throw error;
        },
      );
      const approvedOn =
        recorded.find((approval) => approval.revision === number)?.effectiveDate ?? null;
      for (const service of loaded?.source.services ?? []) {
        const key = service.identifier ?? String(service.id);
        const entry = services.get(key) ?? {
          identifier: key,
          code: serviceCodeOf(service),
          name: service.name,
          points: [],
        };
        entry.name = service.name;
        entry.points.push({
          revision: number,
          cost: service.cost.summary,
          tariff: servicePriceOf(service.cost).tariff,
          approvedOn,
        });
        services.set(key, entry);
      }
    }
    return {
      identifier: read.order.identifier,
      approvals: recorded,
      services: [...services.values()],
    };
  }

  return tariffHistory;
}
