import type { Executor } from '../../db/client';
import type {
  CalculationsRepository,
  IdentifiedCalculation,
  StoredCalculation,
  StoredCalculationResult,
} from './calculations.repository';

/** What other modules do with the calculations through the calculations service: documents, re-pricing, admin. */
export function createCalculationsAccess(deps: {
  repo: Pick<CalculationsRepository, 'listOfOrder' | 'updateDrafts' | 'findByIdentifier'>;
  now: () => Date;
}) {
  const { repo, now } = deps;
  return {
    /**
     * For the documents module: the calculations of an order the caller has already read through the orders
     * service (so it is the company's), in position order, with their stored results.
     */
    async listResultsOfOrder(orderId: number, tx?: Executor): Promise<StoredCalculationResult[]> {
      return repo.listOfOrder(orderId, tx);
    },

    /**
     * For the re-pricing (issue 18), in the caller's transaction with the order locked: each service's new content
     * (matched by id; names stay), its stored results cleared like a save clears them.
     */
    async replaceContentsInTransaction(
      orderId: number,
      rows: ReadonlyArray<{ id: number; name: string; content: StoredCalculation['content'] }>,
      tx: Executor,
    ): Promise<void> {
      if ((await repo.updateDrafts(orderId, rows, now(), tx)) !== rows.length)
        throw new Error(`calculations of order ${orderId} vanished under its lock`);
    },

    /** A calculation of any company by its public identifier (admin's add-to-template); undefined if none. */
    async findByIdentifier(
      identifier: string,
      tx?: Executor,
    ): Promise<IdentifiedCalculation | undefined> {
      return repo.findByIdentifier(identifier, tx);
    },
  };
}
