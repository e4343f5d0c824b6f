import type { Measurement } from '@medcalc/domain';
import { Typography } from 'antd';

import { ConfirmDeleteModal } from '@/components/ui/confirm-delete-modal';

import { useDeleteMeasurement } from '../api/delete-measurement';

/**
 * The delete modal of spec §2 "Measurements", open while `measurement` is set. It closes whatever the answer:
 * a unit still used by a material answers 409, whose message the API client shows as a toast.
 */
export function DeleteMeasurementModal({
  companyIdentifier,
  measurement,
  onClose,
}: {
  companyIdentifier: string;
  measurement: Measurement | undefined;
  onClose: () => void;
}) {
  const deletion = useDeleteMeasurement();
  return (
    <ConfirmDeleteModal
      open={measurement !== undefined}
      title="Видалити одиницю виміру?"
      isPending={deletion.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (measurement === undefined) return;
        deletion.mutate({ companyIdentifier, id: measurement.id }, { onSettled: onClose });
      }}
    >
      <Typography.Paragraph>
        Одиницю «{measurement?.name}» буде видалено без можливості відновлення.
      </Typography.Paragraph>
    </ConfirmDeleteModal>
  );
}
