import { asc, eq, inArray } from 'drizzle-orm';
import type { CalculationContent } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { categories, templates } from '../../db/schema';
import { translateDbErrors } from '../../lib/db-errors';

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

/** A template with its category's name and timestamps (the admin's templates tab). */
export interface TemplateAdminRecord extends TemplateRecord {
  categoryName: string;
  createdAt: Date;
  updatedAt: Date;
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

    /** Every template with its category's name and content, in id order. */
    async listWithCategories(tx: Executor = db): Promise<TemplateAdminRecord[]> {
      return tx
        .select({
          id: templates.id,
          categoryId: templates.categoryId,
          categoryName: categories.name,
          name: templates.name,
          content: templates.content,
          createdAt: templates.createdAt,
          updatedAt: templates.updatedAt,
        })
        .from(templates)
        .innerJoin(categories, eq(categories.id, templates.categoryId))
        .orderBy(asc(templates.id));
    },

    /**
     * Inserts a template; returns its id. Throws `ForeignKeyViolationError` when the category is gone (a race past
     * the service's check).
     */
    async insert(
      values: { categoryId: number; name: string; content: CalculationContent },
      tx: Executor = db,
    ): Promise<number> {
      const [row] = await translateDbErrors(() =>
        tx.insert(templates).values(values).returning({ id: templates.id }),
      );
      if (!row) throw new Error('insert into templates returned no row');
      return row.id;
    },

    /** Renames a template and/or moves it to another category; false when there is no such template. */
    async updateHead(
      id: number,
      values: { categoryId: number; name: string },
      tx: Executor = db,
    ): Promise<boolean> {
      const rows = await translateDbErrors(() =>
        tx
          .update(templates)
          .set(values)
          .where(eq(templates.id, id))
          .returning({ id: templates.id }),
      );
      return rows.length > 0;
    },

    /** Deletes a template; false when there is no such template. */
    async remove(id: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .delete(templates)
        .where(eq(templates.id, id))
        .returning({ id: templates.id });
      return rows.length > 0;
    },
  };
}

export type TemplatesRepository = ReturnType<typeof createTemplatesRepository>;
