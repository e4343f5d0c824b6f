import {
  WORKED_EXAMPLE_EQUIPMENT_LINES,
  type Equipment,
  type EquipmentInput,
  type EquipmentLine,
} from '@medcalc/domain';

/**
 * The worked example's equipment (docs/methodology.md "Equipment depreciation", issue 38) for the web's tests: the
 * domain's scanner and printer lines, 20 minutes each, and the register rows and form bodies they stand for.
 */
export const [SCANNER_LINE, PRINTER_LINE] = WORKED_EXAMPLE_EQUIPMENT_LINES;

/** What the register's form sends for the row of `line`: its name, V, S, N and T, and the inventory number. */
export function equipmentInputOf(line: EquipmentLine, inventoryNumber: string): EquipmentInput {
  const { id: _id, minutes: _minutes, ...values } = line;
  return { ...values, inventoryNumber };
}

/** The register row `line` was taken from: its id, name, V, S, N and T, stored for the company at `stamp`. */
export function equipmentRowOf(
  line: EquipmentLine,
  row: { inventoryNumber: string; companyIdentifier: string; stamp: string },
): Equipment {
  if (line.id === null) throw new Error(`The line «${line.name}» has no register row`);
  return {
    ...equipmentInputOf(line, row.inventoryNumber),
    id: line.id,
    companyIdentifier: row.companyIdentifier,
    created_at: row.stamp,
    updated_at: row.stamp,
  };
}
