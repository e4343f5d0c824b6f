import {
  CALCULATED_STATUSES,
  PAYMENT_PENDING_MESSAGE,
  type AdminCalculation,
  READ_ONLY_WHILE_APPROVAL_MESSAGE,
  WIZARD_REVISION_CHANGED_MESSAGE,
  WIZARD_VERSION_CHANGED_MESSAGE,
  STATUS_AFTER_CALCULATE,
  companyRequisiteIssues,
  computeOrderCosts,
  capExceededMessage,
  capRefusalMessage,
  exceedsProfitabilityCap,
  editRefusal,
  fieldErrorsRecord,
  fieldPath,
  isQualificationOutsideStaffTable,
  placeInService,
  qualificationOutsideStaffTableMessage,
  formatMoney,
  formatServiceCode,
  orderSaveChanges,
  serviceCodeOf,
  servicePriceOf,
  statusAfterSave,
  validateForCalculation,
  type CalculateOnlineInput,
  type CalculatedService,
  type CalculationsSavedResponse,
  type ActivityChange,
  type CompanyInfo,
  type FieldError,
  type FieldPlace,
  type OrderStatus,
  type PageQuery,
  type Paged,
  type ProfitabilityResult,
  type CalculateCalculationsInput,
  type SaveCalculationsInput,
  type WizardCalculationItem,
  type WizardCalculations,
} from '@medcalc/domain';
import { isDeepStrictEqual } from 'node:util';
import type { Executor } from '../../db/client';
import { changeOf, recordActivity } from '../activity/record-activity';
import { AppError } from '../../lib/app-error';
import type { CompanyScope } from '../../lib/company-scope';
import { pageWindow, toPaged } from '../../lib/paginate';
import type { RunInTransaction } from '../../lib/transaction';
import { parseStoredCompanyInfo } from '../../lib/stored-company-info';
import type { OrderRecord, OrdersService } from '../orders/orders.service';
import { profitabilityService } from './calculate-online-answer';
import type { PillsService } from '../pills/pills.service';
import type { ApprovalsService } from '../approvals/approvals.service';
import type { StaffService } from '../staff/staff.service';
import type {
  CalculatedServiceRecord,
  CalculationsRepository,
  IdentifiedCalculation,
  StoredCalculation,
  StoredCalculationResult,
} from './calculations.repository';

export type { IdentifiedCalculation, StoredCalculationResult };

export const CALCULATION_MESSAGES = {
  saved: 'Калькуляції збережено.',
  calculated: 'Калькуляції розраховано. Замовлення готове до відправлення на погодження.',
  notInOrder: 'Калькуляцію не знайдено в цьому замовленні.',
  repeated: 'Калькуляцію вказано двічі.',
  unknownStaff:
    'Посади немає у штатному розписі закладу. Оберіть кваліфікацію зі штатного розпису.',
  unknownMaterial:
    'Матеріал не знайдено серед шаблонних і власних матеріалів закладу. Оберіть його зі списку.',
  noServices: 'Додайте до замовлення хоча б одну послугу.',
  qualificationNotInTable: qualificationOutsideStaffTableMessage,
  tooLarge:
    'вартість перевищує 999 999 999 999,99 грн, її не можна зберегти. Перевірте ціни, витрати та оклади.',
} as const;

/** The field of a calculated order's activity row: each service's price with profitability, old → new. */
const TARIFF_FIELD = 'Вартість з рентабельністю, грн';

/** Where a service is in the wizard's payload (`calculations.УЗД.0`): its category and its position there. */
type ServicePlace = { category: string; index: number };

/** A service of the wizard's payload with its place, under which its field errors go. */
interface PayloadService {
  place: ServicePlace;
  item: WizardCalculationItem;
}

/** The wizard's services in the order they arrived, each with its place in the payload. */
function servicesOf(calculations: WizardCalculations): PayloadService[] {
  return Object.entries(calculations).flatMap(([category, items]) =>
    items.map((item, index) => ({ place: { category, index }, item })),
  );
}

/** Throws a 422 with `errors` (the field paths in insertion order) and the first message as `message`. */
function throwIfAny(errors: Record<string, string[]>): void {
  const [first] = Object.values(errors)[0] ?? [];
  if (first !== undefined) throw new AppError('VALIDATION', first, { fieldErrors: errors });
}

/**
 * The wizard's edits are refused while the order awaits payment (403, spec §1) and while it is being approved or
 * is approved (409, read-only), with nothing stored changed (domain `editRefusal`).
 */
function assertEditable(status: OrderStatus): void {
  const refusal = editRefusal(status);
  if (refusal === 'payment') throw new AppError('FORBIDDEN', PAYMENT_PENDING_MESSAGE);
  if (refusal === 'approval') throw new AppError('CONFLICT', READ_ONLY_WHILE_APPROVAL_MESSAGE);
}

/**
 * A wizard that loaded an earlier revision (issue 18: the order was re-priced in another tab since) may not write
 * that revision's data over the current one: 409, nothing stored. The spec's client sends no revision and is not
 * checked.
 */
function assertCurrentRevision(order: OrderRecord, input: SaveCalculationsInput): void {
  if (input.revision !== undefined && input.revision !== order.revision)
    throw new AppError('CONFLICT', WIZARD_REVISION_CHANGED_MESSAGE);
}

/**
 * A wizard whose data are based on an older version of the order's content (issue 21: saved since in another tab
 * or by another person) may not write over it: 409, nothing stored; the wizard lets the user keep theirs or take
 * the newer. Unversioned writes (the spec's client) are not checked.
 */
function assertCurrentVersion(order: OrderRecord, version: number | undefined): void {
  if (version !== undefined && version !== order.version)
    throw new AppError('VERSION_CONFLICT', WIZARD_VERSION_CHANGED_MESSAGE);
}

/**
 * What is missing for the final Calculate (docs/methodology.md "Formulas", last paragraph), as the 422's field
 * errors: the institution fields once under `companyInfo.<field>`, and each service's own issues (domain
 * `validateForCalculation`, plus a staff line whose qualification is not in the company's staffing table, domain
 * `isQualificationOutsideStaffTable`) under its line's field, each message said of the service or the institution.
 */
export function finalCalculationErrors(
  info: CompanyInfo,
  services: ReadonlyArray<ServicePlace & { name: string; content: StoredCalculation['content'] }>,
): Record<string, string[]> {
  const errors: FieldError[] = [];
  if (services.length === 0) {
    errors.push({
      place: { kind: 'order', field: 'calculations' },
      message: CALCULATION_MESSAGES.noServices,
    });
  }
  for (const service of services) {
    const issues = validateForCalculation(info, service.content);
    service.content.stuff.forEach((line, index) => {
      if (isQualificationOutsideStaffTable(line)) {
        issues.push({
          field: `stuff.${index}.quality`,
          message: qualificationOutsideStaffTableMessage(index + 1, line.quality?.name ?? ''),
        });
      }
    });
    for (const { field, message } of issues) {
      // validateForCalculation names a service's fields inside its content (`stuff.0.quality`) and the
      // institution's by their own name.
      const place = placeInService(service, field);
      errors.push(
        place !== null
          ? { place, message, subject: { service: service.name } }
          : { place: { kind: 'institution', field }, message, subject: 'institution' },
      );
    }
  }
  return fieldErrorsRecord(errors);
}

/** A value as JSON keeps it (absent and `undefined` keys alike, numbers as numbers), to compare with a jsonb column. */
const asJson = (value: unknown): unknown =>
  value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);

/**
 * Whether `input` is the calculation the order already holds (issue 23): the order is calculated in its current
 * revision, every stored service has its results, and the name, institution data, rounding and each service's name
 * and content are those stored (key order aside). A repeated Calculate of unchanged data (a double click, a retry)
 * is then the same result, not a second write.
 */
export function isUnchangedCalculation(
  order: OrderRecord,
  rows: ReadonlyArray<Pick<StoredCalculationResult, 'id' | 'name' | 'content' | 'summary'>>,
  input: SaveCalculationsInput,
): boolean {
  if (order.status !== STATUS_AFTER_CALCULATE) return false;
  if (input.revision !== undefined && input.revision !== order.revision) return false;
  if (input.name !== order.name) return false;
  if ((input.priceRounding ?? order.priceRounding) !== order.priceRounding) return false;
  if (!isDeepStrictEqual(asJson(input.companyInfo), asJson(order.companyInfo))) return false;
  const services = servicesOf(input.calculations);
  if (services.length !== rows.length) return false;
  const stored = new Map(rows.map((row) => [row.id, row]));
  return services.every(({ item }) => {
    const row = stored.get(item.id);
    return (
      row !== undefined &&
      row.summary !== null &&
      row.name === item.name &&
      isDeepStrictEqual(asJson(item.calculation), asJson(row.content))
    );
  });
}

/** A service's code from its number in the company; none (empty) for a service the company does not have. */
const codeOf = (serviceNumber: number | undefined) =>
  serviceNumber === undefined ? '' : formatServiceCode(serviceNumber);

/** Money the stored results can hold: `numeric(14,2)`, so at most twelve digits before the point. */
const fitsStoredMoney = (amount: string) => /^\d{1,12}\.\d{2}$/.test(amount);

/** Storage → wire (domain `calculatedServiceSchema`). */
const toCalculatedService = (row: CalculatedServiceRecord): CalculatedService => ({
  id: row.id,
  identifier: row.identifier,
  code: serviceCodeOf(row),
  name: row.name,
  categoryName: row.categoryName,
  orderIdentifier: row.orderIdentifier,
  orderName: row.orderName,
  orderStatus: row.orderStatus,
  summary: row.summary,
  summaryWithProfit: row.summaryWithProfit,
  // The final tariff (VAT and rounding, issue 18) from the stored price rows; a service calculated before they
  // were stored is exempt and unrounded (`servicePriceOf`), so its tariff is its «Тариф без ПДВ».
  tariff:
    row.summaryWithProfit === null
      ? null
      : servicePriceOf({ summaryWithProfit: row.summaryWithProfit, price: row.price ?? undefined })
          .tariff,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/**
 * The wizard's calls (spec §7 `calculate-online`, `save`, `calculate`) and the company's calculated services. The
 * maths is the domain's `computeOrderCosts` (docs/methodology.md), so the preview, the stored results and the
 * documents agree to the kopeck. Orders (lock, name and snapshot, status with its history) are reached through
 * the orders service; staffing rows and materials through theirs.
 */
export function createCalculationsService(deps: {
  calculationsRepository: CalculationsRepository;
  ordersService: Pick<
    OrdersService,
    'lockOwnOrder' | 'updateDraft' | 'changeStatusInTransaction' | 'getOrder'
  >;
  staffService: Pick<StaffService, 'existingIds'>;
  pillsService: Pick<PillsService, 'visibleIds'>;
  /** The company's approval settings (issue 35): the profitability cap Calculate enforces. */
  approvalSettings: Pick<ApprovalsService, 'getSettings'>;
  runInTransaction: RunInTransaction;
  now?: () => Date;
}) {
  const {
    calculationsRepository: repo,
    ordersService,
    staffService,
    pillsService,
    approvalSettings,
    runInTransaction,
  } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Checks what the payload refers to, before anything is written: every service must be one of the order's own
   * calculations, named once (`…id`); every staff line's qualification a row of the company's staffing table
   * (`…stuff.i.quality.id`); every material a template material or the company's own (`…pills.i.id`).
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
    const knownStaff = await staffService.existingIds(companyId, staffIds, tx);
    const knownPills = await pillsService.visibleIds(companyId, pillIds, tx);

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
    }
    throwIfAny(errors);
  }

  /**
   * Save (spec §4 "Save stores a draft") in the caller's transaction, with the order row locked: the order's name
   * and institution-data snapshot, each service's name and content (matched by id), the removal of the order's
   * services the payload no longer has (spec §4 "remove a calculation item"), and the status after a save
   * (`payed`/`formed` → `saved`, with a history row). Returns the order as it now is.
   */
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

  async function saveDraft(
    scope: CompanyScope,
    input: SaveCalculationsInput,
    tx: Executor,
  ): Promise<{
    order: OrderRecord;
    changes: ActivityChange[];
    tariffsBefore: Map<number, string>;
  }> {
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
    await ordersService.changeStatusInTransaction(order, status, scope.userId, tx);
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

  return {
    /**
     * `POST /api/calculations/calculate-online` (spec §7, wizard step 5): the калькуляція of every service with
     * the institution data as sent, in the order the categories and services arrived. Stores nothing; missing
     * institution data count as 0. `companyId` is the service code (`formatServiceCode`): the number of the
     * company's service with that id (issue 23), empty for an id that is not one of the company's services.
     */
    async calculateOnline(
      companyId: number,
      input: CalculateOnlineInput,
    ): Promise<ProfitabilityResult> {
      const groups = Object.entries(input.calculations);
      const numbers = await repo.serviceNumbersOf(
        companyId,
        groups.flatMap(([, items]) => items.map((item) => item.id)),
      );
      const costs = computeOrderCosts(
        input.companyInfo,
        groups.flatMap(([, items]) => items.map((item) => item.calculation)),
        input.priceRounding,
      );
      let next = 0;
      return groups.map(([category, items]) => ({
        category,
        calculations: items.map((item) => {
          const costing = costs[next++];
          if (!costing)
            throw new Error('computeOrderCosts answered fewer services than it was given');
          return profitabilityService(item.id, item.name, costing, codeOf(numbers.get(item.id)));
        }),
      }));
    },

    /** `POST /api/calculations/save` (spec §7): the draft in one transaction; answers the status afterwards. */
    async save(
      scope: CompanyScope,
      input: SaveCalculationsInput,
    ): Promise<CalculationsSavedResponse> {
      const order = await runInTransaction(async (tx) => {
        const draft = await saveDraft(scope, input, tx);
        await recordActivity(tx, scope.companyId, {
          kind: 'order-saved',
          subject: input.identifier,
          orderName: draft.order.name,
          changes: draft.changes,
        });
        return draft.order;
      });
      return { message: CALCULATION_MESSAGES.saved, status: order.status, version: order.version };
    },

    /**
     * `POST /api/calculations/calculate` (spec §7, §4 "Confirming Calculate produces formed"). First the draft is
     * saved exactly like Save, in its own transaction, so it is kept even when the final check refuses. Then, in a
     * second transaction with the order locked again: the stored services are checked for the final calculation
     * (422 naming the first thing missing, `errors` under each field path), every service is computed at once
     * with the domain's `computeOrderCosts` from the stored snapshot, each service's results are stored, and the
     * order moves to `formed` with its history row. A failure part-way stores none of the results. A repeat of
     * the Calculate that produced what the order holds (`isUnchangedCalculation`: a double click, a retry) answers
     * the same result and writes nothing: no version, history row or timestamp changes.
     */
    async calculate(
      scope: CompanyScope,
      sent: CalculateCalculationsInput,
    ): Promise<CalculationsSavedResponse> {
      const input = await withStoredDraft(scope, sent);
      // The draft's transaction. A repeat of the Calculate that stored what the order holds (only a `formed` order
      // can be one, so the others read nothing more) answers that result and writes nothing.
      const first = await runInTransaction(async (tx) => {
        const order = await ordersService.lockOwnOrder(scope.companyId, input.identifier, tx);
        if (
          order.status === STATUS_AFTER_CALCULATE &&
          isUnchangedCalculation(order, await repo.listOfOrder(order.id, tx), input)
        ) {
          return { repeated: order, saved: undefined, tariffsBefore: undefined };
        }
        const draft = await saveDraft(scope, input, tx);
        // The draft is kept even when the final check below refuses, so its changes are logged here.
        await recordActivity(tx, scope.companyId, {
          kind: 'order-saved',
          subject: input.identifier,
          orderName: draft.order.name,
          changes: draft.changes,
        });
        return { repeated: undefined, saved: draft.order, tariffsBefore: draft.tariffsBefore };
      });
      if (first.saved === undefined) {
        return {
          message: CALCULATION_MESSAGES.calculated,
          status: STATUS_AFTER_CALCULATE,
          version: first.repeated.version,
        };
      }
      const { saved, tariffsBefore } = first;
      const placeById = new Map(servicesOf(input.calculations).map((s) => [s.item.id, s.place]));
      // Every stored row is in this payload (the draft just saved removed the others, and nothing adds rows to a
      // placed order); the fallback only keeps the lookup total.
      const placeOf = (row: StoredCalculation, index: number): ServicePlace =>
        placeById.get(row.id) ?? { category: row.categoryName ?? '', index };
      return runInTransaction(async (tx) => {
        // Locked and checked again: the order may have changed between the two transactions.
        const order = await ordersService.lockOwnOrder(scope.companyId, input.identifier, tx);
        assertCurrentRevision(order, input);
        // The draft the first transaction wrote must still be the order's content (a versioned call only).
        assertCurrentVersion(order, input.version === undefined ? undefined : saved.version);
        assertEditable(order.status);
        const info = parseStoredCompanyInfo(order.companyInfo);
        const rows = await repo.listOfOrder(order.id, tx);
        throwIfAny(
          finalCalculationErrors(
            info,
            rows.map((row, index) => ({
              ...placeOf(row, index),
              name: row.name,
              content: row.content,
            })),
          ),
        );
        const costs = computeOrderCosts(
          info,
          rows.map((row) => row.content),
          order.priceRounding,
        );
        // A result the storage cannot hold is the input's fault (the schemas' caps multiply past it): 422 under
        // the service, not the database's out-of-range error.
        const tooLarge = rows.flatMap((row, index): FieldError[] => {
          const cost = costs[index];
          return cost && !(fitsStoredMoney(cost.summary) && fitsStoredMoney(cost.summaryWithProfit))
            ? [
                {
                  place: { kind: 'service', ...placeOf(row, index) },
                  message: CALCULATION_MESSAGES.tooLarge,
                  subject: { service: row.name },
                },
              ]
            : [];
        });
        throwIfAny(fieldErrorsRecord(tooLarge));
        // Issue 35: the founder's profitability cap; every service above it is named, under its field and in the
        // message, with the cap and its decision. The draft saved above is kept.
        const settings = await approvalSettings.getSettings(scope.companyId, tx);
        const aboveCap = rows.flatMap((row, index) =>
          exceedsProfitabilityCap(row.content.profit, settings.profitabilityCap)
            ? [{ row, place: placeOf(row, index) }]
            : [],
        );
        if (aboveCap.length > 0) {
          throw new AppError(
            'VALIDATION',
            capRefusalMessage(
              aboveCap.map(({ row }) => ({ name: row.name, profit: row.content.profit })),
              settings,
            ),
            {
              fieldErrors: fieldErrorsRecord(
                aboveCap.map(({ row, place }) => ({
                  place: { kind: 'service', ...place, key: 'profit' },
                  message: capExceededMessage(row.content.profit, settings),
                  subject: { service: row.name },
                })),
              ),
            },
          );
        }
        const results = rows.map((row, index) => {
          const cost = costs[index];
          if (!cost) throw new Error('computeOrderCosts answered fewer services than it was given');
          return {
            id: row.id,
            summary: cost.summary,
            summaryWithProfit: cost.summaryWithProfit,
            cost,
          };
        });
        if ((await repo.storeResults(order.id, results, now(), tx)) !== rows.length)
          throw new Error(`calculations of order ${order.id} vanished under its lock`);
        await ordersService.changeStatusInTransaction(
          order,
          STATUS_AFTER_CALCULATE,
          scope.userId,
          tx,
        );
        // Each service's price before (what the order held when the draft was saved) and after.
        await recordActivity(tx, scope.companyId, {
          kind: 'order-calculated',
          subject: order.identifier,
          orderName: order.name,
          changes: results.flatMap((result, index) => {
            const before = tariffsBefore.get(result.id);
            return changeOf(
              `Послуга «${rows[index]?.name ?? ''}» · ${TARIFF_FIELD}`,
              before === undefined ? null : formatMoney(before),
              formatMoney(result.summaryWithProfit),
            );
          }),
        });
        return {
          message: CALCULATION_MESSAGES.calculated,
          status: STATUS_AFTER_CALCULATE,
          version: saved.version,
        };
      });
    },

    /**
     * For the documents module: the calculations of an order the caller has already read through the orders
     * service (so it is the company's), in position order, with their stored results.
     */
    async listResultsOfOrder(orderId: number, tx?: Executor): Promise<StoredCalculationResult[]> {
      return repo.listOfOrder(orderId, tx);
    },

    /**
     * For the re-pricing (issue 18), in the caller's transaction with the order locked: each service's new content
     * (matched by id; names stay), its stored results cleared like a save clears them.
     */
    async replaceContentsInTransaction(
      orderId: number,
      rows: ReadonlyArray<{ id: number; name: string; content: StoredCalculation['content'] }>,
      tx: Executor,
    ): Promise<void> {
      if ((await repo.updateDrafts(orderId, rows, now(), tx)) !== rows.length)
        throw new Error(`calculations of order ${orderId} vanished under its lock`);
    },

    /**
     * `GET /api/company/{companyIdentifier}/calculated-services?page&perPage&search` (new call, the /calculations
     * page): the company's services from orders at `formed`, `sent` or `confirmed`, newest updated first,
     * filtered by the service name.
     */
    async pageCalculatedServices(
      companyId: number,
      query: PageQuery,
    ): Promise<Paged<CalculatedService>> {
      const { rows, total } = await repo.pageOfCompany({
        companyId,
        statuses: CALCULATED_STATUSES,
        search: query.search,
        ...pageWindow(query),
      });
      return toPaged(rows.map(toCalculatedService), total, query);
    },

    /**
     * `GET /api/company/{companyId}/calculations/calculations-list` (admin, spec §3 "Calculation (list/admin)"):
     * every calculation of the company, whatever its order's status, newest updated first. `companyCode` is the
     * service code step 5 and the documents print.
     */
    async listOfCompany(companyId: number): Promise<AdminCalculation[]> {
      const rows = await repo.listOfCompany(companyId);
      return rows.map((row) => ({
        id: row.id,
        identifier: row.identifier,
        companyCode: serviceCodeOf(row),
        name: row.name,
        orderName: row.orderName,
        orderStatus: row.orderStatus,
        categoryId: row.categoryId,
        categoryName: row.categoryName,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      }));
    },

    /** A calculation of any company by its public identifier (admin's add-to-template); undefined if none. */
    async findByIdentifier(
      identifier: string,
      tx?: Executor,
    ): Promise<IdentifiedCalculation | undefined> {
      return repo.findByIdentifier(identifier, tx);
    },
  };
}

export type CalculationsService = ReturnType<typeof createCalculationsService>;
