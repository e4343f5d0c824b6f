import {
  documentRefusal,
  REPRICED_MESSAGE,
  REPRICE_NOT_ALLOWED_MESSAGE,
  REVISION_CHANGED_MESSAGE,
  compareRevisions,
  computeOrderCosts,
  equipmentLinesOf,
  formatStaffRateLabel,
  repriceCompanyInfo,
  repriceContents,
  type CalculationContent,
  type CompanyInfo,
  type CurrentEquipment,
  type CurrentReferences,
  type InputChange,
  type RepriceInput,
  type RepricePreview,
  type RepriceResponse,
  type RevisionSide,
  type ServiceCost,
  type TariffComparison,
} from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { changeOf, type ActivityLog } from '../activity/activity-log';
import { AppError } from '../../lib/app-error';
import { assertNotRefused } from '../../lib/order-refusal';
import type { CompanyScope } from '../../lib/company-scope';
import { parseStoredCompanyInfo } from '../../lib/stored-company-info';
import type { RunInTransaction } from '../../lib/transaction';
import type {
  CalculationsService,
  StoredCalculationResult,
} from '../calculations/calculations.service';
import type { CompaniesService } from '../companies/companies.service';
import type { OrderRecord, OrdersService } from '../orders/orders.service';
import type { PillsService } from '../pills/pills.service';
import type { StaffService } from '../staff/staff.service';

/**
 * A row of the company's equipment register as re-pricing reads it (issue 38): its name and V, S, N, T, the money
 * and hours as the database's numeric text or as numbers.
 */
export interface EquipmentRegisterRow {
  id: number;
  name: string;
  firstCost: string | number;
  residualValue: string | number;
  usefulLifeYears: number;
  hoursPerYear: string | number;
}

/**
 * The port re-pricing reads the equipment register through (issue 38): the rows among `ids` the company's lines may
 * name (template rows and its own), another company's never. The equipment module's service answers it.
 */
export interface EquipmentRows {
  visibleRowsByIds(
    companyId: number,
    ids: readonly number[],
    tx?: Executor,
  ): Promise<readonly EquipmentRegisterRow[]>;
}

/** A register row as the domain's re-pricing takes it. */
const currentEquipment = (row: EquipmentRegisterRow): CurrentEquipment => ({
  name: row.name,
  firstCost: Number(row.firstCost),
  residualValue: Number(row.residualValue),
  usefulLifeYears: row.usefulLifeYears,
  hoursPerYear: Number(row.hoursPerYear),
});

/** What a re-pricing would do to an order: its new inputs, and the comparison of before and after. */
interface RepricePlan {
  rows: StoredCalculationResult[];
  contents: CalculationContent[];
  companyInfo: CompanyInfo;
  notes: InputChange[];
  comparison: TariffComparison;
}

/** Re-pricing is for a calculated order: `created` waits for payment (403), `payed`/`saved` are drafts (409). */
function assertRepriceable(order: OrderRecord): void {
  // The documents' rule: paid first, then calculated (domain `canReprice`).
  assertNotRefused(documentRefusal(order.status), {
    'not-calculated': REPRICE_NOT_ALLOWED_MESSAGE,
  });
}

/** A service of the order as a side of the comparison. */
const sideService = (
  row: StoredCalculationResult,
  content: CalculationContent,
  cost: ServiceCost | null,
) => ({
  id: row.id,
  identifier: row.identifier,
  serviceNumber: row.serviceNumber,
  categoryName: row.categoryName,
  name: row.name,
  content,
  cost,
});

/**
 * «Оновити дані в калькуляції» (issue 18; spec §2 Orders list → Operations; docs/methodology.md "Re-pricing an
 * order"): the preview of an order recomputed with the company's current staffing salaries, material prices and
 * units, equipment register (issue 38) and institution data, and the re-pricing itself, which keeps the current revision and starts the next
 * one in `saved` for the economist to check and calculate. The maths is the domain's (`repriceContents`,
 * `computeOrderCosts`, `compareRevisions`), so the preview equals what Calculate then stores when nothing else
 * changes. The order, its revisions and status go through the orders service; the services' contents through the
 * calculations service; the current rows through the staff, pills and companies services and the equipment
 * register's port ({@link EquipmentRows}).
 */
export function createRepriceService(deps: {
  ordersService: Pick<OrdersService, 'readOwnOrder' | 'lockOwnOrder' | 'startNextRevision'>;
  calculationsService: Pick<
    CalculationsService,
    'listResultsOfOrder' | 'replaceContentsInTransaction'
  >;
  staffService: Pick<StaffService, 'companyRowsByIds'>;
  pillsService: Pick<PillsService, 'visibleByIds'>;
  /** The equipment register's current rows (issue 38). */
  equipmentRows: EquipmentRows;
  companiesService: Pick<CompaniesService, 'getCompanyInfo'>;
  runInTransaction: RunInTransaction;
  activityLog: ActivityLog;
}) {
  const { ordersService, calculationsService, staffService, pillsService, companiesService } = deps;
  const { activityLog } = deps;

  /** The company's current rows the order's lines point to. */
  async function currentReferences(
    companyId: number,
    contents: readonly CalculationContent[],
    tx?: Executor,
  ): Promise<CurrentReferences> {
    const staffIds = contents.flatMap((content) =>
      content.stuff.flatMap((line) => (line.quality?.id == null ? [] : [line.quality.id])),
    );
    const pillIds = contents.flatMap((content) =>
      content.pills.flatMap((line) => (line.id === null ? [] : [line.id])),
    );
    const equipmentIds = contents.flatMap((content) =>
      equipmentLinesOf(content).flatMap((line) => (line.id === null ? [] : [line.id])),
    );
    const staffRows = await staffService.companyRowsByIds(companyId, staffIds, tx);
    const materials = await pillsService.visibleByIds(companyId, pillIds, tx);
    const equipment =
      equipmentIds.length === 0
        ? []
        : await deps.equipmentRows.visibleRowsByIds(companyId, [...new Set(equipmentIds)], tx);
    return {
      staff: new Map(
        staffRows.map((row) => [
          row.id,
          { label: formatStaffRateLabel(row), salary: Number(row.salary) },
        ]),
      ),
      materials: new Map(
        [...materials].map(([id, pill]) => [
          id,
          { name: pill.name, price: pill.price, measurementType: pill.measurementType },
        ]),
      ),
      equipment: new Map(equipment.map((row) => [row.id, currentEquipment(row)])),
    };
  }

  /** The re-pricing of `order` with the company's current data, computed and compared; nothing is written. */
  async function plan(companyId: number, order: OrderRecord, tx?: Executor): Promise<RepricePlan> {
    const rows = await calculationsService.listResultsOfOrder(order.id, tx);
    const references = await currentReferences(
      companyId,
      rows.map((row) => row.content),
      tx,
    );
    const currentInfo = await companiesService.getCompanyInfo(companyId, tx);
    const { contents, notes } = repriceContents(rows, references);
    const orderInfo = parseStoredCompanyInfo(order.companyInfo);
    const companyInfo = repriceCompanyInfo(orderInfo, currentInfo);
    const costs = computeOrderCosts(companyInfo, contents, order.priceRounding);
    const before: RevisionSide = {
      companyInfo: orderInfo,
      priceRounding: order.priceRounding,
      services: rows.map((row) => sideService(row, row.content, row.cost)),
    };
    const after: RevisionSide = {
      companyInfo,
      priceRounding: order.priceRounding,
      services: rows.map((row, index) =>
        sideService(row, contents[index] ?? row.content, costs[index] ?? null),
      ),
    };
    return {
      rows,
      contents,
      companyInfo,
      notes,
      comparison: compareRevisions(before, after, notes),
    };
  }

  return {
    /**
     * `GET /api/orders/{identifier}/reprice-preview`: what re-pricing the company's order would change, per
     * service and in total, with the input changes in words. Stores nothing.
     */
    async preview(companyId: number, identifier: string): Promise<RepricePreview> {
      const order = await ordersService.readOwnOrder(companyId, identifier);
      assertRepriceable(order);
      const { comparison } = await plan(companyId, order);
      return {
        identifier: order.identifier,
        name: order.name,
        status: order.status,
        revision: order.revision,
        priceRounding: order.priceRounding,
        ...comparison,
      };
    },

    /**
     * `POST /api/orders/{identifier}/reprice`: in one transaction with the order locked, keeps the current
     * revision (inputs, results, status) and starts the next one with the re-priced inputs, in `saved`. The client
     * sends the revision its preview showed: when the order has moved on since (a second click, another tab) the
     * answer is 409 and nothing is written, so two clicks make one revision. No new fee: the services are the same.
     */
    async reprice(
      scope: CompanyScope,
      identifier: string,
      input: RepriceInput,
    ): Promise<RepriceResponse> {
      return deps.runInTransaction(async (tx) => {
        const order = await ordersService.lockOwnOrder(scope.companyId, identifier, tx);
        if (order.revision !== input.revision)
          throw new AppError('CONFLICT', REVISION_CHANGED_MESSAGE);
        assertRepriceable(order);
        const { rows, contents, companyInfo, notes } = await plan(scope.companyId, order, tx);
        const next = await ordersService.startNextRevision(
          order,
          {
            companyInfo,
            notes,
            services: rows.map((row) => ({
              id: row.id,
              identifier: row.identifier,
              serviceNumber: row.serviceNumber,
              categoryId: row.categoryId,
              categoryName: row.categoryName,
              name: row.name,
              position: row.position,
              content: row.content,
              summary: row.summary,
              summaryWithProfit: row.summaryWithProfit,
              cost: row.cost,
            })),
          },
          scope,
          tx,
        );
        await calculationsService.replaceContentsInTransaction(
          order.id,
          rows.map((row, index) => ({
            id: row.id,
            name: row.name,
            content: contents[index] ?? row.content,
          })),
          tx,
        );
        await activityLog.record(tx, scope, {
          kind: 'order-repriced',
          subject: order.identifier,
          orderName: order.name,
          changes: changeOf('Ревізія', String(order.revision), String(next.revision)),
        });
        return { message: REPRICED_MESSAGE, status: next.status, revision: next.revision };
      });
    },
  };
}

export type RepriceService = ReturnType<typeof createRepriceService>;
