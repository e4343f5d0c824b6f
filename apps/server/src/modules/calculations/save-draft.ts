import {
  WIZARD_VERSION_CHANGED_MESSAGE,
  companyRequisiteIssues,
  equipmentLinesOf,
  fieldErrorsRecord,
  fieldPath,
  orderSaveChanges,
  statusAfterSave,
  type ActivityChange,
  type CalculateCalculationsInput,
  type FieldPlace,
  type SaveCalculationsInput,
} from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { CompanyScope } from '../../lib/company-scope';
import { parseStoredCompanyInfo } from '../../lib/stored-company-info';
import type { ActivityLog } from '../activity/activity-log';
import type { OrderRecord, OrdersService } from '../orders/orders.service';
import type { EquipmentService } from '../equipment/equipment.service';
import type { PillsService } from '../pills/pills.service';
import type { StaffService } from '../staff/staff.service';
import { CALCULATION_MESSAGES } from './calculation-messages';
import type { CalculationsRepository, StoredCalculation } from './calculations.repository';
import {
  assertCurrentRevision,
  assertCurrentVersion,
  assertEditable,
  servicesOf,
  throwIfAny,
  type PayloadService,
} from './wizard-checks';

/** A saved draft: the order as it now is, what the activity log says of the save, the prices before it. */
export interface SavedDraft {
  order: OrderRecord;
  changes: ActivityChange[];
  tariffsBefore: Map<number, string>;
}

/**
 * The wizard's draft as Save and Calculate store it (spec §4 "Save stores a draft"): the payload's references
 * checked, then the order's name, snapshot and services written with the order row locked.
 */
export interface DraftSaverDeps {
  repo: CalculationsRepository;
  /** Orders (lock, name and snapshot, status with its history) are reached through the orders service. */
  ordersService: Pick<
    OrdersService,
    'lockOwnOrder' | 'updateDraft' | 'changeStatusInTransaction' | 'getOrder'
  >;
  staffService: Pick<StaffService, 'existingIds'>;
  pillsService: Pick<PillsService, 'visibleIds'>;
  /** The equipment register (issue 38): an equipment line must name a template row or one of the company's. */
  equipmentService: Pick<EquipmentService, 'visibleIds'>;
  activityLog: ActivityLog;
  now: () => Date;
}

export function createDraftSaver(deps: DraftSaverDeps) {
  const { repo, ordersService, staffService, pillsService, equipmentService, activityLog, now } =
    deps;

  /**
   * Checks what the payload refers to, before anything is written: every service must be one of the order's own
   * calculations, named once (`…id`); every staff line's qualification a row of the company's staffing table
   * (`…stuff.i.quality.id`); every material a template material or the company's own (`…pills.i.id`); every
   * equipment line's row a template row or one of the company's register (`…equipment.i.id`, issue 38).
   */
  async function checkReferences(
    companyId: number,
    services: readonly PayloadService[],
    stored: readonly StoredCalculation[],
    tx: Executor,
    errors: Record<string, string[]> = {},
  ): Promise<void> {
    const storedIds = new Set(stored.map((row) => row.id));
    const staffIds = services.flatMap(({ item }) =>
      item.calculation.stuff.flatMap((line) => (line.quality?.id == null ? [] : [line.quality.id])),
    );
    const pillIds = services.flatMap(({ item }) =>
      item.calculation.pills.flatMap((line) => (line.id === null ? [] : [line.id])),
    );
    const equipmentIds = services.flatMap(({ item }) =>
      equipmentLinesOf(item.calculation).flatMap((line) => (line.id === null ? [] : [line.id])),
    );
    const knownStaff = await staffService.existingIds(companyId, staffIds, tx);
    const knownPills = await pillsService.visibleIds(companyId, pillIds, tx);
    const knownEquipment = await equipmentService.visibleIds(companyId, equipmentIds, tx);

    const seen = new Set<number>();
    const refuse = (where: FieldPlace, message: string) => {
      errors[fieldPath(where)] = [message];
    };
    for (const { place, item } of services) {
      const id = { kind: 'service', ...place, key: 'id' } as const;
      if (!storedIds.has(item.id)) refuse(id, CALCULATION_MESSAGES.notInOrder);
      else if (seen.has(item.id)) refuse(id, CALCULATION_MESSAGES.repeated);
      seen.add(item.id);
      item.calculation.stuff.forEach((line, index) => {
        const staffId = line.quality?.id;
        if (staffId != null && !knownStaff.has(staffId)) {
          const at = {
            ...place,
            section: 'stuff',
            line: index,
            field: 'quality',
            part: 'id',
          } as const;
          refuse({ kind: 'line', ...at }, CALCULATION_MESSAGES.unknownStaff);
        }
      });
      item.calculation.pills.forEach((line, index) => {
        if (line.id !== null && !knownPills.has(line.id)) {
          const at = { ...place, section: 'pills', line: index, field: 'id' } as const;
          refuse({ kind: 'line', ...at }, CALCULATION_MESSAGES.unknownMaterial);
        }
      });
      equipmentLinesOf(item.calculation).forEach((line, index) => {
        if (line.id !== null && !knownEquipment.has(line.id)) {
          const at = { ...place, section: 'equipment', line: index, field: 'id' } as const;
          refuse({ kind: 'line', ...at }, CALCULATION_MESSAGES.unknownEquipment);
        }
      });
    }
    throwIfAny(errors);
  }

  /**
   * A Calculate's body with what it left out (issue 34) filled in from the order as stored at the body's `version`
   * (the schema requires it then): the calculations as the wizard's detail groups them, the institution data. A
   * version that is no longer the order's is the usual 409, here or under the lock that follows.
   */
  async function withStoredDraft(
    scope: CompanyScope,
    input: CalculateCalculationsInput,
  ): Promise<SaveCalculationsInput> {
    const { calculations, companyInfo } = input;
    if (calculations !== undefined && companyInfo !== undefined)
      return { ...input, calculations, companyInfo };
    const stored = await ordersService.getOrder(scope.companyId, input.identifier);
    if (stored.version !== input.version)
      throw new AppError('VERSION_CONFLICT', WIZARD_VERSION_CHANGED_MESSAGE);
    return {
      ...input,
      calculations: calculations ?? stored.calculations,
      companyInfo: companyInfo ?? stored.companyInfo,
    };
  }

  /**
   * Save (spec §4 "Save stores a draft") in the caller's transaction, with the order row locked: the order's name
   * and institution-data snapshot, each service's name and content (matched by id), the removal of the order's
   * services the payload no longer has (spec §4 "remove a calculation item"), and the status after a save
   * (`payed`/`formed` → `saved`, with a history row). Returns the order as it now is.
   */
  async function saveDraft(
    scope: CompanyScope,
    input: SaveCalculationsInput,
    tx: Executor,
  ): Promise<SavedDraft> {
    const order = await ordersService.lockOwnOrder(scope.companyId, input.identifier, tx);
    assertCurrentRevision(order, input);
    assertCurrentVersion(order, input.version);
    assertEditable(order.status);
    const stored = await repo.listOfOrder(order.id, tx);
    const services = servicesOf(input.calculations);
    // The order's copy of the institution data follows the /company rules (issue 13): a changed code, account or
    // phone must be valid; a value equal to the stored one (a legacy value) is kept as it is.
    const requisiteErrors = fieldErrorsRecord(
      Object.entries(
        companyRequisiteIssues(input.companyInfo, parseStoredCompanyInfo(order.companyInfo)),
      ).map(([field, message]) => ({ place: { kind: 'institution', field }, message })),
    );
    await checkReferences(scope.companyId, services, stored, tx, requisiteErrors);

    const version = await ordersService.updateDraft(
      order,
      { name: input.name, companyInfo: input.companyInfo, priceRounding: input.priceRounding },
      tx,
    );
    const written = await repo.updateDrafts(
      order.id,
      services.map(({ item }) => ({ id: item.id, name: item.name, content: item.calculation })),
      now(),
      tx,
    );
    if (written !== services.length)
      throw new Error(`calculations of order ${order.id} vanished under its lock`);
    await repo.removeOthers(
      order.id,
      services.map(({ item }) => item.id),
      tx,
    );
    const status = statusAfterSave(order.status);
    await ordersService.changeStatusInTransaction(order, status, scope, tx);
    const priceRounding = input.priceRounding ?? order.priceRounding;
    // What the activity log says of this save (issue 33): each service's field, old → new.
    const changes = orderSaveChanges(
      {
        name: order.name,
        companyInfo: parseStoredCompanyInfo(order.companyInfo),
        priceRounding: order.priceRounding,
        services: stored,
      },
      {
        name: input.name,
        companyInfo: input.companyInfo,
        priceRounding,
        services: services.map(({ item }) => ({
          id: item.id,
          name: item.name,
          content: item.calculation,
        })),
      },
    );
    const tariffsBefore = new Map(
      stored.flatMap((row) =>
        row.summaryWithProfit === null ? [] : [[row.id, row.summaryWithProfit] as const],
      ),
    );
    return {
      order: {
        ...order,
        version,
        name: input.name,
        companyInfo: input.companyInfo,
        priceRounding,
        status,
      },
      changes,
      tariffsBefore,
    };
  }

  /** {@link saveDraft} with its entry in the activity log («order-saved»), in the same transaction. */
  async function saveLoggedDraft(
    scope: CompanyScope,
    input: SaveCalculationsInput,
    tx: Executor,
  ): Promise<SavedDraft> {
    const draft = await saveDraft(scope, input, tx);
    await activityLog.record(tx, scope, {
      kind: 'order-saved',
      subject: input.identifier,
      orderName: draft.order.name,
      changes: draft.changes,
    });
    return draft;
  }

  return { withStoredDraft, saveLoggedDraft };
}

export type DraftSaver = ReturnType<typeof createDraftSaver>;
