import { FileWordOutlined } from '@ant-design/icons';
import {
  APPROVAL_PACKAGE_DOCUMENT,
  approvedLine,
  isApproved,
  orderApprovalInputSchema,
  type OrderApproval as RecordedApproval,
  type OrderApprovalInput,
  type OrderStatus,
} from '@medcalc/domain';
import { Alert, Button, Checkbox, Flex, Input, Typography } from 'antd';
import { useState } from 'react';

import { DocumentLinkButton } from '@/components/ui/document-link-button';
import { Form, FormActions, FormField } from '@/components/ui/form';
import { FormModal } from '@/components/ui/form-modal';
import { useMemberCan } from '@/hooks/use-member-can';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { applyServerErrors } from '@/lib/form-errors';
import { formatDate } from '@/utils/format';

import { useDownloadApprovalDocx } from '../api/download-approval-package';
import { useDownloadOrderPdf } from '../api/download-order-pdf';
import { useRecordApproval, useTariffHistory } from '../api/tariff-history';

import { TariffHistoryChart } from './tariff-history-chart';

/**
 * The approval package of a revision (issue 35) as Word and as PDF, with the switch that leaves annex 2 (the
 * калькуляції) out. `revision` absent: the current one; `named` puts the revision in the links' names.
 */
export function ApprovalPackageLinks({
  identifier,
  revision,
  named = false,
}: {
  identifier: string;
  revision?: number;
  named?: boolean;
}) {
  const [withCostings, setWithCostings] = useState(true);
  const docx = useDownloadApprovalDocx();
  const pdf = useDownloadOrderPdf();
  const suffix = named && revision !== undefined ? ` (редакція ${revision})` : '';
  const input = {
    identifier,
    withCostings,
    ...(revision === undefined ? {} : { revision }),
  };
  return (
    <Flex vertical align="start" gap={2}>
      <DocumentLinkButton
        isPending={docx.isPending}
        icon={<FileWordOutlined aria-hidden />}
        ariaLabel={`${APPROVAL_PACKAGE_DOCUMENT.title} (Word)${suffix}`}
        onClick={() => docx.mutate(input)}
      >
        {`${APPROVAL_PACKAGE_DOCUMENT.title} (Word)`}
      </DocumentLinkButton>
      <DocumentLinkButton
        isPending={pdf.isPending}
        ariaLabel={`${APPROVAL_PACKAGE_DOCUMENT.title} (PDF)${suffix}`}
        onClick={() => pdf.mutate({ ...input, file: APPROVAL_PACKAGE_DOCUMENT.file })}
      >
        {`${APPROVAL_PACKAGE_DOCUMENT.title} (PDF)`}
      </DocumentLinkButton>
      <Checkbox checked={withCostings} onChange={(event) => setWithCostings(event.target.checked)}>
        з калькуляціями (додаток 2){suffix}
      </Checkbox>
    </Flex>
  );
}

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
function ApprovalDetails({
  identifier,
  revision,
  status,
}: {
  identifier: string;
  revision: number;
  status: OrderStatus;
}) {
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
      {history.data ? <TariffHistoryChart history={history.data} /> : null}
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

/**
 * Issue 35 on the order card: the approval package of the current revision and, opened on demand (a list of
 * orders reads nothing more until then), the founder's decision and the tariff history.
 */
export function OrderApproval({
  identifier,
  revision,
  status,
}: {
  identifier: string;
  revision: number;
  status: OrderStatus;
}) {
  const [isOpen, setOpen] = useState(false);
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={4} style={{ margin: 0, fontSize: 16 }}>
        Затвердження тарифів
      </Typography.Title>
      <ApprovalPackageLinks identifier={identifier} />
      <Button
        type="link"
        style={{ alignSelf: 'start', paddingInline: 0 }}
        aria-expanded={isOpen}
        onClick={() => setOpen(!isOpen)}
      >
        Рішення засновника та історія тарифів
      </Button>
      {isOpen ? (
        <ApprovalDetails identifier={identifier} revision={revision} status={status} />
      ) : null}
    </Flex>
  );
}
