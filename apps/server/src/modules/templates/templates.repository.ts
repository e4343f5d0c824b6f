import { asc, inArray } from 'drizzle-orm';
import type { CalculationContent } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { categories, templates } from '../../db/schema';

export interface CategoryRecord {
  id: number;
  name: string;
}

export interface TemplateHeadRecord {
  id: number;
  categoryId: number;
  name: string;
}

export interface TemplateRecord extends TemplateHeadRecord {
  content: CalculationContent;
}

/** Storage of service categories and the provider's template calculations. Drizzle only; no rules here. */
export function createTemplatesRepository(db: Executor) {
  return {
    async listCategories(tx: Executor = db): Promise<CategoryRecord[]> {
      return tx
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .orderBy(asc(categories.id));
    },

    /** Every template without its content (the list of spec §2 "Create order" shows only names). */
    async listTemplateHeads(tx: Executor = db): Promise<TemplateHeadRecord[]> {
      return tx
        .select({ id: templates.id, categoryId: templates.categoryId, name: templates.name })
        .from(templates)
        .orderBy(asc(templates.id));
    },

    async findTemplatesByIds(ids: readonly number[], tx: Executor = db): Promise<TemplateRecord[]> {
      if (ids.length === 0) return [];
      return tx
        .select({
          id: templates.id,
          categoryId: templates.categoryId,
          name: templates.name,
          content: templates.content,
        })
        .from(templates)
        .where(inArray(templates.id, [...ids]));
    },

    async findCategoriesByIds(
      ids: readonly number[],
      tx: Executor = db,
    ): Promise<CategoryRecord[]> {
      if (ids.length === 0) return [];
      return tx
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(inArray(categories.id, [...ids]));
    },
  };
}

export type TemplatesRepository = ReturnType<typeof createTemplatesRepository>;
