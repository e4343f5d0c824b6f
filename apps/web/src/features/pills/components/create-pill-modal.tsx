import { Modal } from 'antd';

import { useCreatePill } from '../api/create-pill';

import { PillForm } from './pill-form';
import type { UnitChoices } from './unit-select';

/** The add modal of spec §2 "Company materials"; it closes once the server has stored the material. */
export function CreatePillModal({
  companyIdentifier,
  units,
  open,
  onClose,
}: {
  companyIdentifier: string;
  units: UnitChoices;
  open: boolean;
  onClose: () => void;
}) {
  const creation = useCreatePill();
  return (
    <Modal open={open} title="Новий матеріал" onCancel={onClose} footer={null} destroyOnHidden>
      <PillForm
        idPrefix="create-pill"
        units={units}
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
