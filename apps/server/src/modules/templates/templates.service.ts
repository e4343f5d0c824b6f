import {
  compareUkrainian,
  TEMPLATE_MESSAGES,
  type AdminTemplate,
  type CalculationContent,
  type CategoryOption,
  type TemplateListEntry,
  type TemplateUpdateInput,
} from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { ForeignKeyViolationError } from '../../lib/db-errors';
import type { TemplatesRepository } from './templates.repository';

/** 422 under `categoryId` when the category does not exist. */
export const UNKNOWN_CATEGORY_MESSAGE = 'Обраної категорії не існує.';

const unknownCategory = () => AppError.field('categoryId', UNKNOWN_CATEGORY_MESSAGE);

/**
 * Names sort the way a Ukrainian reader expects (і, ї, є, ґ in their places). Sorting here rather than in SQL
 * keeps the order the same on PGlite and on PostgreSQL, whose collations differ.
 */

/** A template's content as it is copied into an order (spec §3 "Template"). */
export interface TemplateSnapshot {
  id: number;
  categoryId: number;
  name: string;
  content: CalculationContent;
}

export function createTemplatesService(deps: { templatesRepository: TemplatesRepository }) {
  const { templatesRepository } = deps;
  return {
    /** `GET /api/get-categories` (spec §7): every service category as `{ value, label }`, in id order. */
    async listCategories(): Promise<CategoryOption[]> {
      const rows = await templatesRepository.listCategories();
      return rows.map((row) => ({ value: row.id, label: row.name }));
    },

    /**
     * `GET /api/get-templates-list` (spec §3 "Template list entry"): the provider's templates grouped by category,
     * categories in id order and templates by name. A category without templates is left out: the create-order
     * accordion (spec §2) would otherwise show a panel with nothing to tick.
     */
    async listTemplates(): Promise<TemplateListEntry[]> {
      const [categoryRows, templateRows] = await Promise.all([
        templatesRepository.listCategories(),
        templatesRepository.listTemplateHeads(),
      ]);
      const sorted = [...templateRows].sort(
        (a, b) => compareUkrainian(a.name, b.name) || a.id - b.id,
      );
      return categoryRows
        .map((category) => ({
          categoryId: category.id,
          categoryName: category.name,
          templates: sorted
            .filter((template) => template.categoryId === category.id)
            .map((template) => ({ templateId: template.id, templateName: template.name })),
        }))
        .filter((entry) => entry.templates.length > 0);
    },

    /** Templates by id (unknown ids are simply absent), for copying into an order inside its transaction. */
    async findTemplates(
      ids: readonly number[],
      tx?: Executor,
    ): Promise<Map<number, TemplateSnapshot>> {
      const rows = await templatesRepository.findTemplatesByIds([...new Set(ids)], tx);
      return new Map(rows.map((row) => [row.id, row]));
    },

    /**
     * `GET /api/get-templates` (admin, spec §3 "Template"): every template in id order with its category's name
     * and its content as JSON text (the admin tab shows it as a JSON tree).
     */
    async listForAdmin(): Promise<AdminTemplate[]> {
      const rows = await templatesRepository.listWithCategories();
      return rows.map((row) => ({
        id: row.id,
        category: row.categoryName,
        categoryId: row.categoryId,
        name: row.name,
        template: JSON.stringify(row.content),
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      }));
    },

    /**
     * Adds a template (admin's add-to-template) inside the caller's transaction; returns its id. An unknown
     * category is 422 under `categoryId`. The list of `GET /api/get-templates-list` is read from the database on
     * every call, so the template appears at once in every company's create-order page.
     */
    async insertTemplate(
      values: { categoryId: number; name: string; content: CalculationContent },
      tx?: Executor,
    ): Promise<number> {
      if (!(await templatesRepository.findCategoriesByIds([values.categoryId], tx)).length)
        throw unknownCategory();
      try {
        return await templatesRepository.insert(values, tx);
      } catch (error) {
        if (error instanceof ForeignKeyViolationError) throw unknownCategory();
        throw error;
      }
    },

    /**
     * `PUT /api/templates/{id}` (beyond the spec): renames a template and/or moves it to another category. Orders
     * keep their copies (a copy never follows its source). Unknown template 404, unknown category 422.
     */
    async updateTemplate(id: number, input: TemplateUpdateInput): Promise<void> {
      const [template] = await templatesRepository.findTemplatesByIds([id]);
      if (!template) throw new AppError('NOT_FOUND', TEMPLATE_MESSAGES.notFound);
      if (!(await templatesRepository.findCategoriesByIds([input.categoryId])).length)
        throw unknownCategory();
      let updated: boolean;
      try {
        updated = await templatesRepository.updateHead(id, {
          name: input.name.trim(),
          categoryId: input.categoryId,
        });
      } catch (error) {
        if (error instanceof ForeignKeyViolationError) throw unknownCategory();
        throw error;
      }
      if (!updated) throw new AppError('NOT_FOUND', TEMPLATE_MESSAGES.notFound);
    },

    /**
     * `DELETE /api/templates/{id}` (beyond the spec). Orders that copied the template keep their copy:
     * `calculations.source_id` has no foreign key, so nothing cascades.
     */
    async removeTemplate(id: number): Promise<void> {
      if (!(await templatesRepository.remove(id)))
        throw new AppError('NOT_FOUND', TEMPLATE_MESSAGES.notFound);
    },

    /** Which of `ids` name an existing category. */
    async existingCategoryIds(ids: readonly number[], tx?: Executor): Promise<Set<number>> {
      const rows = await templatesRepository.findCategoriesByIds([...new Set(ids)], tx);
      return new Set(rows.map((row) => row.id));
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
