import type { CalculationContent, CategoryOption, TemplateListEntry } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import type { TemplatesRepository } from './templates.repository';

/**
 * Names sort the way a Ukrainian reader expects (і, ї, є, ґ in their places). Sorting here rather than in SQL
 * keeps the order the same on PGlite and on PostgreSQL, whose collations differ.
 */
const byUkrainianName = new Intl.Collator('uk', { sensitivity: 'base', numeric: true }).compare;

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
        (a, b) => byUkrainianName(a.name, b.name) || a.id - b.id,
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

    /** Which of `ids` name an existing category. */
    async existingCategoryIds(ids: readonly number[], tx?: Executor): Promise<Set<number>> {
      const rows = await templatesRepository.findCategoriesByIds([...new Set(ids)], tx);
      return new Set(rows.map((row) => row.id));
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
