import { Modal } from 'antd';

import { useCreateMeasurement } from '@/lib/queries/measurements';

import { MeasurementForm } from './measurement-form';

/** The add modal of spec §2 "Measurements"; it closes once the server has stored the unit. */
export function CreateMeasurementModal({
  companyIdentifier,
  open,
  onClose,
}: {
  companyIdentifier: string;
  open: boolean;
  onClose: () => void;
}) {
  const creation = useCreateMeasurement();
  return (
    <Modal open={open} title="Нова одиниця виміру" onCancel={onClose} footer={null} destroyOnHidden>
      <MeasurementForm
        idPrefix="create-measurement"
        submitText="Додати"
        isPending={creation.isPending}
        onCancel={onClose}
        onSubmit={async (input) => {
          await creation.mutateAsync({ companyIdentifier, input });
          onClose();
        }}
      />
    </Modal>
  );
}
