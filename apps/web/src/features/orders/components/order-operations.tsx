import { CopyOutlined, DeleteOutlined, PrinterOutlined, SyncOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';

import { useDeleteOrder } from '../api/delete-order';
import { useDuplicateOrder } from '../api/duplicate-order';

const IN_DEVELOPMENT = 'у розробці';
/** The short labels keep every button on one line in the narrow column; the full wording is in the tooltip. */
const OPERATIONS = {
  duplicate: 'Створити новий розрахунок на основі цього',
  refresh: 'Оновити дані в розрахунку',
  print: 'Друк',
} as const;

/** The visible mark of an operation that is not built yet (a tooltip alone never reaches a phone user). */
function InDevelopmentTag() {
  return (
    <Tag style={{ marginInlineStart: 4, marginInlineEnd: 0 }} aria-hidden>
      {IN_DEVELOPMENT}
    </Tag>
  );
}

/**
 * Operations column of spec §2 "Orders list": duplicate, two inactive operations marked as in development, and
 * delete behind a confirmation that says the order cannot be restored.
 */
export function OrderOperations({ identifier, name }: { identifier: string; name: string }) {
  const duplicateOrder = useDuplicateOrder();
  const deleteOrder = useDeleteOrder();
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);

  return (
    <Flex vertical gap={8} align="start">
      <Tooltip title={OPERATIONS.duplicate}>
        <Button
          icon={<CopyOutlined aria-hidden />}
          loading={duplicateOrder.isPending}
          aria-label={OPERATIONS.duplicate}
          onClick={() => duplicateOrder.mutate({ identifier })}
        >
          Створити на основі цього
        </Button>
      </Tooltip>
      <Tooltip title={`${OPERATIONS.refresh} — ${IN_DEVELOPMENT}`}>
        <Button
          icon={<SyncOutlined aria-hidden />}
          disabled
          aria-label={`${OPERATIONS.refresh} (${IN_DEVELOPMENT})`}
        >
          Оновити дані
          <InDevelopmentTag />
        </Button>
      </Tooltip>
      <Tooltip title={`${OPERATIONS.print} — ${IN_DEVELOPMENT}`}>
        <Button
          icon={<PrinterOutlined aria-hidden />}
          disabled
          aria-label={`${OPERATIONS.print} (${IN_DEVELOPMENT})`}
        >
          {OPERATIONS.print}
          <InDevelopmentTag />
        </Button>
      </Tooltip>
      <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => setIsDeleteOpen(true)}>
        Видалити
      </Button>
      <Modal
        open={isDeleteOpen}
        title="Видалити замовлення?"
        okText="Так, видалити"
        cancelText="Скасувати"
        okButtonProps={{ danger: true }}
        confirmLoading={deleteOrder.isPending}
        onCancel={() => setIsDeleteOpen(false)}
        onOk={() => deleteOrder.mutate({ identifier }, { onSettled: () => setIsDeleteOpen(false) })}
      >
        <Typography.Paragraph>
          Замовлення «{name}» буде видалено. Після видалення його неможливо буде відновити.
        </Typography.Paragraph>
      </Modal>
    </Flex>
  );
}
