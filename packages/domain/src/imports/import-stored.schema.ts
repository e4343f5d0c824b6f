import { z } from '../common/zod';

/*
 * What the server stores with an import (issue 20; `data_imports.plan` and `.undo`, JSON columns), as zod schemas
 * the server parses those columns with when it reads them. Amounts are exact decimal text. Each write of a plan
 * carries the file's `line`, so the apply can leave out the rows the user excluded (issue 33); a preview stored
 * before issue 33 has no lines, and its units plan lists bare names.
 */

const line = z.number().int().optional();

/** A conditional salary write: `id` moves from `from` to `to` only if it still holds `from`. */
export const storedSalaryChangeSchema = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
});

const unitAndPrice = z.object({ measurementId: z.number().int(), price: z.string() });
/** A conditional material write: unit and price move from `from` to `to` only if they still hold `from`. */
export const storedPillChangeSchema = z.object({
  id: z.number().int(),
  from: unitAndPrice,
  to: unitAndPrice,
});

export const storedStaffPlanSchema = z.object({
  kind: z.literal('staff'),
  updates: z.array(storedSalaryChangeSchema.extend({ line })),
  inserts: z.array(
    z.object({
      line,
      qualification: z.string(),
      category: z.string(),
      scientificDegree: z.string(),
      salary: z.string(),
    }),
  ),
});

export const storedPillsPlanSchema = z.object({
  kind: z.literal('pills'),
  /** Unit names the file uses that do not exist yet, as the file first spells them. */
  newUnits: z.array(z.string()),
  updates: z.array(
    z.object({
      line,
      id: z.number().int(),
      from: unitAndPrice,
      unit: z.string(),
      price: z.string(),
    }),
  ),
  inserts: z.array(z.object({ line, name: z.string(), unit: z.string(), price: z.string() })),
});

/** A register row's values as an import stores them (issue 38): amounts and hours as exact decimal text. */
const equipmentValues = z.object({
  name: z.string(),
  inventoryNumber: z.string(),
  firstCost: z.string(),
  residualValue: z.string(),
  usefulLifeYears: z.number().int(),
  hoursPerYear: z.string(),
});
/** A conditional register write: the row moves from `from` to `to` only if it still holds `from`. */
export const storedEquipmentChangeSchema = z.object({
  id: z.number().int(),
  from: equipmentValues,
  to: equipmentValues,
});
export type StoredEquipmentChange = z.infer<typeof storedEquipmentChangeSchema>;
export type StoredEquipmentValues = z.infer<typeof equipmentValues>;

export const storedEquipmentPlanSchema = z.object({
  kind: z.literal('equipment'),
  updates: z.array(storedEquipmentChangeSchema.extend({ line })),
  inserts: z.array(equipmentValues.extend({ line })),
});

export const storedUnitsPlanSchema = z.object({
  kind: z.literal('measurements'),
  inserts: z.array(z.union([z.string(), z.object({ line, name: z.string() })])),
});

/** A preview's stored plan, of whichever table (`data_imports.plan` while the import is a preview). */
export const storedImportPlanSchema = z.discriminatedUnion('kind', [
  storedStaffPlanSchema,
  storedPillsPlanSchema,
  storedUnitsPlanSchema,
  storedEquipmentPlanSchema,
]);
export type StoredImportPlan = z.infer<typeof storedImportPlanSchema>;

export type StoredStaffPlan = z.infer<typeof storedStaffPlanSchema>;
export type StoredPillsPlan = z.infer<typeof storedPillsPlanSchema>;
export type StoredUnitsPlan = z.infer<typeof storedUnitsPlanSchema>;
export type StoredEquipmentPlan = z.infer<typeof storedEquipmentPlanSchema>;

/** What undoes an applied import: the previous values, and the rows and units it added. */
export const storedImportUndoSchema = z.object({
  salaries: z.array(storedSalaryChangeSchema).optional(),
  pills: z.array(storedPillChangeSchema).optional(),
  equipment: z.array(storedEquipmentChangeSchema).optional(),
  insertedIds: z.array(z.number().int()),
  createdUnitIds: z.array(z.number().int()).optional(),
});
export type StoredImportUndo = z.infer<typeof storedImportUndoSchema>;
