import {
  APPROVED_ORDER_DELETE_MESSAGE,
  memberCan,
  type MemberRole,
  CALCULATED_STATUSES,
  ORDER_STATUS_LABELS,
  PAYMENT_PENDING_MESSAGE,
  SEND_FOR_APPROVAL_NOT_ALLOWED_MESSAGE,
  canSendForApproval,
  isApproved,
  isMailedStatus,
  isOpenForWork,
  orderDeletion,
  type AdminOrderDetail,
  type AdminOrdersQuery,
  type AdminOrderRow,
  type ChangeOrderStatusInput,
  type CompanyCalculationsEntry,
  type CompanyInfo,
  type NewOrderInput,
  type OrderDetail,
  type InputChange,
  type OrderListItem,
  type OrderRevision,
  type OrderRevisions,
  type MailedStatus,
  type OrderStatus,
  type PriceRounding,
} from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { changeOf, recordActivity } from '../activity/record-activity';
import { AppError } from '../../lib/app-error';
import type { CompanyScope } from '../../lib/company-scope';
import { kyivParts } from '../../lib/kyiv-time';
import type { Mailer } from '../../lib/mailer';
import { newIdentifier } from '../../lib/random';
import type { RunInTransaction } from '../../lib/transaction';
import type { CompaniesService } from '../companies/companies.service';
import type { StaffService } from '../staff/staff.service';
import type { TemplatesService } from '../templates/templates.service';
import type { OrderCalculationsStore } from './order-calculations-store';
import { COPY_MESSAGES, resolveCopies, type ResolvedCopy } from './order-copies';
import { duplicateName } from './order-naming';
import {
  toAdminOrderDetail,
  toAdminOrderRow,
  toCompanyCalculationsEntries,
  toOrderDetail,
  toOrderListItem,
  toOrderRevisions,
  toOrderServices,
} from './order-views';
import type {
  OrderRecord,
  OrdersRepository,
  PaperRecord,
  RevisionRecord,
  RevisionServiceRecord,
  StatusHistoryRecord,
} from './orders.repository';
import { buildOrderStatusMail, orderStatusMailLink } from './status-mail';

export type { OrderRecord, PaperRecord, RevisionRecord, RevisionServiceRecord };

export const ORDER_MESSAGES = {
  created:
    'Замовлення оформлено. Представник компанії-виконавця зв’яжеться з вами та проведе первинну консультацію.',
  duplicated:
    'Створено нове замовлення на основі обраного. Роботу з ним можна розпочати після підтвердження оплати.',
  deleted: 'Замовлення видалено.',
  sentForApproval: 'Калькуляцію відправлено на погодження.',
  notFound: 'Замовлення не знайдено.',
  deletedByCompany: 'Компанія видалила це замовлення; його статус більше не змінюється.',
  ...COPY_MESSAGES,
  statusChanged: (status: OrderStatus) =>
    `Статус замовлення змінено: «${ORDER_STATUS_LABELS[status]}».`,
  statusUnchanged: (status: OrderStatus) =>
    `Замовлення вже має статус «${ORDER_STATUS_LABELS[status]}».`,
} as const;

/**
 * Orders (spec §2 "Orders list", "Create order", §4 statuses): placing, reading, duplicating and deleting a
 * company's orders, their status changes with the status history, and the administrator's list and status call.
 * Company scoping: every method takes the session user's company id (`CompanyScope`), never an identifier from
 * the URL (the `requireOwnCompany` guard has compared that already); another company's order is 404. Copies of
 * templates and calculations are resolved in `order-copies.ts`, duplicate names in `order-naming.ts`, the wire
 * shapes in `order-views.ts`.
 */
export function createOrdersService(deps: {
  ordersRepository: OrdersRepository;
  /** The `calculations` table's owner (the calculations repository), through the orders module's port. */
  calculationsStore: OrderCalculationsStore;
  templatesService: Pick<TemplatesService, 'findTemplates' | 'existingCategoryIds'>;
  companiesService: Pick<CompaniesService, 'getCompanyInfo'>;
  staffService: Pick<StaffService, 'companyRowsByTemplateIds'>;
  runInTransaction: RunInTransaction;
  now?: () => Date;
  /**
   * The status e-mails (issue 11): the mailer of the password resets, the public address the links start with,
   * and where a failed send is reported (it never undoes the status change). Without it no mail is sent.
   */
  statusMail?: {
    mailer: Mailer;
    appUrl: string;
    onError: (error: unknown, details: { identifier: string; to: string }) => void;
  };
  /**
   * Issue 34: the provider issues an order's invoice (its number, documents/invoice-numbers.ts) at the latest when
   * the administrator confirms the payment, in that change's transaction. Without it no number is given here.
   */
  invoices?: { issue(orderId: number, tx: Executor): Promise<unknown> };
}) {
  const {
    ordersRepository: repo,
    calculationsStore,
    companiesService,
    runInTransaction,
    statusMail,
  } = deps;
  const copySources = {
    templatesService: deps.templatesService,
    staffService: deps.staffService,
    calculationsStore,
  };
  const now = deps.now ?? (() => new Date());

  /**
   * The company's order, or 404: an order of another company is answered exactly like a missing one, so its
   * identifier reveals nothing (house rule: another company's row → 404 and nothing changes). A paid order the
   * company deleted (soft delete, issue 13) is 404 too, for every company call. `forUpdate` locks the row until
   * the transaction ends, so two status changes cannot both start from the same status.
   */
  async function findOwnOrder(
    companyId: number,
    identifier: string,
    tx?: Executor,
    options: { forUpdate?: boolean } = {},
  ): Promise<OrderRecord> {
    const order = await repo.findByIdentifier(identifier, tx, options);
    if (!order || order.companyId !== companyId || order.deletedAt !== null)
      throw new AppError('NOT_FOUND', ORDER_MESSAGES.notFound);
    return order;
  }

  /**
   * Every status change: the order's status and `updated_at`, and a history row (who, from, to, when), in the
   * caller's transaction with the order row locked.
   */
  async function changeStatusOf(
    order: OrderRecord,
    to: OrderStatus,
    userId: number,
    tx: Executor,
    at = now(),
  ): Promise<OrderRecord> {
    await repo.updateOrder(order.id, { status: to, updatedAt: at }, tx);
    if (isApproved(to)) await keepPaperOf(order, tx, at);
    await recordActivity(tx, order.companyId, {
      kind: 'order-status',
      subject: order.identifier,
      orderName: order.name,
      changes: changeOf('Статус', ORDER_STATUS_LABELS[order.status], ORDER_STATUS_LABELS[to]),
    });
    await repo.insertStatusHistory(
      {
        orderId: order.id,
        userId,
        fromStatus: order.status,
        toStatus: to,
        revision: order.revision,
        at,
      },
      tx,
    );
    return { ...order, status: to, updatedAt: at };
  }

  /** The latest change of revision `number` to `formed` (who calculated it, and when), or undefined. */
  const calculationIn = (history: readonly StatusHistoryRecord[], number: number) =>
    history.findLast((change) => change.revision === number && change.toStatus === 'formed');

  /**
   * Freezes the paper of the order's current revision (issue 33): what its documents print, from its stored
   * services and snapshot, in the caller's transaction. A paper already made from this content version stays as
   * it was first printed. Nothing is frozen while a service has no stored results (its documents are refused).
   */
  async function keepPaperOf(
    order: OrderRecord,
    tx: Executor,
    at = now(),
  ): Promise<PaperRecord | undefined> {
    const kept = await repo.findPaper(order.id, order.revision, tx);
    if (kept && kept.version === order.version) return kept;
    const services = await calculationsStore.listOfOrder(order.id, tx);
    if (services.some((service) => service.cost === null)) return undefined;
    const calculated = calculationIn(await repo.listStatusHistory(order.id, tx), order.revision);
    return repo.keepPaper(
      {
        orderId: order.id,
        revision: order.revision,
        version: order.version,
        orderName: order.name,
        companyName: await repo.companyNameOf(order.companyId, tx),
        companyInfo: order.companyInfo,
        priceRounding: order.priceRounding,
        services,
        signatures: {
          economist: calculated?.userName?.trim() || null,
          calculatedAt: calculated?.createdAt.toISOString() ?? null,
        },
        at,
      },
      tx,
    );
  }

  /** The order's revisions with their histories (issue 18). */
  async function revisionsOf(order: OrderRecord): Promise<OrderRevision[]> {
    const [heads, history] = await Promise.all([
      repo.listRevisionHeads(order.id),
      repo.listStatusHistory(order.id),
    ]);
    return toOrderRevisions(order, heads, history);
  }

  /** Creates an order in `created` with its first history row (from nothing to created) and its calculations. */
  async function insertNewOrder(
    values: {
      companyId: number;
      userId: number;
      name: string;
      companyInfo: OrderRecord['companyInfo'];
      /** A duplicate keeps its source's rounding of the final prices (issue 18); a new order has none. */
      priceRounding?: PriceRounding;
    },
    copies: ReadonlyArray<ResolvedCopy & { categoryId: number | null; name: string }>,
    tx: Executor,
  ): Promise<OrderRecord> {
    const at = now();
    const order = await repo.insertOrder(
      {
        identifier: newIdentifier(),
        ...values,
        status: 'created',
        numberYear: Number(kyivParts(at).year),
        createdAt: at,
        updatedAt: at,
      },
      tx,
    );
    await repo.insertStatusHistory(
      {
        orderId: order.id,
        userId: values.userId,
        fromStatus: null,
        toStatus: 'created',
        revision: order.revision,
        at,
      },
      tx,
    );
    await calculationsStore.insertMany(
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
   * Tells the company's users that the administrator set their order to `payed` or `confirmed`. Runs after the
   * status change has committed; each failed letter is reported and skipped, never thrown.
   */
  async function mailStatusChange(order: OrderRecord, status: MailedStatus): Promise<void> {
    if (!statusMail) return;
    let contacts: Awaited<ReturnType<OrdersRepository['listCompanyContacts']>> = [];
    try {
      contacts = await repo.listCompanyContacts(order.companyId);
    } catch (error) {
      statusMail.onError(error, { identifier: order.identifier, to: '' });
      return;
    }
    const link = orderStatusMailLink(statusMail.appUrl, status, order.identifier);
    for (const contact of contacts) {
      try {
        await statusMail.mailer.send({
          to: contact.email,
          ...buildOrderStatusMail({ name: contact.name, orderName: order.name, status, link }),
        });
      } catch (error) {
        statusMail.onError(error, { identifier: order.identifier, to: contact.email });
      }
    }
  }

  return {
    /**
     * `POST /api/company/{companyIdentifier}/orders/add` (spec §2 "Create order", §7): in one transaction, the
     * order in `created` (payment is confirmed later by the provider, spec §1), its first history row, a snapshot
     * of the company's stored institution data, and a copy of every chosen calculation. The copies never follow
     * later edits of their templates or source calculations. The client's `companyInfo` is ignored: it is only
     * what the client read from the same stored data, and the server's copy cannot be tampered with.
     */
    async createOrder(scope: CompanyScope, input: NewOrderInput) {
      const { companyId, userId } = scope;
      return runInTransaction(async (tx) => {
        const companyInfo = await companiesService.getCompanyInfo(companyId, tx);
        const copies = await resolveCopies(copySources, companyId, input.calculations, tx);
        const order = await insertNewOrder(
          { companyId, userId, name: input.name, companyInfo },
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
        await recordActivity(tx, companyId, {
          kind: 'order-created',
          subject: order.identifier,
          orderName: input.name,
          changes: changeOf('Назва', null, input.name),
        });
        return { message: ORDER_MESSAGES.created, identifier: order.identifier };
      });
    },

    /** `GET /api/orders`: the company's orders, newest first (spec §2 "Orders list"). */
    async listOrders(companyId: number): Promise<OrderListItem[]> {
      return (await repo.listByCompany(companyId)).map(toOrderListItem);
    },

    /**
     * `GET /api/orders/{identifier}` (spec §3 "Order" detail): the wizard's data, calculations grouped by
     * category name in position order. The payment gate (spec §1): a `created` order answers 403.
     */
    async getOrder(companyId: number, identifier: string): Promise<OrderDetail> {
      const order = await findOwnOrder(companyId, identifier);
      if (!isOpenForWork(order.status)) throw new AppError('FORBIDDEN', PAYMENT_PENDING_MESSAGE);
      return toOrderDetail(order, await calculationsStore.listOfOrder(order.id));
    },

    /**
     * `GET /api/orders/{identifier}/services` (issue 13): the order's services, read-only, at any status (an unpaid
     * `created` order included: only editing waits for payment).
     */
    async getOrderServices(companyId: number, identifier: string) {
      const order = await findOwnOrder(companyId, identifier);
      return toOrderServices(order, await calculationsStore.listOfOrder(order.id));
    },

    /**
     * `DELETE /api/orders/{identifier}` (spec §2 delete modal). An unpaid (`created`) order goes with its
     * calculations and history. A paid one (any other status) is only marked deleted (issue 13): gone for the
     * company (404, out of its lists) but kept for the administrator, because the provider must keep a record of
     * what was paid. The row is locked so a payment confirmed meanwhile cannot be erased. An order with an
     * approved revision is deleted by the owner only (issue 33, 403 for other roles).
     */
    async deleteOrder(companyId: number, identifier: string, role: MemberRole | null) {
      return runInTransaction(async (tx) => {
        const order = await findOwnOrder(companyId, identifier, tx, { forUpdate: true });
        // Issue 33: once a revision was approved (signed papers exist), only the owner deletes the order. Its
        // history says so for every revision, also after a re-pricing opened a new one.
        if (
          orderDeletion(order.status) === 'soft' &&
          !memberCan(role, 'deleteApproved') &&
          (await repo.listStatusHistory(order.id, tx)).some((change) => isApproved(change.toStatus))
        )
          throw new AppError('FORBIDDEN', APPROVED_ORDER_DELETE_MESSAGE);
        if (orderDeletion(order.status) === 'hard') await repo.deleteById(order.id, tx);
        else {
          const at = now();
          await repo.updateOrder(order.id, { deletedAt: at, updatedAt: at }, tx);
        }
        return { message: ORDER_MESSAGES.deleted };
      });
    },

    /**
     * `POST /api/orders/duplicate` (spec §2 "create a new calculation based on this one"): a new order in
     * `created`, because a new order is a new payment (spec §9: 240 UAH per calculation), with copies of all
     * calculations and of the order's institution-data snapshot.
     */
    async duplicateOrder(scope: CompanyScope, identifier: string) {
      return runInTransaction(async (tx) => {
        const source = await findOwnOrder(scope.companyId, identifier, tx);
        const rows = await calculationsStore.listOfOrder(source.id, tx);
        const companyOrders = await repo.listByCompany(source.companyId, tx);
        const order = await insertNewOrder(
          {
            companyId: source.companyId,
            userId: scope.userId,
            name: duplicateName(source.name, new Set(companyOrders.map((o) => o.name))),
            companyInfo: structuredClone(source.companyInfo),
            priceRounding: source.priceRounding,
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
    async sendForApproval(scope: CompanyScope, identifier: string) {
      return runInTransaction(async (tx) => {
        const order = await findOwnOrder(scope.companyId, identifier, tx, { forUpdate: true });
        if (!canSendForApproval(order.status)) {
          throw new AppError('INVALID_STATE', SEND_FOR_APPROVAL_NOT_ALLOWED_MESSAGE);
        }
        await changeStatusOf(order, 'sent', scope.userId, tx);
        return { message: ORDER_MESSAGES.sentForApproval };
      });
    },

    /**
     * `GET /api/company/{companyIdentifier}/calculations` (spec §3 "Company calculations entry"): the company's
     * own calculations from orders that reached `formed` or later, by category (id order), names sorted.
     */
    async listCompanyCalculations(companyId: number): Promise<CompanyCalculationsEntry[]> {
      const rows = await calculationsStore.listUsable({ companyId, statuses: CALCULATED_STATUSES });
      return toCompanyCalculationsEntries(rows);
    },

    /**
     * For the documents module: the company's order as stored, whatever its status (the caller decides what the
     * status allows). Another company's order is 404, like a missing one.
     */
    async readOwnOrder(companyId: number, identifier: string): Promise<OrderRecord> {
      return findOwnOrder(companyId, identifier);
    },

    /**
     * For the calculations module (save, calculate): the company's order, locked (`SELECT … FOR UPDATE`) until the
     * caller's transaction ends, so two saves or a save and a status change cannot interleave. Another company's
     * order is 404, like a missing one.
     */
    async lockOwnOrder(companyId: number, identifier: string, tx: Executor): Promise<OrderRecord> {
      return findOwnOrder(companyId, identifier, tx, { forUpdate: true });
    },

    /**
     * For the calculations module: stores the wizard's order name and institution-data snapshot, and the rounding
     * of the final prices when the wizard sent one; answers the order's content version after the write (issue 21).
     */
    async updateDraft(
      order: OrderRecord,
      values: { name: string; companyInfo: CompanyInfo; priceRounding?: PriceRounding | undefined },
      tx: Executor,
    ): Promise<number> {
      const version = order.version + 1;
      await repo.updateOrder(order.id, { ...values, version, updatedAt: now() }, tx);
      return version;
    },

    /**
     * For the re-pricing (issue 18), in the caller's transaction with the order locked by `lockOwnOrder`: keeps the
     * current revision (its snapshot, rounding, status and `services` with their results) in `order_revisions`,
     * then starts the next one: the new institution-data snapshot, status `saved` (a history row of the new
     * revision), revision + 1. The services' new contents are the calculations module's to write.
     */
    async startNextRevision(
      order: OrderRecord,
      values: { companyInfo: CompanyInfo; services: RevisionServiceRecord[]; notes: InputChange[] },
      userId: number,
      tx: Executor,
    ): Promise<OrderRecord> {
      const at = now();
      await repo.insertRevision(
        {
          orderId: order.id,
          number: order.revision,
          status: order.status,
          orderName: order.name,
          companyName: await repo.companyNameOf(order.companyId, tx),
          companyInfo: order.companyInfo,
          priceRounding: order.priceRounding,
          services: values.services,
          notes: values.notes,
          at,
        },
        tx,
      );
      const next = {
        ...order,
        revision: order.revision + 1,
        version: order.version + 1,
        companyInfo: values.companyInfo,
      };
      await repo.updateOrder(
        order.id,
        {
          revision: next.revision,
          version: next.version,
          companyInfo: next.companyInfo,
          updatedAt: at,
        },
        tx,
      );
      return changeStatusOf(next, 'saved', userId, tx, at);
    },

    /**
     * `GET /api/orders/{identifier}/revisions` (issue 18): the company's order's revisions, oldest first, each with
     * its status history; another company's order is 404.
     */
    async getRevisions(companyId: number, identifier: string): Promise<OrderRevisions> {
      const order = await findOwnOrder(companyId, identifier);
      return {
        identifier: order.identifier,
        name: order.name,
        revision: order.revision,
        revisions: await revisionsOf(order),
      };
    },

    /** An earlier revision of an order the caller has read (documents of that revision), or undefined. */
    async findRevision(order: OrderRecord, number: number): Promise<RevisionRecord | undefined> {
      return repo.findRevision(order.id, number);
    },

    /**
     * The frozen paper of revision `number` of an order the caller has read (issue 33), or undefined. For the
     * current revision while it is approved, a paper not frozen yet (approved before papers existed) is frozen
     * now, so its first print is what every later one prints.
     */
    async paperOf(order: OrderRecord, number: number): Promise<PaperRecord | undefined> {
      const paper = await repo.findPaper(order.id, number);
      const current = number === order.revision && isApproved(order.status);
      if (!current || paper?.version === order.version) return paper;
      return runInTransaction(async (tx) => {
        const locked = await repo.findByIdentifier(order.identifier, tx, { forUpdate: true });
        if (!locked || locked.revision !== number || !isApproved(locked.status)) return undefined;
        return keepPaperOf(locked, tx);
      });
    },

    /**
     * Who calculated each revision of an order the caller has read, and when (issue 33: the economist whose name
     * the калькуляція's signature line carries), from one read of the status history (a request that prints two
     * revisions, the comparison, reads it once): a lookup giving revision `number`'s latest change to `formed`
     * with the name of its user (null once that user is deleted), or null when there is none.
     */
    async calculationsOfOrder(
      order: OrderRecord,
    ): Promise<(number: number) => { userName: string | null; at: Date } | null> {
      const history = await repo.listStatusHistory(order.id);
      return (number) => {
        const formed = calculationIn(history, number);
        return formed ? { userName: formed.userName, at: formed.createdAt } : null;
      };
    },

    /**
     * For the calculations module: moves an order locked by `lockOwnOrder` to `to` with its history row, in the
     * caller's transaction. Nothing happens when the order already has that status.
     */
    async changeStatusInTransaction(
      order: OrderRecord,
      to: OrderStatus,
      userId: number,
      tx: Executor,
    ): Promise<void> {
      if (order.status !== to) await changeStatusOf(order, to, userId, tx);
    },

    /**
     * `GET /api/administrator/orders?search&companyIdentifier&status`: every company's orders, newest first
     * (spec §2 "Admin panel → Orders"), narrowed by the optional filters (issue 11).
     */
    async listAllOrders(query: AdminOrdersQuery = {}): Promise<AdminOrderRow[]> {
      return (await repo.listAll(query)).map(toAdminOrderRow);
    },

    /**
     * `GET /api/administrator/orders/{identifier}`: any company's order read-only, with its services and stored
     * results and its status history, oldest first (issue 11). No payment gate: the administrator sees every
     * status.
     */
    async getOrderForAdmin(identifier: string): Promise<AdminOrderDetail> {
      const [row] = await repo.listAll({ identifier });
      if (!row) throw new AppError('NOT_FOUND', ORDER_MESSAGES.notFound);
      const [services, history, heads] = await Promise.all([
        calculationsStore.listOfOrder(row.id),
        repo.listStatusHistory(row.id),
        repo.listRevisionHeads(row.id),
      ]);
      return {
        ...toAdminOrderDetail(row, services, history),
        revisions: toOrderRevisions(row, heads, history),
      };
    },

    /**
     * For the documents module's administrator call: any company's order as stored, with its company's registered
     * name (printed when the snapshot has none). A missing order is 404.
     */
    async readOrderForAdmin(
      identifier: string,
    ): Promise<{ order: OrderRecord; companyName: string }> {
      const order = await repo.findByIdentifier(identifier);
      const [row] = order ? await repo.listAll({ identifier }) : [];
      if (!order || !row) throw new AppError('NOT_FOUND', ORDER_MESSAGES.notFound);
      return { order, companyName: row.companyName };
    },

    /**
     * `PATCH /api/administrator/orders/change-status`: the administrator sets any of the six statuses (spec §4:
     * no ordering is enforced); this is how the provider confirms payment (`payed`). Setting the status an order
     * already has changes nothing and writes no history row. `adminId` is recorded in the history. Setting
     * `payed` or `confirmed` e-mails the company's users after the commit (issue 11), unless `notify: false`
     * (the demo account's set-up, which nobody is waiting to hear about).
     */
    async changeStatus(
      adminId: number,
      input: ChangeOrderStatusInput,
      options: { notify?: boolean } = {},
    ) {
      const outcome = await runInTransaction(async (tx) => {
        const order = await repo.findByIdentifier(input.identifier, tx, { forUpdate: true });
        if (!order) throw new AppError('NOT_FOUND', ORDER_MESSAGES.notFound);
        if (order.deletedAt !== null)
          throw new AppError('INVALID_STATE', ORDER_MESSAGES.deletedByCompany);
        if (order.status === input.status)
          return { order, changed: false, message: ORDER_MESSAGES.statusUnchanged(order.status) };
        await changeStatusOf(order, input.status, adminId, tx);
        // Confirming the payment (leaving `created`) issues the invoice, when the administrator has not yet.
        if (!isOpenForWork(order.status) && isOpenForWork(input.status))
          await deps.invoices?.issue(order.id, tx);
        return { order, changed: true, message: ORDER_MESSAGES.statusChanged(input.status) };
      });
      // Only once the change has committed: a rolled-back change must not be announced, and a failed letter
      // must not undo it (issue 11).
      if (outcome.changed && options.notify !== false && isMailedStatus(input.status)) {
        await mailStatusChange(outcome.order, input.status);
      }
      return { message: outcome.message };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
