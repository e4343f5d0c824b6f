import type { Measurement } from '@medcalc/domain';
import { Modal } from 'antd';

import { useUpdateMeasurement } from '../api/update-measurement';

import { MeasurementForm } from './measurement-form';

/** The edit modal of spec §2 "Measurements", open while `measurement` is set. */
export function UpdateMeasurementModal({
  companyIdentifier,
  measurement,
  onClose,
}: {
  companyIdentifier: string;
  measurement: Measurement | undefined;
  onClose: () => void;
}) {
  const update = useUpdateMeasurement();
  return (
    <Modal
      open={measurement !== undefined}
      title="Редагувати одиницю виміру"
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {measurement ? (
        <MeasurementForm
          idPrefix="update-measurement"
          defaultValues={{ name: measurement.name }}
          submitText="Зберегти"
          isPending={update.isPending}
          onCancel={onClose}
          onSubmit={async (input) => {
            await update.mutateAsync({ companyIdentifier, id: measurement.id, input });
            onClose();
          }}
        />
      ) : null}
    </Modal>
  );
}
