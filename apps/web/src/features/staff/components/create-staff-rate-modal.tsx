import { Modal } from 'antd';

import { useCreateStaffRate } from '../api/create-staff-rate';

import { StaffRateForm } from './staff-rate-form';

/** Adds a company's own position to its staffing table; closes once the server has stored it. */
export function CreateStaffRateModal({
  companyIdentifier,
  open,
  onClose,
}: {
  companyIdentifier: string;
  open: boolean;
  onClose: () => void;
}) {
  const creation = useCreateStaffRate();
  return (
    <Modal open={open} title="Нова посада" onCancel={onClose} footer={null} destroyOnHidden>
      <StaffRateForm
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
