import {
  AREA_ROWS,
  COMPANY_INFO_LABELS,
  EXPENSE_SECTIONS,
  FINANCING_FORMS,
  OVERHEAD_BASES,
  OVERHEAD_BASE_LABELS,
  OVERHEAD_METHODS,
  OVERHEAD_METHOD_LABELS,
  type CompanyInfo,
  type CompanyInfoNumericField,
  type companyInfoSchema,
} from '@medcalc/domain';
import { Form as AntForm, Card, Col, Input, Radio, Row, Select, Typography } from 'antd';
import type { InputProps } from 'antd';
import { useWatch, type Control } from 'react-hook-form';
import type { z } from 'zod';

import { FormField } from '@/components/ui/form';
import { NumberField } from '@/components/ui/number-field';

/** What the inputs hold before the domain schema parses them (empty numbers are `null`). */
export type CompanyInfoFormValues = z.input<typeof companyInfoSchema>;

type NumericField = CompanyInfoNumericField | 'overhead_percent';

/** The fields typed into a plain text input. */
type TextField =
  'name' | 'ceo_name' | 'counter_name' | 'ceo_phone' | 'counter_phone' | 'code' | 'payment_code';

/**
 * The labels, sections and overhead choices live in the domain (`company-info-labels.ts`): the server's
 * «Інформація про заклад» document prints the same ones. Re-exported for the web code that imports it from here.
 */
export { COMPANY_INFO_LABELS };

/** Spec §2: every numeric input carries this placeholder ('fill in'). */
const NUMBER_PLACEHOLDER = 'заповніть';

/** Shows the 29 characters of a Ukrainian IBAN in the groups of four it is usually written in. */
const IBAN_PLACEHOLDER = 'UA00 0000 0000 0000 0000 0000 0000 0';

type Props = {
  control: Control<CompanyInfoFormValues, unknown, CompanyInfo>;
  /** Makes the field ids unique when two field sets share a page. */
  idPrefix?: string;
};

/**
 * The institution data field set (spec §2 step 1, §3 "Company info"), with the overhead settings of
 * docs/methodology.md §6. It renders fields of a react-hook-form form owned by the caller: the company page
 * (/company) and step 1 of the order wizard, which must show the same fields and sections (spec §2), so it lives
 * here in the shared components rather than in either feature.
 */
export function CompanyInfoFields({ control, idPrefix = 'company-info' }: Props) {
  const overheadMethod = useWatch({ control, name: 'overhead_method' });
  const id = (name: string) => `${idPrefix}-${name.replaceAll('_', '-')}`;

  const inputField = (name: TextField, input: InputProps) => (
    <FormField
      control={control}
      name={name}
      id={id(name)}
      label={COMPANY_INFO_LABELS[name]}
      render={(field) => <Input {...field} value={field.value ?? ''} {...input} />}
    />
  );

  const textField = (name: 'name' | 'ceo_name' | 'counter_name', autoComplete?: string) =>
    inputField(name, { maxLength: 1000, autoComplete });

  const phoneField = (name: 'ceo_phone' | 'counter_phone') =>
    inputField(name, {
      type: 'tel',
      autoComplete: 'tel',
      maxLength: 40,
      placeholder: '+380 44 123 45 67',
    });

  // Letters are not stripped as they are typed: the domain's check says what is wrong instead (issue 13), and an
  // IBAN starts with letters anyway. Spaces are allowed and removed when the data is stored.
  const codeField = (
    name: 'code' | 'payment_code',
    { maxLength, placeholder }: { maxLength: number; placeholder: string },
  ) =>
    inputField(name, {
      inputMode: name === 'code' ? 'numeric' : 'text',
      autoCapitalize: name === 'payment_code' ? 'characters' : undefined,
      spellCheck: false,
      autoComplete: 'off',
      maxLength,
      placeholder,
    });

  const numberField = (
    name: NumericField,
    { precision = 2, disabled = false }: { precision?: number; disabled?: boolean } = {},
  ) => (
    <NumberField
      key={name}
      control={control}
      name={name}
      id={id(name)}
      label={COMPANY_INFO_LABELS[name]}
      precision={precision}
      placeholder={NUMBER_PLACEHOLDER}
      disabled={disabled}
    />
  );

  return (
    <>
      <Card title="Загальні відомості" style={{ marginBottom: 24 }}>
        <Row gutter={24}>
          <Col xs={24}>{textField('name', 'organization')}</Col>
          <Col xs={24} md={12}>
            {codeField('code', { maxLength: 14, placeholder: '8 цифр ЄДРПОУ або 10 — РНОКПП' })}
          </Col>
          <Col xs={24} md={12}>
            {codeField('payment_code', { maxLength: 40, placeholder: IBAN_PLACEHOLDER })}
          </Col>
          <Col xs={24} md={12}>
            <FormField
              control={control}
              name="form"
              id={id('form')}
              label={COMPANY_INFO_LABELS.form}
              render={(field) => (
                <Select
                  {...field}
                  value={typeof field.value === 'number' ? field.value : undefined}
                  onChange={(value: number | undefined) => field.onChange(value ?? null)}
                  options={FINANCING_FORMS.map((form) => ({
                    value: form.value,
                    label: form.label,
                  }))}
                  placeholder="Оберіть форму фінансування"
                  allowClear
                  notFoundContent="Нічого не знайдено"
                />
              )}
            />
          </Col>
          <Col xs={24} md={12} />
          <Col xs={24} md={12}>
            {textField('ceo_name', 'name')}
          </Col>
          <Col xs={24} md={12}>
            {phoneField('ceo_phone')}
          </Col>
          <Col xs={24} md={12}>
            {textField('counter_name')}
          </Col>
          <Col xs={24} md={12}>
            {phoneField('counter_phone')}
          </Col>
          <Col xs={24}>
            <FormField
              control={control}
              name="address"
              id={id('address')}
              label={COMPANY_INFO_LABELS.address}
              render={(field) => (
                <Input.TextArea
                  {...field}
                  value={field.value ?? ''}
                  rows={4}
                  maxLength={1000}
                  autoComplete="street-address"
                />
              )}
            />
          </Col>
        </Row>
      </Card>

      {/* A label beside its input reads as the spec's tables: one row per article. */}
      <AntForm
        component={false}
        layout="horizontal"
        labelAlign="left"
        labelWrap
        labelCol={{ flex: '1 1 55%' }}
        wrapperCol={{ flex: '0 1 260px' }}
        colon={false}
        requiredMark={false}
      >
        <Card title="Планові витрати на рік, грн" style={{ marginBottom: 24 }}>
          {EXPENSE_SECTIONS.map((section) => (
            <section key={section.title} aria-label={section.title}>
              <Typography.Title level={5}>{section.title}</Typography.Title>
              {section.fields.map((name) => numberField(name))}
            </section>
          ))}
        </Card>

        <Card title="Площі, м²" style={{ marginBottom: 24 }}>
          {AREA_ROWS.map((name) => numberField(name))}
        </Card>

        <Card title="Інша інформація" style={{ marginBottom: 24 }}>
          {numberField('unified_social_security_contribution_rate')}
          {numberField('actual_amount_for_leave_payment')}
          {numberField('total_number_of_beds', { precision: 0 })}
        </Card>
      </AntForm>

      <Card title="Накладні витрати" style={{ marginBottom: 24 }}>
        <Typography.Paragraph type="secondary">
          Накладні витрати можна розраховувати з даних закладу (фонди оплати праці, витрати, площі)
          або задати фіксованим відсотком, як це передбачено обліковою політикою закладу.
        </Typography.Paragraph>
        <FormField
          control={control}
          name="overhead_method"
          id={id('overhead_method')}
          label={COMPANY_INFO_LABELS.overhead_method}
          render={({ value, onChange, onBlur, name, id: fieldId }) => (
            <Radio.Group
              id={fieldId}
              name={name}
              value={value ?? 'computed'}
              onChange={(event) => onChange(event.target.value)}
              onBlur={onBlur}
              aria-label={COMPANY_INFO_LABELS.overhead_method}
              options={OVERHEAD_METHODS.map((method) => ({
                value: method,
                label: OVERHEAD_METHOD_LABELS[method],
              }))}
            />
          )}
        />
        <Row gutter={24}>
          <Col xs={24} md={12}>
            {numberField('overhead_percent', { disabled: overheadMethod !== 'fixed' })}
          </Col>
          <Col xs={24} md={12}>
            <FormField
              control={control}
              name="overhead_base"
              id={id('overhead_base')}
              label={COMPANY_INFO_LABELS.overhead_base}
              render={(field) => (
                <Select
                  {...field}
                  value={field.value ?? 'labour'}
                  disabled={overheadMethod !== 'fixed'}
                  options={OVERHEAD_BASES.map((base) => ({
                    value: base,
                    label: OVERHEAD_BASE_LABELS[base],
                  }))}
                />
              )}
            />
          </Col>
        </Row>
      </Card>
    </>
  );
}
