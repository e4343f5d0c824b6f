import {
  AREA_ROWS,
  COMPANY_INFO_LABELS,
  EXPENSE_SECTIONS,
  FINANCING_FORMS,
  OVERHEAD_BASES,
  OVERHEAD_BASE_LABELS,
  OVERHEAD_METHODS,
  OVERHEAD_METHOD_LABELS,
  formatIban,
  normalizeIban,
  type CompanyInfoNumericField,
  type companyInfoSchema,
} from '@medcalc/domain';
import { Form as AntForm, Card, Col, Input, Radio, Row, Select, Typography } from 'antd';
import type { InputProps } from 'antd';
import { Fragment, type ReactElement, type Ref } from 'react';
import type { z } from 'zod';

import type { describedBy } from '@/components/ui/form';
import { FieldNumberInput } from '@/components/ui/number-field';

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

/**
 * A whole Ukrainian IBAN shows in groups of four (issue 23), stored or just typed: `UA21 3223 1300 …`. One being
 * typed shows as typed, so the caret does not jump; the stored value has no spaces either way.
 */
const ibanShown = (value: string) =>
  /^UA\d{27}$/.test(normalizeIban(value)) ? formatIban(value) : value;

/** Shows the 29 characters of a Ukrainian IBAN in the groups of four it is usually written in. */
const IBAN_PLACEHOLDER = 'UA00 0000 0000 0000 0000 0000 0000 0';

type FieldName = keyof CompanyInfoFormValues;

/** What the field set gives the input of field `K`: its value as typed, where changes go, and its message's props. */
export type CompanyInfoInput<K extends FieldName> = ReturnType<typeof describedBy> & {
  name: K;
  value: CompanyInfoFormValues[K];
  onChange: (value: CompanyInfoFormValues[K]) => void;
  onBlur: () => void;
  ref?: Ref<never>;
};

/**
 * How the owner of the values binds one field: it renders the field's label and message around the input that
 * `render` draws, and gives that input the field's value and change handler. The company page binds its
 * react-hook-form form (`FormField`), the wizard's step 1 the order draft (one form model with the other steps).
 */
export type CompanyInfoBinding = <K extends FieldName>(field: {
  name: K;
  id: string;
  label: string;
  render: (input: CompanyInfoInput<K>) => ReactElement;
}) => ReactElement;

/** The id of a field's input in a field set of `idPrefix` (`company-info-ceo-name`). */
export const companyInfoFieldId = (idPrefix: string, name: FieldName) =>
  `${idPrefix}-${name.replaceAll('_', '-')}`;

type Props = {
  /** The values shown, read for the overhead settings that enable or disable other fields. */
  overheadMethod: CompanyInfoFormValues['overhead_method'];
  bind: CompanyInfoBinding;
  /** Makes the field ids unique when two field sets share a page. */
  idPrefix?: string;
};

/**
 * The institution data field set (spec §2 step 1, §3 "Company info"), with the overhead settings of
 * docs/methodology.md §6. The values belong to the caller, which binds each field (`bind`): the company page
 * (/company) and step 1 of the order wizard, which must show the same fields and sections (spec §2), so it lives
 * here in the shared components rather than in either feature.
 */
export function CompanyInfoFields({ overheadMethod, bind, idPrefix = 'company-info' }: Props) {
  const id = (name: FieldName) => companyInfoFieldId(idPrefix, name);
  const field = <K extends FieldName>(
    name: K,
    render: (input: CompanyInfoInput<K>) => ReactElement,
  ) => bind({ name, id: id(name), label: COMPANY_INFO_LABELS[name], render });

  const inputField = (name: TextField, input: InputProps, shown = (value: string) => value) =>
    field(name, ({ value, onChange, ...props }) => (
      <Input
        {...props}
        value={shown(value ?? '')}
        onChange={(event) => onChange(event.target.value)}
        {...input}
      />
    ));

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
    inputField(
      name,
      {
        inputMode: name === 'code' ? 'numeric' : 'text',
        autoCapitalize: name === 'payment_code' ? 'characters' : undefined,
        spellCheck: false,
        autoComplete: 'off',
        maxLength,
        placeholder,
      },
      name === 'payment_code' ? ibanShown : undefined,
    );

  const numberField = (
    name: NumericField,
    { precision = 2, disabled = false }: { precision?: number; disabled?: boolean } = {},
  ) => (
    <Fragment key={name}>
      {field(name, (input) => (
        <FieldNumberInput
          {...input}
          onChange={(value) => input.onChange(value as CompanyInfoFormValues[typeof name])}
          precision={precision}
          placeholder={NUMBER_PLACEHOLDER}
          // `undefined` rather than false: a surrounding ConfigProvider's componentDisabled (a read-only order,
          // a «Перегляд» member) then disables it too.
          disabled={disabled || undefined}
        />
      ))}
    </Fragment>
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
            {field('form', (input) => (
              <Select
                {...input}
                value={typeof input.value === 'number' ? input.value : undefined}
                onChange={(value: number | undefined) => input.onChange(value ?? null)}
                options={FINANCING_FORMS.map((form) => ({ value: form.value, label: form.label }))}
                placeholder="Оберіть форму фінансування"
                allowClear
                notFoundContent="Нічого не знайдено"
              />
            ))}
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
            {field('address', ({ value, onChange, ...input }) => (
              <Input.TextArea
                {...input}
                value={value ?? ''}
                onChange={(event) => onChange(event.target.value)}
                rows={4}
                maxLength={1000}
                autoComplete="street-address"
              />
            ))}
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
        {field('overhead_method', ({ value, onChange, onBlur, name, id: fieldId }) => (
          <Radio.Group
            id={fieldId}
            name={name}
            value={value ?? 'computed'}
            onChange={(event) => onChange(event.target.value as typeof value)}
            onBlur={onBlur}
            aria-label={COMPANY_INFO_LABELS.overhead_method}
            options={OVERHEAD_METHODS.map((method) => ({
              value: method,
              label: OVERHEAD_METHOD_LABELS[method],
            }))}
          />
        ))}
        <Row gutter={24}>
          <Col xs={24} md={12}>
            {numberField('overhead_percent', { disabled: overheadMethod !== 'fixed' })}
          </Col>
          <Col xs={24} md={12}>
            {field('overhead_base', (input) => (
              <Select
                {...input}
                value={input.value ?? 'labour'}
                disabled={overheadMethod !== 'fixed' || undefined}
                options={OVERHEAD_BASES.map((base) => ({
                  value: base,
                  label: OVERHEAD_BASE_LABELS[base],
                }))}
              />
            ))}
          </Col>
        </Row>
      </Card>
    </>
  );
}
