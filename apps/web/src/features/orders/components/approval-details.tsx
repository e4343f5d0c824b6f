import {
  approvedLine,
  isApproved,
  orderApprovalInputSchema,
  type OrderApproval as RecordedApproval,
  type OrderApprovalInput,
  type OrderStatus,
} from '@medcalc/domain';
import { Alert, Button, Flex, Input } from 'antd';
import { useState } from 'react';

import { Form, FormActions, FormField } from '@/components/ui/form';
import { FormModal } from '@/components/ui/form-modal';
import { useMemberCan } from '@/hooks/use-member-can';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { applyServerErrors } from '@/lib/form-errors';
import { formatDate } from '@/utils/format';

import { useTariffHistory } from '../api/get-tariff-history';
import { useRecordApproval } from '../api/record-approval';

import { LazyTariffHistoryChart } from './lazy-tariff-history-chart';

// Issue 35's section of the order card, opened on demand: its own chunk (loaded by order-approval.tsx when
// opened), so the orders list's first screen carries neither the form nor the chart (issue 39).

/** The form of the founder's decision: its number, its date, the date the tariffs take effect. */
function ApprovalForm({
  identifier,
  revision,
  recorded,
  onClose,
}: {
  identifier: string;
  revision: number;
  recorded: RecordedApproval | undefined;
  onClose: () => void;
}) {
  const record = useRecordApproval();
  const { control, handleSubmit, setError } = useSchemaForm(orderApprovalInputSchema, {
    revision,
    decisionNumber: recorded?.decisionNumber ?? '',
    decisionDate: recorded?.decisionDate ?? '',
    effectiveDate: recorded?.effectiveDate ?? '',
  });
  const onValid = (input: OrderApprovalInput) =>
    record.mutate(
      { identifier, input },
      {
        onSuccess: onClose,
        onError: (error) =>
          void applyServerErrors(error, setError, [
            'decisionNumber',
            'decisionDate',
            'effectiveDate',
          ]),
      },
    );
  const field = (name: 'decisionNumber' | 'decisionDate' | 'effectiveDate', label: string) => (
    <FormField
      control={control}
      name={name}
      label={label}
      id={`approval-${name}`}
      render={(props) => <Input {...props} type={name === 'decisionNumber' ? 'text' : 'date'} />}
    />
  );
  return (
    <Form onSubmit={handleSubmit(onValid)} aria-label="Рішення засновника">
      {field('decisionNumber', 'Номер рішення (наказу)')}
      {field('decisionDate', 'Дата рішення')}
      {field('effectiveDate', 'Тарифи чинні з')}
      <FormActions submitText="Зберегти рішення" isPending={record.isPending} onCancel={onClose} />
    </Form>
  );
}

/**
 * The founder's decision recorded on the current revision (entered once the revision is approved; the owner may
 * correct it) and each service's tariff history, read when the card's section is opened.
 */
/** The order the approval section is of: the card's `OrderApproval` passes the same props on. */
export interface ApprovalSectionProps {
  identifier: string;
  revision: number;
  status: OrderStatus;
}

export default function ApprovalDetails({ identifier, revision, status }: ApprovalSectionProps) {
  const history = useTariffHistory(identifier);
  const canEnter = useMemberCan('edit');
  const canCorrect = useMemberCan('correctApproval');
  const [isEditing, setEditing] = useState(false);
  const recorded = history.data?.approvals.find((approval) => approval.revision === revision);
  return (
    <Flex vertical gap={12}>
      {recorded ? (
        <Alert
          type="success"
          showIcon
          title={`${approvedLine(recorded)}; тарифи чинні з ${formatDate(recorded.effectiveDate)}`}
          action={
            canCorrect ? (
              <Button size="small" onClick={() => setEditing(true)}>
                Виправити
              </Button>
            ) : null
          }
        />
      ) : isApproved(status) && canEnter && history.isSuccess ? (
        <Button style={{ alignSelf: 'start' }} onClick={() => setEditing(true)}>
          Внести рішення засновника
        </Button>
      ) : null}
      {history.data ? <LazyTariffHistoryChart history={history.data} /> : null}
      <FormModal
        open={isEditing}
        title={`Рішення засновника про тарифи (редакція ${revision})`}
        onClose={() => setEditing(false)}
      >
        <ApprovalForm
          identifier={identifier}
          revision={revision}
          recorded={recorded}
          onClose={() => setEditing(false)}
        />
      </FormModal>
    </Flex>
  );
}
