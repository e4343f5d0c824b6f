import type { Pill } from '@medcalc/domain';
import { Modal } from 'antd';

import { useUpdatePill } from '../api/update-pill';

import { PillForm } from './pill-form';
import type { UnitChoices } from './unit-select';

/** The edit modal of spec §2 "Company materials", open while `pill` is set. */
export function UpdatePillModal({
  companyIdentifier,
  units,
  pill,
  onClose,
}: {
  companyIdentifier: string;
  units: UnitChoices;
  pill: Pill | undefined;
  onClose: () => void;
}) {
  const update = useUpdatePill();
  return (
    <Modal
      open={pill !== undefined}
      title="Редагувати матеріал"
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {pill ? (
        <PillForm
          idPrefix="update-pill"
          units={units}
          defaultValues={{
            name: pill.name,
            measurementType: pill.measurementType,
            price: pill.price,
          }}
          submitText="Зберегти"
          isPending={update.isPending}
          onCancel={onClose}
          onSubmit={async (input) => {
            await update.mutateAsync({ companyIdentifier, id: pill.id, input });
            onClose();
          }}
        />
      ) : null}
    </Modal>
  );
}
