import type { AdminTemplate } from '@medcalc/domain';
import { Typography } from 'antd';

import { ConfirmDeleteModal } from '@/components/ui/confirm-delete-modal';

import { useDeleteTemplate } from '../api/delete-template';

/** The delete question for a template (issue 11), open while `template` is set; it closes when the call settles. */
export function DeleteTemplateModal({
  template,
  onClose,
}: {
  template: AdminTemplate | undefined;
  onClose: () => void;
}) {
  const deletion = useDeleteTemplate();
  return (
    <ConfirmDeleteModal
      row={template}
      title="Видалити шаблон?"
      isPending={deletion.isPending}
      onCancel={onClose}
      onConfirm={(row) => deletion.mutateAsync(row.id).finally(onClose)}
    >
      <Typography.Paragraph>
        Шаблон «{template?.name}» зникне зі сторінки створення замовлення в усіх закладів.
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        Замовлення, у яких його вже обрали, зберігають власну копію і не зміняться.
      </Typography.Paragraph>
    </ConfirmDeleteModal>
  );
}
