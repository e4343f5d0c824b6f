import { formatStaffRateLabel, type StaffRate } from '@medcalc/domain';
import { Typography } from 'antd';

import { ConfirmDeleteModal } from '@/components/ui/confirm-delete-modal';
import { RowUsageNotice } from '@/components/ui/row-usage-notice';

import { useDeleteStaffRate } from '../api/delete-staff-rate';
import { getStaffRateUsageQueryOptions } from '../api/get-staff-rate-usage';

/** Removes a position from the staffing table after confirmation; closes whatever the answer. */
export function DeleteStaffRateModal({
  companyIdentifier,
  rate,
  onClose,
}: {
  companyIdentifier: string;
  rate: StaffRate | undefined;
  onClose: () => void;
}) {
  const deletion = useDeleteStaffRate();
  return (
    <ConfirmDeleteModal
      row={rate}
      title="Видалити посаду?"
      isPending={deletion.isPending}
      onCancel={onClose}
      onConfirm={(row) => deletion.mutateAsync({ companyIdentifier, id: row.id }).finally(onClose)}
    >
      <Typography.Paragraph>
        Посаду «
        {rate
          ? formatStaffRateLabel({
              qualification: rate.qualification,
              category: rate.category,
              scientificDegree: rate.scientific_degree,
            })
          : ''}
        » буде видалено зі штатного розпису без можливості відновлення.
      </Typography.Paragraph>
      {/* Issue 33: the orders whose staff lines point at the row, read while the question is open. */}
      {rate ? (
        <RowUsageNotice
          query={getStaffRateUsageQueryOptions({ companyIdentifier, id: rate.id })}
          replacementHint="цю посаду доведеться замінити іншою"
        />
      ) : null}
    </ConfirmDeleteModal>
  );
}
