import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { calculations } from '../../db/schema';

/**
 * Which provider template each of a company's calculations was made from (issue 41): the calculations module's
 * port for the tariff comparison. A calculation copied from another calculation of the company is traced back to
 * the template its source came from; a blank one, or a chain that leaves the company or loops, has none.
 */
export interface TemplateOrigins {
  /** Calculation id → template id, for every calculation of the company made from a template. */
  templatesOf(companyId: number): Promise<Map<number, number>>;
}

export function createTemplateOrigins(db: Database): TemplateOrigins {
  return {
    async templatesOf(companyId) {
      const rows = await db
        .select({
          id: calculations.id,
          source: calculations.source,
          sourceId: calculations.sourceId,
        })
        .from(calculations)
        .where(eq(calculations.companyId, companyId));
      const byId = new Map(rows.map((row) => [row.id, row]));
      const origins = new Map<number, number>();
      for (const row of rows) {
        const seen = new Set<number>();
        let current: (typeof rows)[number] | undefined = row;
        while (current?.source === 'calculation' && current.sourceId !== null) {
          if (seen.has(current.id)) break;
          seen.add(current.id);
          current = byId.get(current.sourceId);
        }
        if (current?.source === 'template' && current.sourceId !== null)
          origins.set(row.id, current.sourceId);
      }
      return origins;
    },
  };
}
