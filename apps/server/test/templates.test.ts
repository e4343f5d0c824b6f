import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TemplateListEntry } from '@medcalc/domain';
import { categories, templates } from '../src/db/schema';
import { buildTestApp, createAgent, registerUser, type Agent, type TestContext } from './helper';

let ctx: TestContext;
let agent: Agent;
beforeAll(async () => {
  ctx = await buildTestApp();
  ({ agent } = await registerUser(ctx.app));
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/get-categories', () => {
  it('answers 401 when signed out', async () => {
    const response = await createAgent(ctx.app).get('/api/get-categories');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toMatch(/увійшли/);
  });

  it('lists every stored category as { value, label } in id order', async () => {
    const rows = await ctx.database.db.select().from(categories).orderBy(asc(categories.id));
    expect(rows.length).toBeGreaterThan(0);
    const response = await agent.get('/api/get-categories');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(rows.map((row) => ({ value: row.id, label: row.name })));
  });
});

describe('GET /api/get-templates-list', () => {
  it('answers 401 when signed out', async () => {
    expect((await createAgent(ctx.app).get('/api/get-templates-list')).statusCode).toBe(401);
  });

  it('lists every template once under its category, categories in id order, names in Ukrainian order', async () => {
    const rows = await ctx.database.db.select().from(templates);
    const response = await agent.get('/api/get-templates-list');
    expect(response.statusCode).toBe(200);
    const entries = response.json() as TemplateListEntry[];

    const categoryIds = entries.map((entry) => entry.categoryId);
    expect(categoryIds).toEqual([...categoryIds].sort((a, b) => a - b));
    const listed = entries.flatMap((entry) =>
      entry.templates.map((t) => ({
        id: t.templateId,
        name: t.templateName,
        categoryId: entry.categoryId,
      })),
    );
    expect(listed.sort((a, b) => a.id - b.id)).toEqual(
      rows
        .map((row) => ({ id: row.id, name: row.name, categoryId: row.categoryId }))
        .sort((a, b) => a.id - b.id),
    );
    const collator = new Intl.Collator('uk', { sensitivity: 'base', numeric: true });
    for (const entry of entries) {
      expect(entry.templates.length).toBeGreaterThan(0);
      const names = entry.templates.map((t) => t.templateName);
      expect(names).toEqual([...names].sort(collator.compare));
    }
  });

  it('shows a template the administrator adds, under its category', async () => {
    const [category] = await ctx.database.db
      .select()
      .from(categories)
      .orderBy(asc(categories.id))
      .limit(1);
    if (!category) throw new Error('no categories seeded');
    const [row] = await ctx.database.db
      .insert(templates)
      .values({
        categoryId: category.id,
        name: 'Ігрова терапія',
        content: { bonus: 0, profit: 0, stuff: [], pills: [] },
      })
      .returning();
    const entries = (await agent.get('/api/get-templates-list')).json() as TemplateListEntry[];
    const entry = entries.find((e) => e.categoryId === category.id);
    expect(entry?.templates).toContainEqual({
      templateId: row?.id,
      templateName: 'Ігрова терапія',
    });
  });
});
