import {
  CALCULATED_STATUSES,
  ORDER_STATUS_LABELS,
  PAYMENT_PENDING_MESSAGE,
  SEND_FOR_APPROVAL_NOT_ALLOWED_MESSAGE,
  calculationContentSchema,
  canSendForApproval,
  formatStaffRateLabel,
  isOpenForWork,
  type AdminOrderListItem,
  type CalculationContent,
  type ChangeOrderStatusInput,
  type CompanyCalculationsEntry,
  type NewOrderCalculation,
  type NewOrderInput,
  type OrderCalculationItem,
  type OrderDetail,
  type OrderListItem,
  type OrderStatus,
  type StuffLine,
} from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { ownCompanyId, type SessionUser } from '../../lib/company-scope';
import { newIdentifier } from '../../lib/random';
import type { RunInTransaction } from '../../lib/transaction';
import { parseStoredCompanyInfo, type CompaniesService } from '../companies/companies.service';
import type { TemplatesService } from '../templates/templates.service';
import type {
  NewCalculationRow,
  OrderRecord,
  OrdersRepository,
  StaffRateRecord,
} from './orders.repository';

export const ORDER_MESSAGES = {
  created:
    'Замовлення оформлено. Представник компанії-виконавця зв’яжеться з вами та проведе первинну консультацію.',
  duplicated:
    'Створено нове замовлення на основі обраного. Роботу з ним можна розпочати після підтвердження оплати.',
  deleted: 'Замовлення видалено.',
  sentForApproval: 'Калькуляцію відправлено на погодження.',
  notFound: 'Замовлення не знайдено.',
  categoryNotFound: 'Обраної категорії не існує.',
  templateRequired: 'Оберіть шаблон.',
  templateNotFound: 'Шаблон не знайдено.',
  templateBroken: 'Шаблон містить некоректні дані. Зверніться до адміністратора.',
  calculationRequired: 'Оберіть калькуляцію.',
  calculationNotFound: 'Калькуляцію не знайдено серед розрахованих калькуляцій вашого закладу.',
  statusChanged: (status: OrderStatus) =>
    `Статус замовлення змінено: «${ORDER_STATUS_LABELS[status]}».`,
  statusUnchanged: (status: OrderStatus) =>
    `Замовлення вже має статус «${ORDER_STATUS_LABELS[status]}».`,
} as const;

/** Appended to the name of a duplicated order (spec §2 "Operations column": a new calculation based on this one). */
export const DUPLICATE_SUFFIX = ' (копія)';
/** Copy suffixes already at the end of a name: ` (копія)`, ` (копія N)`, also stacked by older copies. */
const COPY_SUFFIX_PATTERN = /(?: \(копія(?: \d+)?\))+$/u;
/** Longest order name the domain accepts (`nameFieldSchema`). */
const MAX_NAME_LENGTH = 255;
/** Group of an order's calculation whose category was deleted since (calculations.category_id set null). */
export const UNCATEGORISED_NAME = 'Без категорії';

/** A calculation added without a template (spec §2 "add calculation without template"). */
export const blankCalculation = (): CalculationContent => ({
  bonus: 0,
  profit: 0,
  stuff: [],
  pills: [],
});

/**
 * The name of a duplicate: «X (копія)», then «X (копія 2)», «X (копія 3)»… Copying a copy does not stack the
 * suffix («X (копія) (копія)»): the suffix is taken off first and the first name not among `takenNames` (the
 * company's order names) is used. The base is shortened so the result stays within 255 characters.
 */
export function duplicateName(name: string, takenNames: ReadonlySet<string>): string {
  const base = name.replace(COPY_SUFFIX_PATTERN, '');
  const withSuffix = (suffix: string) =>
    `${base.slice(0, MAX_NAME_LENGTH - suffix.length)}${suffix}`;
  let candidate = withSuffix(DUPLICATE_SUFFIX);
  // Bounded: n names can take at most n numbers, so this ends after takenNames.size + 2 tries at most.
  for (let number = 2; takenNames.has(candidate); number += 1) {
    candidate = withSuffix(` (копія ${number})`);
  }
  return candidate;
}

type ResolvedCopy = Pick<NewCalculationRow, 'source' | 'sourceId' | 'content'>;

/**
 * Maps a template's staff lines onto the company's own staffing table. Template lines name template-level rows
 * (`staff_rates.company_id` null); each company got its own copy of every template row at registration
 * (`staff_rates.template_id`), with the salary it has since edited. The order must use the company's row (its id,
 * label and salary), because the wizard's qualification dropdown and the cost maths read the company's table.
 */
export function mapStaffOntoCompany(
  content: CalculationContent,
  companyRowByTemplateId: ReadonlyMap<number, StaffRateRecord>,
): CalculationContent {
  const stuff = content.stuff.map((line): StuffLine => {
    const templateRowId = line.quality?.id ?? null;
    if (line.quality === null || templateRowId === null) {
      return { ...line, quality: line.quality ? { ...line.quality } : null };
    }
    const own = companyRowByTemplateId.get(templateRowId);
    if (!own) {
      // Note: the company has no copy of this template row (it deleted it, or the row was added to the
      // templates after the company registered). We keep the template's qualification name with no id and no
      // salary rather than guess a row or use the provider's salary: the wizard then shows the spec's red
      // warning (spec §2 step 2, §8) and asks the user to choose a position from their own staffing table.
      return { ...line, quality: { id: null, name: line.quality.name }, salary: null };
    }
    return {
      ...line,
      quality: { id: own.id, name: formatStaffRateLabel(own) },
      salary: Number(own.salary),
    };
  });
  return {
    bonus: content.bonus,
    profit: content.profit,
    stuff,
    pills: content.pills.map((line) => ({ ...line })),
  };
}

export function createOrdersService(deps: {
  ordersRepository: OrdersRepository;
  templatesService: Pick<TemplatesService, 'findTemplates' | 'existingCategoryIds'>;
  companiesService: Pick<CompaniesService, 'getCompanyInfo'>;
  runInTransaction: RunInTransaction;
  now?: () => Date;
}) {
  const { ordersRepository: repo, templatesService, companiesService, runInTransaction } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The user's order, or 404: an order of another company is answered exactly like a missing one, so its
   * identifier reveals nothing (house rule: another company's row → 404 and nothing changes).
   */
  async function findOwnOrder(
    user: SessionUser,
    identifier: string,
    tx?: Executor,
    options: { forUpdate?: boolean } = {},
  ): Promise<OrderRecord> {
    const order = await repo.findByIdentifier(identifier, tx, options);
    if (!order || order.companyId !== user.companyId)
      throw new AppError('NOT_FOUND', ORDER_MESSAGES.notFound);
    return order;
  }

  /** Every status change: the order's status and `updated_at`, and a history row, in the caller's transaction. */
  async function changeStatusOf(order: OrderRecord, to: OrderStatus, userId: number, tx: Executor) {
    const at = now();
    await repo.updateStatus(order.id, { status: to, updatedAt: at }, tx);
    await repo.insertStatusHistory(
      { orderId: order.id, userId, fromStatus: order.status, toStatus: to, at },
      tx,
    );
  }

  /** Creates an order in `created` with its first history row (from nothing to created) and its calculations. */
  async function insertNewOrder(
    values: {
      companyId: number;
      userId: number;
      name: string;
      companyInfo: OrderRecord['companyInfo'];
    },
    copies: ReadonlyArray<ResolvedCopy & { categoryId: number | null; name: string }>,
    tx: Executor,
  ): Promise<OrderRecord> {
    const at = now();
    const order = await repo.insertOrder(
      { identifier: newIdentifier(), ...values, status: 'created', createdAt: at, updatedAt: at },
      tx,
    );
    await repo.insertStatusHistory(
      { orderId: order.id, userId: values.userId, fromStatus: null, toStatus: 'created', at },
      tx,
    );
    await repo.insertCalculations(
      copies.map((copy, position) => ({
        identifier: newIdentifier(),
        orderId: order.id,
        companyId: values.companyId,
        categoryId: copy.categoryId,
        name: copy.name,
        source: copy.source,
        sourceId: copy.sourceId,
        position,
        content: copy.content,
        createdAt: at,
        updatedAt: at,
      })),
      tx,
    );
    return order;
  }

  /**
   * Resolves every chosen entry of a new order to the content it starts with (spec §3 "New order draft"):
   * a copy of a template (staff mapped onto the company's table), a copy of one of the company's calculated
   * calculations, or a blank calculation. All problems are reported at once under each entry's field path.
   */
  async function resolveCopies(
    companyId: number,
    entries: readonly NewOrderCalculation[],
    tx: Executor,
  ): Promise<ResolvedCopy[]> {
    const errors: Record<string, string[]> = {};
    /** Records a field error; returns `undefined` so a failed entry yields no copy. */
    const fail = (index: number, field: string, message: string): undefined => {
      errors[`calculations.${index}.${field}`] = [message];
      return undefined;
    };
    const templateRef = (entry: NewOrderCalculation) =>
      entry.sourceId !== null
        ? { id: entry.sourceId, field: 'sourceId' }
        : { id: entry.templateId ?? null, field: 'templateId' };

    const categoryIds = await templatesService.existingCategoryIds(
      entries.map((entry) => entry.categoryId),
      tx,
    );
    const templateIds = entries.flatMap((entry) => {
      const id = entry.source === 'template' ? templateRef(entry).id : null;
      return id === null ? [] : [id];
    });
    const calculationIds = entries.flatMap((entry) =>
      entry.source === 'calculation' && entry.sourceId !== null ? [entry.sourceId] : [],
    );
    const templatesById = await templatesService.findTemplates(templateIds, tx);
    const ownCalculations = await repo.listCompanyCalculations(
      { companyId, statuses: CALCULATED_STATUSES, ids: [...new Set(calculationIds)] },
      tx,
    );
    const ownById = new Map(ownCalculations.map((row) => [row.id, row]));

    const templateContents = new Map<number, CalculationContent>();
    for (const [id, template] of templatesById) {
      const parsed = calculationContentSchema.safeParse(template.content);
      if (parsed.success) templateContents.set(id, parsed.data);
    }
    const staffRowIds = [...templateContents.values()].flatMap((content) =>
      content.stuff.flatMap((line) => (line.quality?.id == null ? [] : [line.quality.id])),
    );
    const companyStaff = await repo.findCompanyStaffByTemplateIds(
      companyId,
      [...new Set(staffRowIds)],
      tx,
    );
    const companyRowByTemplateId = new Map<number, StaffRateRecord>();
    for (const row of companyStaff) {
      // Rows come lowest id first; the first copy of a template row wins.
      if (row.templateId !== null && !companyRowByTemplateId.has(row.templateId)) {
        companyRowByTemplateId.set(row.templateId, row);
      }
    }

    const copies = entries.map((entry, index): ResolvedCopy | undefined => {
      if (!categoryIds.has(entry.categoryId))
        fail(index, 'categoryId', ORDER_MESSAGES.categoryNotFound);
      if (entry.source === 'template') {
        const ref = templateRef(entry);
        if (ref.id === null) return fail(index, 'sourceId', ORDER_MESSAGES.templateRequired);
        if (!templatesById.has(ref.id))
          return fail(index, ref.field, ORDER_MESSAGES.templateNotFound);
        const content = templateContents.get(ref.id);
        if (!content) return fail(index, ref.field, ORDER_MESSAGES.templateBroken);
        return {
          source: 'template',
          sourceId: ref.id,
          content: mapStaffOntoCompany(content, companyRowByTemplateId),
        };
      }
      if (entry.source === 'calculation') {
        if (entry.sourceId === null)
          return fail(index, 'sourceId', ORDER_MESSAGES.calculationRequired);
        const own = ownById.get(entry.sourceId);
        if (!own) return fail(index, 'sourceId', ORDER_MESSAGES.calculationNotFound);
        // The company's own calculation already names its own staffing rows; a deep copy keeps it independent.
        return { source: 'calculation', sourceId: own.id, content: structuredClone(own.content) };
      }
      return { source: null, sourceId: null, content: blankCalculation() };
    });

    const [firstMessage] = Object.values(errors)[0] ?? [];
    if (firstMessage !== undefined)
      throw new AppError('VALIDATION', firstMessage, { fieldErrors: errors });
    return copies.filter((copy): copy is ResolvedCopy => copy !== undefined);
  }

  return {
    /**
     * `POST /api/company/{companyIdentifier}/orders/add` (spec §2 "Create order", §7): in one transaction, the
     * order in `created` (payment is confirmed later by the provider, spec §1), its first history row, a snapshot
     * of the company's stored institution data, and a copy of every chosen calculation. The copies never follow
     * later edits of their templates or source calculations. The client's `companyInfo` is ignored: it is only
     * what the client read from the same stored data, and the server's copy cannot be tampered with.
     */
    async createOrder(user: SessionUser, companyIdentifier: string, input: NewOrderInput) {
      const companyId = ownCompanyId(user, companyIdentifier);
      return runInTransaction(async (tx) => {
        const companyInfo = await companiesService.getCompanyInfo(companyId, tx);
        const copies = await resolveCopies(companyId, input.calculations, tx);
        const order = await insertNewOrder(
          { companyId, userId: user.id, name: input.name, companyInfo },
          copies.map((copy, index) => {
            const entry = input.calculations[index];
            return {
              ...copy,
              categoryId: entry?.categoryId ?? null,
              name: entry?.templateName ?? '',
            };
          }),
          tx,
        );
        return { message: ORDER_MESSAGES.created, identifier: order.identifier };
      });
    },

    /** `GET /api/orders`: the user's company's orders, newest first (spec §2 "Orders list"). */
    async listOrders(user: SessionUser): Promise<OrderListItem[]> {
      const rows = await repo.listByCompany(user.companyId);
      return rows.map((row) => ({
        identifier: row.identifier,
        name: row.name,
        status: row.status,
      }));
    },

    /**
     * `GET /api/orders/{identifier}` (spec §3 "Order" detail): the wizard's data, calculations grouped by
     * category name in position order. The payment gate (spec §1): a `created` order answers 403.
     */
    async getOrder(user: SessionUser, identifier: string): Promise<OrderDetail> {
      const order = await findOwnOrder(user, identifier);
      if (!isOpenForWork(order.status)) throw new AppError('FORBIDDEN', PAYMENT_PENDING_MESSAGE);
      const rows = await repo.listCalculationsOfOrder(order.id);
      // A Map keeps first-appearance (position) order and treats any category name, even '__proto__', as data.
      const groups = new Map<string, OrderCalculationItem[]>();
      for (const row of rows) {
        const key = row.categoryName ?? UNCATEGORISED_NAME;
        const group = groups.get(key) ?? [];
        group.push({
          id: row.id,
          identifier: row.identifier,
          categoryId: row.categoryId,
          name: row.name,
          calculation: row.content,
        });
        groups.set(key, group);
      }
      return {
        identifier: order.identifier,
        name: order.name,
        status: order.status,
        companyInfo: parseStoredCompanyInfo(order.companyInfo),
        calculations: Object.fromEntries(groups),
      };
    },

    /** `DELETE /api/orders/{identifier}`: the order with its calculations and history (spec §2 delete modal). */
    async deleteOrder(user: SessionUser, identifier: string) {
      const order = await findOwnOrder(user, identifier);
      await repo.deleteById(order.id);
      return { message: ORDER_MESSAGES.deleted };
    },

    /**
     * `POST /api/orders/duplicate` (spec §2 "create a new calculation based on this one"): a new order in
     * `created`, because a new order is a new payment (spec §9: 240 UAH per calculation), with copies of all
     * calculations and of the order's institution-data snapshot.
     */
    async duplicateOrder(user: SessionUser, identifier: string) {
      return runInTransaction(async (tx) => {
        const source = await findOwnOrder(user, identifier, tx);
        const rows = await repo.listCalculationsOfOrder(source.id, tx);
        const companyOrders = await repo.listByCompany(source.companyId, tx);
        const order = await insertNewOrder(
          {
            companyId: source.companyId,
            userId: user.id,
            name: duplicateName(source.name, new Set(companyOrders.map((o) => o.name))),
            companyInfo: structuredClone(source.companyInfo),
          },
          rows.map((row) => ({
            categoryId: row.categoryId,
            name: row.name,
            source: 'calculation' as const,
            sourceId: row.id,
            content: structuredClone(row.content),
          })),
          tx,
        );
        return { message: ORDER_MESSAGES.duplicated, identifier: order.identifier };
      });
    },

    /** `POST /api/calculations/approve-from-user`: 'send for approval', only from `formed` to `sent` (spec §4). */
    async sendForApproval(user: SessionUser, identifier: string) {
      return runInTransaction(async (tx) => {
        const order = await findOwnOrder(user, identifier, tx, { forUpdate: true });
        if (!canSendForApproval(order.status)) {
          throw new AppError('INVALID_STATE', SEND_FOR_APPROVAL_NOT_ALLOWED_MESSAGE);
        }
        await changeStatusOf(order, 'sent', user.id, tx);
        return { message: ORDER_MESSAGES.sentForApproval };
      });
    },

    /**
     * `GET /api/company/{companyIdentifier}/calculations` (spec §3 "Company calculations entry"): the company's
     * own calculations from orders that reached `formed` or later, by category (id order), names sorted.
     */
    async listCompanyCalculations(
      user: SessionUser,
      companyIdentifier: string,
    ): Promise<CompanyCalculationsEntry[]> {
      const companyId = ownCompanyId(user, companyIdentifier);
      const rows = await repo.listCompanyCalculations({ companyId, statuses: CALCULATED_STATUSES });
      const entries = new Map<number, CompanyCalculationsEntry>();
      for (const row of rows) {
        const entry = entries.get(row.categoryId) ?? {
          categoryId: row.categoryId,
          categoryName: row.categoryName,
          calculations: [],
        };
        entry.calculations.push({
          calculationId: row.id,
          name: row.name,
          orderName: row.orderName,
        });
        entries.set(row.categoryId, entry);
      }
      const byName = new Intl.Collator('uk', { sensitivity: 'base', numeric: true }).compare;
      return [...entries.values()]
        .sort((a, b) => a.categoryId - b.categoryId)
        .map((entry) => ({
          ...entry,
          calculations: entry.calculations.sort(
            (a, b) => byName(a.name, b.name) || a.calculationId - b.calculationId,
          ),
        }));
    },

    /** `GET /api/administrator/orders`: every company's orders, newest first (spec §2 "Admin panel → Orders"). */
    async listAllOrders(): Promise<AdminOrderListItem[]> {
      const rows = await repo.listAll();
      return rows.map((row) => ({
        identifier: row.identifier,
        name: row.name,
        status: row.status,
        company: row.companyName,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      }));
    },

    /**
     * `PATCH /api/administrator/orders/change-status`: the administrator sets any of the six statuses (spec §4:
     * no ordering is enforced); this is how the provider confirms payment (`payed`). Setting the status an order
     * already has changes nothing and writes no history row.
     */
    async changeStatus(admin: SessionUser, input: ChangeOrderStatusInput) {
      return runInTransaction(async (tx) => {
        const order = await repo.findByIdentifier(input.identifier, tx, { forUpdate: true });
        if (!order) throw new AppError('NOT_FOUND', ORDER_MESSAGES.notFound);
        if (order.status === input.status)
          return { message: ORDER_MESSAGES.statusUnchanged(order.status) };
        await changeStatusOf(order, input.status, admin.id, tx);
        return { message: ORDER_MESSAGES.statusChanged(input.status) };
      });
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
