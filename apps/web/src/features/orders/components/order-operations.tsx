import {
  CopyOutlined,
  DeleteOutlined,
  LoadingOutlined,
  PrinterOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import {
  APPROVED_ORDER_DELETE_MESSAGE,
  canReprice,
  documentRefusal,
  isApproved,
  isOpenForWork,
  orderDeletion,
  type OrderStatus,
} from '@medcalc/domain';
import { Alert, Button, Flex, Tooltip, Typography } from 'antd';
import { useState } from 'react';

import { ConfirmModal } from '@/components/ui/confirm-action';
import { useMemberCan } from '@/hooks/use-member-can';

import { useDeleteOrder } from '../api/delete-order';
import { useDuplicateOrder } from '../api/duplicate-order';
import { usePrintOrderDocuments } from '../api/print-order-documents';

import { OrderConfirmationBody } from './order-fee';
import { REPRICE_TITLE, RepriceModal } from './reprice-modal';

/**
 * The short labels keep every button on one line in the narrow column; the full wording is in the tooltip. Each
 * button's accessible name starts with its visible label and adds the tooltip after a colon (issue 21, WCAG 2.5.3
 * "Label in Name": a speech user says what they see).
 */
const OPERATIONS = {
  duplicate: 'Створити на основі цього',
  duplicateHint: 'Створити новий розрахунок на основі цього',
  refresh: REPRICE_TITLE,
  print: 'Друк',
} as const;

/** What «Друк» prints, and why it cannot yet (domain `documentRefusal`: the same rule as the documents). */
const PRINT_HINTS = {
  ready: 'Надрукувати всі документи замовлення та калькуляції послуг',
  payment: 'Друк документів стане доступним після оплати замовлення',
  'not-calculated': 'Друк документів стане доступним після розрахунку замовлення',
} as const;

/** What «Оновити дані» does, and why it cannot yet (domain `canReprice`: a calculated order only). */
const REPRICE_HINTS = {
  ready: 'Перерахувати послуги з поточними окладами, цінами матеріалів і даними закладу',
  payment: 'Оновити дані можна буде після оплати та розрахунку замовлення',
  'not-calculated':
    'Оновити дані можна лише в розрахованому замовленні: завершіть розрахунок у майстрі',
} as const;

const repriceHint = (status: OrderStatus) =>
  canReprice(status)
    ? REPRICE_HINTS.ready
    : REPRICE_HINTS[isOpenForWork(status) ? 'not-calculated' : 'payment'];

/**
 * Operations column of spec §2 "Orders list": duplicate (a new payable order, so it asks first with the create
 * page's confirmation and sum; issue 13), «Оновити дані в калькуляції» (issue 18: the preview of re-pricing
 * with the company's current data, once the order is calculated), print (the whole set of documents in the
 * browser's print dialog, once the documents exist), and delete behind a confirmation that says the order cannot
 * be restored, and for a paid order that the paid services go with it.
 */
export function OrderOperations({
  identifier,
  name,
  status,
  services,
}: {
  identifier: string;
  name: string;
  status: OrderStatus;
  /** How many services the order has: the duplicate costs as many fees. */
  services: number;
}) {
  const duplicateOrder = useDuplicateOrder();
  const deleteOrder = useDeleteOrder();
  const printDocuments = usePrintOrderDocuments();
  const printRefusal = documentRefusal(status);
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  const [isDuplicateOpen, setIsDuplicateOpen] = useState(false);
  const [isRepriceOpen, setIsRepriceOpen] = useState(false);
  // Issue 22: a «Перегляд» member only prints; duplicating, re-pricing and deleting are not theirs (the page
  // says why).
  const canEdit = useMemberCan('edit');
  // A paid order is only marked deleted on the server, and its paid services go with it for the company.
  const isPaid = orderDeletion(status) === 'soft';
  // Issue 33: an approved order is the owner's to delete (the server also refuses an order approved in an
  // earlier revision, with the same message as a toast).
  const canDeleteApproved = useMemberCan('deleteApproved');
  const deleteRefusal =
    isApproved(status) && !canDeleteApproved ? APPROVED_ORDER_DELETE_MESSAGE : undefined;

  return (
    <Flex vertical gap={8} align="start">
      {canEdit ? (
        <>
          <Tooltip title={OPERATIONS.duplicateHint}>
            <Button
              icon={<CopyOutlined aria-hidden />}
              loading={duplicateOrder.isPending}
              aria-label={`${OPERATIONS.duplicate}: ${OPERATIONS.duplicateHint}`}
              onClick={() => setIsDuplicateOpen(true)}
            >
              {OPERATIONS.duplicate}
            </Button>
          </Tooltip>
          <Tooltip title={repriceHint(status)}>
            <Button
              icon={<SyncOutlined aria-hidden />}
              disabled={!canReprice(status)}
              aria-label={`${OPERATIONS.refresh}: ${repriceHint(status)}`}
              onClick={() => setIsRepriceOpen(true)}
            >
              Оновити дані
            </Button>
          </Tooltip>
        </>
      ) : null}
      <Tooltip title={PRINT_HINTS[printRefusal ?? 'ready']}>
        <Button
          icon={<PrinterOutlined aria-hidden />}
          disabled={printRefusal !== null}
          // The spinner is decoration (its default label is English 'loading'); aria-busy tells assistive tech.
          loading={printDocuments.isPending && { icon: <LoadingOutlined aria-hidden /> }}
          aria-busy={printDocuments.isPending}
          aria-label={`${OPERATIONS.print}: ${PRINT_HINTS[printRefusal ?? 'ready']}`}
          onClick={() => printDocuments.mutate({ identifier })}
        >
          {OPERATIONS.print}
        </Button>
      </Tooltip>
      {canEdit ? (
        <Tooltip title={deleteRefusal}>
          <Button
            danger
            icon={<DeleteOutlined aria-hidden />}
            disabled={deleteRefusal !== undefined}
            aria-label={deleteRefusal === undefined ? undefined : `Видалити: ${deleteRefusal}`}
            onClick={() => setIsDeleteOpen(true)}
          >
            Видалити
          </Button>
        </Tooltip>
      ) : null}
      <RepriceModal
        identifier={identifier}
        name={name}
        isOpen={isRepriceOpen}
        onClose={() => setIsRepriceOpen(false)}
      />
      <ConfirmModal
        open={isDuplicateOpen}
        title="Створити нове замовлення на основі цього?"
        okText="Так, підтверджую"
        cancelText="Скасувати"
        isPending={duplicateOrder.isPending}
        destroyOnHidden
        onCancel={() => setIsDuplicateOpen(false)}
        onConfirm={() =>
          duplicateOrder.mutateAsync({ identifier }).finally(() => setIsDuplicateOpen(false))
        }
      >
        <Typography.Paragraph style={{ overflowWrap: 'anywhere' }}>
          Буде створено нове замовлення з копіями послуг замовлення «{name}». Це нове замовлення
          потрібно оплатити.
        </Typography.Paragraph>
        <OrderConfirmationBody count={services} />
      </ConfirmModal>
      <ConfirmModal
        open={isDeleteOpen}
        title={isPaid ? 'Видалити оплачене замовлення?' : 'Видалити замовлення?'}
        okText="Так, видалити"
        cancelText="Скасувати"
        danger
        isPending={deleteOrder.isPending}
        onCancel={() => setIsDeleteOpen(false)}
        onConfirm={() =>
          deleteOrder.mutateAsync({ identifier }).finally(() => setIsDeleteOpen(false))
        }
      >
        <Typography.Paragraph style={{ overflowWrap: 'anywhere' }}>
          Замовлення «{name}» буде видалено. Після видалення його неможливо буде відновити.
        </Typography.Paragraph>
        {isPaid ? (
          <Alert
            type="warning"
            showIcon
            title="Це замовлення вже оплачено."
            description={`Разом із ним зникнуть оплачені послуги (${services}) та їхні калькуляції: щоб розрахувати їх знову, доведеться оформити й оплатити нове замовлення.`}
          />
        ) : null}
      </ConfirmModal>
    </Flex>
  );
}
