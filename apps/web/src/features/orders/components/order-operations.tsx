import { CopyOutlined, DeleteOutlined, PrinterOutlined, SyncOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Tooltip, Typography } from 'antd';
import { useState } from 'react';

import { useDeleteOrder } from '../api/delete-order';
import { useDuplicateOrder } from '../api/duplicate-order';

const IN_DEVELOPMENT = 'У розробці';
/** Long Ukrainian labels wrap inside the narrow column instead of overflowing it. */
const WRAPPING = {
  whiteSpace: 'normal',
  height: 'auto',
  minHeight: 32,
  paddingBlock: 4,
  textAlign: 'left',
  maxWidth: '100%',
} as const;

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
      <Button
        icon={<CopyOutlined aria-hidden />}
        loading={duplicateOrder.isPending}
        onClick={() => duplicateOrder.mutate({ identifier })}
        style={WRAPPING}
      >
        Створити новий розрахунок на основі цього
      </Button>
      <Tooltip title={IN_DEVELOPMENT}>
        <Button icon={<SyncOutlined aria-hidden />} disabled style={WRAPPING}>
          Оновити дані в розрахунку (у розробці)
        </Button>
      </Tooltip>
      <Tooltip title={IN_DEVELOPMENT}>
        <Button icon={<PrinterOutlined aria-hidden />} disabled style={WRAPPING}>
          Друк (у розробці)
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
