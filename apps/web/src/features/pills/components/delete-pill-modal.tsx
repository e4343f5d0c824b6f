import type { Pill } from '@medcalc/domain';
import { Typography } from 'antd';

import { ConfirmDeleteModal } from '@/components/ui/confirm-delete-modal';

import { useDeletePill } from '../api/delete-pill';

/**
 * The delete modal of spec §2 "Company materials", open while `pill` is set. It closes on failure too
 * (spec §8 "Delete modals for materials close on failure"); the server's message is a toast.
 */
export function DeletePillModal({
  companyIdentifier,
  pill,
  onClose,
}: {
  companyIdentifier: string;
  pill: Pill | undefined;
  onClose: () => void;
}) {
  const deletion = useDeletePill();
  return (
    <ConfirmDeleteModal
      open={pill !== undefined}
      title="Видалити матеріал?"
      isPending={deletion.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (pill === undefined) return;
        deletion.mutate({ companyIdentifier, id: pill.id }, { onSettled: onClose });
      }}
    >
      <Typography.Paragraph>
        Матеріал «{pill?.name}» буде видалено без можливості відновлення.
      </Typography.Paragraph>
    </ConfirmDeleteModal>
  );
}
