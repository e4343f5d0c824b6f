import { readFile } from 'node:fs/promises';
import { and, asc, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffTemplateCopier } from '../modules/staff/staff-ports';
import {
  SCIENTIFIC_DEGREES,
  STAFF_CATEGORIES,
  WORKING_DAY_HOURS,
  WORKED_EXAMPLE_COMPANY_INFO,
  WORKED_EXAMPLE_COST,
  computeServiceCost,
  emptyCompanyInfo,
  formatStaffRateLabel,
} from '@medcalc/domain';
import { openDatabase, type Database, type DatabaseHandle } from './client';
import { loadReferenceData, seedReferenceData, type ReferenceData, type SeedSummary } from './seed';
import { categories, companies, measurements, pills, staffRates, templates } from './schema';

const EXPECTED_COUNTS = {
  categories: 10,
  measurements: 20,
  staffRates: 58,
  pills: 59,
  templates: 24,
};

async function countRows(db: Database): Promise<Record<keyof typeof EXPECTED_COUNTS, number>> {
  const [categoryCount] = await db.select({ n: count() }).from(categories);
  const [measurementCount] = await db.select({ n: count() }).from(measurements);
  const [staffCount] = await db.select({ n: count() }).from(staffRates);
  const [pillCount] = await db.select({ n: count() }).from(pills);
  const [templateCount] = await db.select({ n: count() }).from(templates);
  return {
    categories: categoryCount?.n ?? -1,
    measurements: measurementCount?.n ?? -1,
    staffRates: staffCount?.n ?? -1,
    pills: pillCount?.n ?? -1,
    templates: templateCount?.n ?? -1,
  };
}

// One database for the seed's tests and the copier's after them (a PGlite of its own, its migrations and the seed
// are seconds of CPU each time): the seed's tests leave the reference rows as the first run made them (the one edit
// is put back), and the copier's compare a company's copy with the template rows as they are then.
let handle: DatabaseHandle;
let firstRun: SeedSummary;

beforeAll(async () => {
  handle = await openDatabase({ pgliteDir: 'memory://' });
  firstRun = await seedReferenceData(handle.db);
});
afterAll(async () => {
  await handle.close();
});

describe('seedReferenceData', () => {
  it('inserts 10 categories, 20 units, 58 staff rates, 59 pills and 24 templates', async () => {
    expect(await countRows(handle.db)).toEqual(EXPECTED_COUNTS);
    expect(firstRun).toEqual({
      categories: { total: 10, inserted: 10 },
      measurements: { total: 20, inserted: 20 },
      staffRates: { total: 58, inserted: 58 },
      pills: { total: 59, inserted: 59 },
      templates: { total: 24, inserted: 24 },
    });
  });

  it('seeds every reference row at the template level with its seed key', async () => {
    const companyOwned = [
      await handle.db
        .select({ n: count() })
        .from(measurements)
        .where(isNotNull(measurements.companyId)),
      await handle.db
        .select({ n: count() })
        .from(staffRates)
        .where(isNotNull(staffRates.companyId)),
      await handle.db.select({ n: count() }).from(pills).where(isNotNull(pills.companyId)),
    ];
    expect(companyOwned.map(([row]) => row?.n)).toEqual([0, 0, 0]);
    const withoutKey = await handle.db
      .select({ n: count() })
      .from(pills)
      .where(isNull(pills.seedKey));
    expect(withoutKey[0]?.n).toBe(0);
  });

  it('changes no counts and keeps the ids when run again', async () => {
    const idsBefore = await handle.db
      .select({ id: templates.id })
      .from(templates)
      .orderBy(asc(templates.id));
    const secondRun = await seedReferenceData(handle.db);
    expect(await countRows(handle.db)).toEqual(EXPECTED_COUNTS);
    expect(Object.values(secondRun).map((table) => table.inserted)).toEqual([0, 0, 0, 0, 0]);
    const idsAfter = await handle.db
      .select({ id: templates.id })
      .from(templates)
      .orderBy(asc(templates.id));
    expect(idsAfter).toEqual(idsBefore);
  });

  it('keeps an administrator’s edit of a template row when run again (the server seeds on every start)', async () => {
    const [gel] = await handle.db.select().from(pills).where(eq(pills.seedKey, 'us-gel'));
    if (!gel) throw new Error('gel not seeded');
    await handle.db.update(pills).set({ price: '0.99' }).where(eq(pills.id, gel.id));
    await seedReferenceData(handle.db);
    const [after] = await handle.db.select().from(pills).where(eq(pills.id, gel.id));
    expect(after?.price).toBe('0.9900');
    await handle.db.update(pills).set({ price: gel.price }).where(eq(pills.id, gel.id));
  });

  it('resolves every template line to a seeded staff rate or pill with the same values', async () => {
    const staffById = new Map(
      (await handle.db.select().from(staffRates).where(isNull(staffRates.companyId))).map((row) => [
        row.id,
        row,
      ]),
    );
    const pillRows = await handle.db
      .select({ id: pills.id, name: pills.name, price: pills.price, unit: measurements.name })
      .from(pills)
      .innerJoin(measurements, eq(pills.measurementId, measurements.id))
      .where(isNull(pills.companyId));
    const pillsById = new Map(pillRows.map((row) => [row.id, row]));

    const templateRows = await handle.db.select().from(templates);
    let lines = 0;
    for (const template of templateRows) {
      expect(template.content.stuff.length).toBeGreaterThan(0);
      for (const line of template.content.stuff) {
        const staff = staffById.get(line.quality?.id ?? -1);
        expect(staff, `${template.seedKey}: ${line.quality?.name}`).toBeDefined();
        if (staff === undefined) continue;
        expect(line.quality?.name).toBe(formatStaffRateLabel(staff));
        expect(line.salary).toBe(Number(staff.salary));
        lines += 1;
      }
      for (const line of template.content.pills) {
        const pill = pillsById.get(line.id ?? -1);
        expect(pill, `${template.seedKey}: ${line.name}`).toBeDefined();
        if (pill === undefined) continue;
        expect(line).toMatchObject({
          name: pill.name,
          price: Number(pill.price),
          measurement_type: pill.unit,
        });
        lines += 1;
      }
    }
    expect(lines).toBeGreaterThan(100);
  });

  it('stores prices (four decimals, issue 33) and salaries (kopecks) as exact numerics', async () => {
    const [gloves] = await handle.db
      .select({ price: pills.price })
      .from(pills)
      .where(eq(pills.seedKey, 'gloves-nitrile'));
    expect(gloves?.price).toBe('7.5000');
    const [nurse] = await handle.db
      .select({ salary: staffRates.salary })
      .from(staffRates)
      .where(eq(staffRates.seedKey, 'nurse-none'));
    expect(nurse?.salary).toBe('13500.00');
  });

  it('reproduces the worked example of docs/methodology.md with the ultrasound-abdomen template', async () => {
    const [template] = await handle.db
      .select()
      .from(templates)
      .where(eq(templates.seedKey, 'ultrasound-abdomen'));
    expect(template?.name).toMatch(/^УЗД органів черевної порожнини/);
    if (template === undefined) return;
    const cost = computeServiceCost(WORKED_EXAMPLE_COMPANY_INFO, template.content);
    expect(cost).toEqual(WORKED_EXAMPLE_COST);
  });
});

describe('companies repository: copyTemplateStaff', () => {
  it('copies the 58 template staff rates to a company inside the caller’s transaction', async () => {
    const templatesBefore = await handle.db
      .select()
      .from(staffRates)
      .where(isNull(staffRates.companyId))
      .orderBy(asc(staffRates.id));

    const { companyId, copied } = await handle.db.transaction(async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values({ identifier: 'c-test', name: 'Тестова лікарня', info: emptyCompanyInfo() })
        .returning({ id: companies.id });
      if (company === undefined) throw new Error('company not inserted');
      return {
        companyId: company.id,
        copied: await createStaffTemplateCopier(handle.db).copyTemplateTo(company.id, tx),
      };
    });
    expect(copied).toBe(58);

    const companyRows = await handle.db
      .select()
      .from(staffRates)
      .where(eq(staffRates.companyId, companyId))
      .orderBy(asc(staffRates.templateId));
    expect(companyRows).toHaveLength(58);
    expect(
      companyRows.map(
        ({ templateId, seedKey, qualification, category, scientificDegree, salary }) => ({
          templateId,
          seedKey,
          qualification,
          category,
          scientificDegree,
          salary,
        }),
      ),
    ).toEqual(
      templatesBefore.map(({ id, qualification, category, scientificDegree, salary }) => ({
        templateId: id,
        seedKey: null,
        qualification,
        category,
        scientificDegree,
        salary,
      })),
    );

    const templatesAfter = await handle.db
      .select()
      .from(staffRates)
      .where(isNull(staffRates.companyId))
      .orderBy(asc(staffRates.id));
    expect(templatesAfter).toEqual(templatesBefore);
  });

  it('is rolled back with the caller’s transaction', async () => {
    const [company] = await handle.db
      .insert(companies)
      .values({ identifier: 'c-rollback', name: 'Відкат', info: emptyCompanyInfo() })
      .returning({ id: companies.id });
    if (company === undefined) throw new Error('company not inserted');
    await expect(
      handle.db.transaction(async (tx) => {
        await createStaffTemplateCopier(handle.db).copyTemplateTo(company.id, tx);
        throw new Error('registration failed');
      }),
    ).rejects.toThrow('registration failed');
    const rows = await handle.db
      .select({ n: count() })
      .from(staffRates)
      .where(and(eq(staffRates.companyId, company.id), isNotNull(staffRates.templateId)));
    expect(rows[0]?.n).toBe(0);
  });
});

/** Invariants of the reference files (src/db/reference/README.md "Invariants a seed test should keep"). */
describe('reference data', () => {
  let reference: ReferenceData;

  beforeAll(async () => {
    reference = await loadReferenceData();
  });

  it('has unique keys and unique names in every file', () => {
    const files: { key: string }[][] = Object.values(reference);
    for (const rows of files) {
      const keys = rows.map((row) => row.key);
      expect(new Set(keys).size).toBe(keys.length);
    }
    for (const rows of [reference.categories, reference.measurements, reference.materials]) {
      const names = rows.map((row) => row.name.toLowerCase());
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('resolves every reference and gives every category a template', () => {
    const keys = (rows: { key: string }[]): Set<string> => new Set(rows.map((row) => row.key));
    const measurementKeys = keys(reference.measurements);
    const staffKeys = keys(reference.staff);
    const materialKeys = keys(reference.materials);
    for (const material of reference.materials) {
      expect(measurementKeys.has(material.measurement)).toBe(true);
    }
    for (const template of reference.templates) {
      for (const line of template.stuff) expect(staffKeys.has(line.staff)).toBe(true);
      for (const line of template.pills) expect(materialKeys.has(line.material)).toBe(true);
    }
    const usedCategories = new Set(reference.templates.map((template) => template.category));
    expect([...usedCategories].sort()).toEqual(reference.categories.map((row) => row.key).sort());
  });

  it('keeps times and spends positive integers and working days in the list', () => {
    for (const template of reference.templates) {
      for (const line of template.stuff) {
        expect(Number.isInteger(line.timeSpend) && line.timeSpend > 0).toBe(true);
        expect(WORKING_DAY_HOURS).toContain(line.workingDay);
      }
      for (const line of template.pills) {
        expect(Number.isInteger(line.spend) && line.spend > 0).toBe(true);
      }
    }
  });

  it('writes every price as a positive literal with exactly two decimals', async () => {
    const text = await readFile(new URL('./reference/materials.json', import.meta.url), 'utf8');
    const literals = [...text.matchAll(/"price":\s*([^,\s}]+)/g)].map((match) => match[1]);
    expect(literals).toHaveLength(reference.materials.length);
    for (const literal of literals) {
      expect(literal).toMatch(/^\d+\.\d{2}$/);
      expect(Number(literal)).toBeGreaterThan(0);
    }
  });

  it('keeps bonus within 0–20 % and profit within 5–25 %', () => {
    for (const template of reference.templates) {
      expect(template.bonus).toBeGreaterThanOrEqual(0);
      expect(template.bonus).toBeLessThanOrEqual(20);
      expect(template.profit).toBeGreaterThanOrEqual(5);
      expect(template.profit).toBeLessThanOrEqual(25);
    }
  });

  it('uses only the four categories and three degrees', () => {
    for (const staff of reference.staff) {
      expect(STAFF_CATEGORIES).toContain(staff.category);
      expect(SCIENTIFIC_DEGREES).toContain(staff.scientific_degree);
    }
  });

  it('pays at or above the legal floors', () => {
    // CMU No. 28/2023: doctors ≥ 20,000; short-cycle/bachelor specialists ≥ 13,500. ПМГ 2026: family
    // doctors ≥ 35,000. State Budget 2026: minimum wage 8,647 for junior staff.
    const floorOf = (qualification: string): number | undefined => {
      if (qualification.startsWith('Лікар загальної практики')) return 35_000;
      if (qualification.startsWith('Лікар')) return 20_000;
      if (
        qualification.startsWith('Сестра медична') ||
        [
          'Лаборант (медицина)',
          'Рентгенлаборант',
          'Фельдшер',
          'Помічник лікаря-стоматолога',
        ].includes(qualification)
      ) {
        return 13_500;
      }
      if (qualification === 'Молодша медична сестра') return 8_647;
      return undefined;
    };
    for (const staff of reference.staff) {
      const floor = floorOf(staff.qualification);
      expect(floor, `no salary floor known for ${staff.qualification}`).toBeDefined();
      expect(staff.salary, staff.key).toBeGreaterThanOrEqual(floor ?? Infinity);
    }
  });

  it('leaves the units reserved for users’ own materials unused by template materials', () => {
    const reserved = new Set(['упак.', 'л', 'мг', 'кг', 'см', 'коробка', 'туба', 'од.']);
    const unitByKey = new Map(reference.measurements.map((row) => [row.key, row.name]));
    const usedMaterials = new Set(
      reference.templates.flatMap((t) => t.pills.map((p) => p.material)),
    );
    for (const material of reference.materials) {
      if (!usedMaterials.has(material.key)) continue;
      expect(reserved.has(unitByKey.get(material.measurement) ?? '')).toBe(false);
    }
    expect([...reserved].every((name) => [...unitByKey.values()].includes(name))).toBe(true);
  });
});
