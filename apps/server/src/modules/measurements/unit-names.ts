import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { measurements } from '../../db/schema';
import { byId } from '../../lib/by-id';

/**
 * The measurements module's port for the pills module (app.ts passes it in): the names of the units among `ids`,
 * by id, which a material shows as its `measurementType`. One query.
 */
export function createUnitNames(db: Executor) {
  return {
    namesOf: (
      ids: Iterable<number | null>,
      tx: Executor = db,
    ): Promise<Map<number, { id: number; name: string }>> =>
      byId(ids, (wanted) =>
        tx
          .select({ id: measurements.id, name: measurements.name })
          .from(measurements)
          .where(inArray(measurements.id, wanted)),
      ),
  };
}

export type UnitNames = ReturnType<typeof createUnitNames>;
