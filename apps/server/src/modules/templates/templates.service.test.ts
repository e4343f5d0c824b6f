import { describe, expect, it } from 'vitest';
import type { CalculationContent } from '@medcalc/domain';
import type { TemplatesRepository } from './templates.repository';
import { createTemplatesService } from './templates.service';

const CONTENT: CalculationContent = { bonus: 0, profit: 0, stuff: [], pills: [] };

function fakeRepository(): TemplatesRepository {
  const categories = [
    { id: 3, name: 'Стоматологія' },
    { id: 1, name: 'Діагностика' },
    { id: 2, name: 'Порожня категорія' },
  ];
  const templates = [
    { id: 10, categoryId: 1, name: 'УЗД нирок', content: CONTENT },
    { id: 11, categoryId: 1, name: 'Ендоскопія', content: CONTENT },
    { id: 12, categoryId: 3, name: 'Пломба', content: CONTENT },
    { id: 13, categoryId: 1, name: 'ЕКГ', content: CONTENT },
    { id: 14, categoryId: 1, name: 'Їжа для пацієнта', content: CONTENT },
  ];
  return {
    // The SQL orders categories by id; the fake does the same.
    listCategories: async () => [...categories].sort((a, b) => a.id - b.id),
    listTemplateHeads: async () => templates.map(({ content: _content, ...head }) => head),
    findTemplatesByIds: async (ids) => templates.filter((t) => ids.includes(t.id)),
    findCategoriesByIds: async (ids) => categories.filter((c) => ids.includes(c.id)),
    // The admin writes are covered over the real database (test/admin-templates.test.ts).
    listWithCategories: async () => [],
    insert: async () => 0,
    updateHead: async () => false,
    remove: async () => false,
  };
}

const service = createTemplatesService({ templatesRepository: fakeRepository() });

describe('templates service', () => {
  it('lists categories as { value, label } in id order', async () => {
    expect(await service.listCategories()).toEqual([
      { value: 1, label: 'Діагностика' },
      { value: 2, label: 'Порожня категорія' },
      { value: 3, label: 'Стоматологія' },
    ]);
  });

  it('groups templates by category in id order, names in Ukrainian order, leaving out empty categories', async () => {
    expect(await service.listTemplates()).toEqual([
      {
        categoryId: 1,
        categoryName: 'Діагностика',
        templates: [
          { templateId: 13, templateName: 'ЕКГ' },
          { templateId: 11, templateName: 'Ендоскопія' },
          { templateId: 14, templateName: 'Їжа для пацієнта' },
          { templateId: 10, templateName: 'УЗД нирок' },
        ],
      },
      {
        categoryId: 3,
        categoryName: 'Стоматологія',
        templates: [{ templateId: 12, templateName: 'Пломба' }],
      },
    ]);
  });

  it('finds templates and categories by id, leaving unknown ids out', async () => {
    const found = await service.findTemplates([12, 99, 12]);
    expect([...found.keys()]).toEqual([12]);
    expect(found.get(12)?.name).toBe('Пломба');
    expect(await service.existingCategoryIds([1, 5, 3])).toEqual(new Set([1, 3]));
  });
});
