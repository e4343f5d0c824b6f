import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  SCIENTIFIC_DEGREES,
  STAFF_CATEGORIES,
  WORKING_DAY_HOURS,
  calculationContentSchema,
  decimalPlaces,
  formatStaffRateLabel,
  moneyToString,
  type CalculationContent,
} from '@medcalc/domain';
import type { Database } from './client';
import { categories, measurements, pills, staffRates, templates } from './schema';

/**
 * Seeder of the template-level reference data (src/db/reference/README.md): categories, units, the template
 * staffing table, template materials and template calculations. Rows are matched by `seed_key`, the reference
 * file's key, so running it again inserts only what is missing and never overwrites stored rows.
 */

const keySchema = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'key must be kebab-case ASCII');
const textSchema = z.string().trim().min(1);
const percentSchema = z.number().min(0).max(100);
const priceSchema = z
  .number()
  .positive()
  .refine((price) => decimalPlaces(price) <= 2, 'price must have at most 2 decimals');

const categoryRowSchema = z.strictObject({ key: keySchema, name: textSchema });
const measurementRowSchema = z.strictObject({ key: keySchema, name: textSchema });
const staffRowSchema = z.strictObject({
  key: keySchema,
  qualification: textSchema,
  category: z.enum(STAFF_CATEGORIES),
  scientific_degree: z.enum(SCIENTIFIC_DEGREES),
  salary: z.number().int().positive(),
});
const materialRowSchema = z.strictObject({
  key: keySchema,
  name: textSchema,
  measurement: keySchema,
  price: priceSchema,
});
const templateRowSchema = z.strictObject({
  key: keySchema,
  category: keySchema,
  name: textSchema,
  bonus: percentSchema,
  profit: percentSchema,
  stuff: z.array(
    z.strictObject({
      staff: keySchema,
      timeSpend: z.number().int().positive(),
      workingDay: z
        .number()
        .refine(
          (hours) => (WORKING_DAY_HOURS as readonly number[]).includes(hours),
          'unknown workingDay',
        ),
      conditionPercent: percentSchema,
    }),
  ),
  pills: z.array(z.strictObject({ material: keySchema, spend: z.number().int().positive() })),
});

export type ReferenceCategory = z.infer<typeof categoryRowSchema>;
export type ReferenceMeasurement = z.infer<typeof measurementRowSchema>;
export type ReferenceStaff = z.infer<typeof staffRowSchema>;
export type ReferenceMaterial = z.infer<typeof materialRowSchema>;
export type ReferenceTemplate = z.infer<typeof templateRowSchema>;

/** The five reference files, parsed and cross-checked. */
export interface ReferenceData {
  categories: ReferenceCategory[];
  measurements: ReferenceMeasurement[];
  staff: ReferenceStaff[];
  materials: ReferenceMaterial[];
  templates: ReferenceTemplate[];
}

/** Rows per table after seeding, and how many of them this run inserted (the rest it updated). */
export type SeedSummary = Record<
  'categories' | 'measurements' | 'staffRates' | 'pills' | 'templates',
  { total: number; inserted: number }
>;

async function readReferenceFile<Row extends { key: string }>(
  file: string,
  rowSchema: z.ZodType<Row>,
): Promise<Row[]> {
  const text = await readFile(new URL(`./reference/${file}`, import.meta.url), 'utf8');
  const parsed = z.array(rowSchema).safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw new Error(`Reference file ${file} is invalid:\n${z.prettifyError(parsed.error)}`);
  }
  const keys = new Set<string>();
  for (const row of parsed.data) {
    if (keys.has(row.key)) {
      throw new Error(`Reference file ${file} repeats the key "${row.key}".`);
    }
    keys.add(row.key);
  }
  return parsed.data;
}

/** Throws when a reference names a key the target file does not have. */
function assertResolves(
  from: string,
  key: string,
  keys: ReadonlySet<string>,
  target: string,
): void {
  if (!keys.has(key)) {
    throw new Error(`Reference file ${from}: "${key}" is not a key of ${target}.`);
  }
}

/**
 * Reads and validates the five files of src/db/reference/ (shape, units, unique keys, every reference
 * resolves). Throws naming the file and the row when the reference data is bad.
 */
export async function loadReferenceData(): Promise<ReferenceData> {
  const [categoryRows, measurementRows, staffRows, materialRows, templateRows] = await Promise.all([
    readReferenceFile('categories.json', categoryRowSchema),
    readReferenceFile('measurements.json', measurementRowSchema),
    readReferenceFile('staff.json', staffRowSchema),
    readReferenceFile('materials.json', materialRowSchema),
    readReferenceFile('templates.json', templateRowSchema),
  ]);
  const keysOf = (rows: { key: string }[]): Set<string> => new Set(rows.map((row) => row.key));
  const measurementKeys = keysOf(measurementRows);
  for (const material of materialRows) {
    assertResolves('materials.json', material.measurement, measurementKeys, 'measurements.json');
  }
  const categoryKeys = keysOf(categoryRows);
  const staffKeys = keysOf(staffRows);
  const materialKeys = keysOf(materialRows);
  for (const template of templateRows) {
    assertResolves('templates.json', template.category, categoryKeys, 'categories.json');
    for (const line of template.stuff) {
      assertResolves('templates.json', line.staff, staffKeys, 'staff.json');
    }
    for (const line of template.pills) {
      assertResolves('templates.json', line.material, materialKeys, 'materials.json');
    }
  }
  return {
    categories: categoryRows,
    measurements: measurementRows,
    staff: staffRows,
    materials: materialRows,
    templates: templateRows,
  };
}

/** Looks a seeded row up by its key or id; the references were checked, so a miss is a bug. */
function mustGet<K, T>(rows: ReadonlyMap<K, T>, key: K): T {
  const row = rows.get(key);
  if (row === undefined) {
    throw new Error(`Seeded row "${String(key)}" not found.`);
  }
  return row;
}

/** Maps returned rows by seed key; `seedKey` is never null for a row the seeder wrote. */
function mapBySeedKey<T extends { seedKey: string | null }>(rows: T[]): Map<string, T> {
  return new Map(rows.map((row) => [row.seedKey ?? '', row]));
}

/** `true` for a row the upsert inserted, `false` for one that was already there (PostgreSQL sets xmax). */
const wasInserted = sql<boolean>`(xmax = 0)`;

/**
 * The conflict clause of the seed's upserts: a row of that seed key already there is kept as it is (the no-op
 * update makes `RETURNING` answer it too, so the caller gets every row's id).
 */
const keepBySeedKey = (target: AnyPgColumn) => ({
  target,
  set: { seedKey: sql`excluded.seed_key` },
});

const countInserted = (rows: { inserted: boolean }[]): { total: number; inserted: number } => ({
  total: rows.length,
  inserted: rows.filter((row) => row.inserted).length,
});

/**
 * Upserts the reference data into the template level (`company_id` null) in one transaction: 10 categories,
 * 20 measurements, 58 staff rates, 59 pills and 24 templates. Rows are matched by `seed_key` and only missing
 * ones are inserted: the server seeds on every start, and administrators' edits to template rows must survive
 * it. (The conflict clause is a no-op update rather than DO NOTHING so that RETURNING also yields the rows
 * already there, which the template lines need.) Template `content` is the domain's `CalculationContent`, with
 * the lines' ids, labels, salaries and prices taken from the stored rows.
 */
export async function seedReferenceData(db: Database): Promise<SeedSummary> {
  const reference = await loadReferenceData();

  return db.transaction(async (tx) => {
    const categoryRows = await tx
      .insert(categories)
      .values(reference.categories.map((row) => ({ seedKey: row.key, name: row.name })))
      .onConflictDoUpdate(keepBySeedKey(categories.seedKey))
      .returning({ id: categories.id, seedKey: categories.seedKey, inserted: wasInserted });

    const measurementRows = await tx
      .insert(measurements)
      .values(
        reference.measurements.map((row) => ({
          companyId: null,
          seedKey: row.key,
          name: row.name,
        })),
      )
      .onConflictDoUpdate(keepBySeedKey(measurements.seedKey))
      .returning({
        id: measurements.id,
        seedKey: measurements.seedKey,
        name: measurements.name,
        inserted: wasInserted,
      });
    const measurementsByKey = mapBySeedKey(measurementRows);
    const measurementNameById = new Map(measurementRows.map((row) => [row.id, row.name]));

    const staffRows = await tx
      .insert(staffRates)
      .values(
        reference.staff.map((row) => ({
          companyId: null,
          seedKey: row.key,
          qualification: row.qualification,
          category: row.category,
          scientificDegree: row.scientific_degree,
          salary: moneyToString(row.salary),
        })),
      )
      .onConflictDoUpdate(keepBySeedKey(staffRates.seedKey))
      .returning({
        id: staffRates.id,
        seedKey: staffRates.seedKey,
        qualification: staffRates.qualification,
        category: staffRates.category,
        scientificDegree: staffRates.scientificDegree,
        salary: staffRates.salary,
        inserted: wasInserted,
      });
    const staffByKey = mapBySeedKey(staffRows);

    const pillRows = await tx
      .insert(pills)
      .values(
        reference.materials.map((row) => ({
          companyId: null,
          seedKey: row.key,
          name: row.name,
          measurementId: mustGet(measurementsByKey, row.measurement).id,
          price: moneyToString(row.price),
        })),
      )
      .onConflictDoUpdate(keepBySeedKey(pills.seedKey))
      .returning({
        id: pills.id,
        seedKey: pills.seedKey,
        name: pills.name,
        measurementId: pills.measurementId,
        price: pills.price,
        inserted: wasInserted,
      });
    const pillsByKey = mapBySeedKey(pillRows);
    const categoriesByKey = mapBySeedKey(categoryRows);

    const templateValues = reference.templates.map((template) => {
      const content: CalculationContent = {
        bonus: template.bonus,
        profit: template.profit,
        stuff: template.stuff.map((line) => {
          const staff = mustGet(staffByKey, line.staff);
          return {
            quality: { id: staff.id, name: formatStaffRateLabel(staff) },
            salary: Number(staff.salary),
            timeSpend: line.timeSpend,
            conditionPercent: line.conditionPercent,
            workingDay: line.workingDay,
          };
        }),
        pills: template.pills.map((line) => {
          const pill = mustGet(pillsByKey, line.material);
          return {
            id: pill.id,
            name: pill.name,
            price: Number(pill.price),
            spend: line.spend,
            measurement_type: mustGet(measurementNameById, pill.measurementId),
          };
        }),
      };
      return {
        seedKey: template.key,
        categoryId: mustGet(categoriesByKey, template.category).id,
        name: template.name,
        // Parsing checks the built content against the wire contract the wizard and the server read.
        content: calculationContentSchema.parse(content),
      };
    });
    const templateRows = await tx
      .insert(templates)
      .values(templateValues)
      .onConflictDoUpdate(keepBySeedKey(templates.seedKey))
      .returning({ id: templates.id, inserted: wasInserted });

    return {
      categories: countInserted(categoryRows),
      measurements: countInserted(measurementRows),
      staffRates: countInserted(staffRows),
      pills: countInserted(pillRows),
      templates: countInserted(templateRows),
    };
  });
}
