import type { StaffRate } from '@medcalc/domain';

import { FormModal } from '@/components/ui/form-modal';

import { useCreateStaffRate } from '../api/create-staff-rate';

import { StaffRateForm } from './staff-rate-form';

/**
 * Adds a company's own position to its staffing table; closes once the server has stored it and reports the
 * stored row (`onCreated`), so the table can show where it landed.
 */
export function CreateStaffRateModal({
  companyIdentifier,
  open,
  onClose,
  onCreated,
}: {
  companyIdentifier: string;
  open: boolean;
  onClose: () => void;
  onCreated?: (rate: StaffRate) => void;
}) {
  const creation = useCreateStaffRate();
  return (
    <FormModal open={open} title="Нова посада" onClose={onClose}>
      <StaffRateForm
        isPending={creation.isPending}
        onCancel={onClose}
        onSubmit={async (input) => {
          const { data } = await creation.mutateAsync({ companyIdentifier, input });
          onClose();
          onCreated?.(data);
        }}
      />
    </FormModal>
  );
}
