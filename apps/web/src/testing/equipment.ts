import {
  WORKED_EXAMPLE_EQUIPMENT_LINES,
  type Equipment,
  type EquipmentInput,
  type EquipmentLine,
} from '@medcalc/domain';

import { jsonResponse, type FetchCall } from './test-utils';

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

/**
 * The calls on a list of equipment rows at `path`, as the server keeps them (the company's register or the
 * administrator's template equipment): GET the list, POST a row (given `newId` and `companyIdentifier`), PUT and
 * DELETE `path/{id}`, with the server's messages. It stores what it is sent, so a reloaded table shows it; other
 * calls are left to the caller (`undefined`).
 */
export function equipmentRowsCalls(
  initial: readonly Equipment[],
  {
    path,
    companyIdentifier,
    newId,
    stamp,
  }: {
    path: string;
    companyIdentifier: string | null;
    newId: number;
    stamp: string;
  },
) {
  let rows = [...initial];
  // The server's toasts: template equipment (no company) is said of the templates, a company's of its register.
  const messages =
    companyIdentifier === null
      ? {
          created: 'Обладнання додано до шаблонів.',
          updated: 'Обладнання шаблонів збережено.',
          deleted: 'Обладнання видалено з шаблонів.',
        }
      : {
          created: 'Обладнання додано до реєстру.',
          updated: 'Обладнання збережено.',
          deleted: 'Обладнання видалено з реєстру.',
        };
  return (call: FetchCall): Response | undefined => {
    if (call.path === path && call.method === 'GET') return jsonResponse(200, rows);
    if (call.path === path && call.method === 'POST') {
      const input = call.body as EquipmentInput;
      const created: Equipment = {
        id: newId,
        ...input,
        companyIdentifier,
        created_at: stamp,
        updated_at: stamp,
      };
      rows = [...rows, created];
      return jsonResponse(200, { message: messages.created, data: created });
    }
    const id = Number(call.path.slice(path.length + 1));
    if (call.path !== `${path}/${id}`) return undefined;
    if (call.method === 'PUT') {
      rows = rows.map((row) =>
        row.id === id ? { ...row, ...(call.body as EquipmentInput) } : row,
      );
      const data = rows.find((row) => row.id === id);
      return jsonResponse(200, { message: messages.updated, data });
    }
    if (call.method === 'DELETE') {
      rows = rows.filter((row) => row.id !== id);
      return jsonResponse(200, { message: messages.deleted });
    }
    return undefined;
  };
}
