import {
  APPROVERS,
  apiRoutes,
  approvalSettingsSchema,
  type ApprovalSettings,
  type ApprovalSettingsInput,
} from '@medcalc/domain';
import { Alert, Col, Input, Row } from 'antd';

import { SelectField } from '@/components/ui/choice-fields';
import { BlockCard, BlockSaveButton } from '@/components/ui/block-card';
import { Form, FormField } from '@/components/ui/form';
import { companyQueryBlock, type CompanyEditorProps } from '@/components/ui/query-block';
import { NumberInput } from '@/components/ui/number-input';
import { useMemberCan } from '@/hooks/use-member-can';
import { useBlockForm } from '@/hooks/use-block-form';
import { formCall } from '@/lib/api-hooks';
import { useApiMutation } from '@/hooks/use-api-mutation';
import { useApprovalSettings } from '@/lib/queries/approval-settings';
import { queryKeys } from '@/lib/query-keys';

const FIELDS = Object.keys(approvalSettingsSchema.shape) as Array<keyof ApprovalSettings>;

const APPROVER_OPTIONS = APPROVERS.map(({ value, label }) => ({ value, label }));

/**
 * Issue 35: the /company block «Затвердження тарифів» — who approves the tariffs, the body's name and place, the
 * preamble's legal basis (one a line), the decision that approved the tariffs in force, and the profitability cap
 * with the decision that set it (empty: no cap), and the economist the explanatory note names with a phone. Its
 * own form and Save, beside the institution data.
 */
export const ApprovalSettingsForm = companyQueryBlock(useApprovalSettings, ApprovalSettingsEditor, {
  label: 'Затвердження тарифів: завантаження…',
  rows: 4,
});

function ApprovalSettingsEditor({
  companyIdentifier,
  initial,
}: CompanyEditorProps<ApprovalSettings>) {
  const canEdit = useMemberCan('edit');
  const save = useApiMutation(
    apiRoutes.company.updateApprovalSettings,
    formCall<{ companyIdentifier: string }, ApprovalSettingsInput>,
    [queryKeys.approvalSettings.all],
  );
  const { control, onSubmit } = useBlockForm({
    companyIdentifier,
    schema: approvalSettingsSchema,
    initial,
    valuesOf: (data) => data,
    save,
    fields: FIELDS,
    unsavedMessage: 'Налаштування затвердження тарифів не збережено.',
  });
  const text = (
    name:
      | 'bodyName'
      | 'place'
      | 'inForceNumber'
      | 'capDecisionNumber'
      | 'economistName'
      | 'economistPhone',
    label: string,
    inputProps: { type?: string; autoComplete?: string } = {},
  ) => (
    <FormField
      control={control}
      name={name}
      label={label}
      id={`approval-${name}`}
      render={(field) => <Input {...field} {...inputProps} disabled={!canEdit} />}
    />
  );
  const date = (name: 'inForceDate' | 'capDecisionDate', label: string) => (
    <FormField
      control={control}
      name={name}
      label={label}
      id={`approval-${name}`}
      render={({ value, onChange, ...field }) => (
        <Input
          {...field}
          type="date"
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value || null)}
          disabled={!canEdit}
        />
      )}
    />
  );
  /** A decision's number and date, side by side: «Номер рішення про …», «Дата рішення про …». */
  const decision = (
    number: 'inForceNumber' | 'capDecisionNumber',
    on: 'inForceDate' | 'capDecisionDate',
    about: string,
  ) => (
    <>
      <Col xs={24} md={6}>
        {text(number, `Номер рішення про ${about}`)}
      </Col>
      <Col xs={24} md={6}>
        {date(on, `Дата рішення про ${about}`)}
      </Col>
    </>
  );
  return (
    <BlockCard title="Затвердження тарифів">
      <Form onSubmit={onSubmit} aria-label="Затвердження тарифів">
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <SelectField
              control={control}
              name="approver"
              label="Хто затверджує"
              id="approval-approver"
              options={APPROVER_OPTIONS}
              disabled={!canEdit}
            />
          </Col>
          <Col xs={24} md={10}>
            {text('bodyName', 'Повна назва органу')}
          </Col>
          <Col xs={24} md={6}>
            {text('place', 'Місце прийняття (м. …)')}
          </Col>
        </Row>
        <FormField
          control={control}
          name="legalBasis"
          label="Правова підстава преамбули (кожна з нового рядка)"
          id="approval-legalBasis"
          render={({ value, onChange, ...field }) => (
            <Input.TextArea
              {...field}
              autoSize={{ minRows: 3, maxRows: 8 }}
              value={(value as string[]).join('\n')}
              onChange={(event) => onChange(event.target.value.split('\n'))}
              disabled={!canEdit}
            />
          )}
        />
        <Row gutter={16}>{decision('inForceNumber', 'inForceDate', 'чинні тарифи')}</Row>
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <FormField
              control={control}
              name="profitabilityCap"
              label="Граничний норматив рентабельності, %"
              id="approval-profitabilityCap"
              render={(field) => <NumberInput {...field} step={0.01} disabled={!canEdit} />}
            />
          </Col>
          {decision('capDecisionNumber', 'capDecisionDate', 'норматив')}
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            {text('economistName', 'Економіст-виконавець (ПІБ) для пояснювальної записки')}
          </Col>
          <Col xs={24} md={6}>
            {text('economistPhone', 'Телефон економіста', { type: 'tel', autoComplete: 'tel' })}
          </Col>
        </Row>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Порожній норматив — без обмеження. Коли норматив задано, «Розрахувати» не прийме послугу з вищою рентабельністю."
        />
        <BlockSaveButton canSave={canEdit} isPending={save.isPending}>
          Зберегти налаштування затвердження
        </BlockSaveButton>
      </Form>
    </BlockCard>
  );
}
