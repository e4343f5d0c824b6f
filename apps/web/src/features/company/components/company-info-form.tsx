import { SaveOutlined } from '@ant-design/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  companyInfoEditSchema,
  suggestCompanyInfo,
  type CompanyInfo,
  type CompanyInfoSuggestion,
} from '@medcalc/domain';
import { Alert, Button, ConfigProvider, Flex, Typography, theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type Control, type Resolver } from 'react-hook-form';

import {
  COMPANY_INFO_LABELS,
  CompanyInfoFields,
  type CompanyInfoBinding,
  type CompanyInfoFormValues,
} from '@/components/company-info/company-info-fields';
import { Form, FormField } from '@/components/ui/form';
import { companyQueryBlock, type CompanyEditorProps } from '@/components/ui/query-block';
import { useMemberCan } from '@/hooks/use-member-can';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { useUser } from '@/lib/auth';
import { applyServerErrors } from '@/lib/form-errors';
import { formatMoney } from '@/utils/format';

import { useCompanyInfo } from '@/lib/queries/company-info';
import { useUpdateCompanyInfo } from '../api/update-company-info';

const FIELD_NAMES = Object.keys(COMPANY_INFO_LABELS) as (keyof CompanyInfo)[];

/** Each field of the set is a field of the page's react-hook-form form, with its messages (client and server). */
const bindForm =
  (control: Control<CompanyInfoFormValues, unknown, CompanyInfo>): CompanyInfoBinding =>
  ({ name, id, label, render }) => (
    <FormField control={control} name={name} id={id} label={label} render={render} />
  );

/** Spec §2 "Company": the institution data form with a Save button. */
export const CompanyInfoForm = companyQueryBlock(useCompanyInfo, CompanyInfoEditor, {
  label: 'Дані закладу: завантаження…',
  rows: 12,
});

function CompanyInfoEditor({ companyIdentifier, initial }: CompanyEditorProps<CompanyInfo>) {
  const update = useUpdateCompanyInfo();
  // Issue 22: a «Перегляд» member reads the data with every field disabled and no Save (the page says why).
  const canEdit = useMemberCan('edit');
  // Issue 23: a new institution's empty name and ЄСВ rate are offered (the registered name, the legal 22 %),
  // typed into the form as unsaved changes, so they are stored only when the user saves them.
  const registeredName = useUser().data?.company ?? '';
  const [suggestions, setSuggestions] = useState(() =>
    canEdit ? suggestCompanyInfo(initial, registeredName) : [],
  );
  // The data as stored: a legacy code or account (digits only, before IBAN) may stay as it is, but a changed
  // one must be valid (issue 13, `companyRequisiteIssues`). Moves on with every save.
  const stored = useRef(initial);
  const resolver: Resolver<CompanyInfoFormValues, unknown, CompanyInfo> = (...args) =>
    zodResolver(companyInfoEditSchema(stored.current))(...args);
  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { isDirty },
  } = useForm<CompanyInfoFormValues, unknown, CompanyInfo>({
    resolver,
    defaultValues: initial,
  });

  // Once, on opening: the offers become the form's values while the stored data stay its defaults, so the form
  // is dirty («Є незбережені зміни») until they are saved or changed back.
  useEffect(() => {
    if (suggestions.length === 0) return;
    reset(
      { ...initial, ...Object.fromEntries(suggestions.map((offer) => [offer.field, offer.value])) },
      { keepDefaultValues: true },
    );
  }, [initial, suggestions, reset]);

  // Spec §7: the whole info object is sent; the answer is the data as stored, which the form then shows.
  const onValid = (values: CompanyInfo) =>
    update.mutate(
      { companyIdentifier, info: values },
      {
        onSuccess: ({ data }) => {
          stored.current = data;
          reset(data);
          setSuggestions([]);
        },
        onError: (error) => applyServerErrors(error, setError, FIELD_NAMES),
      },
    );

  const { token } = theme.useToken();
  // The form is long (about 3 300 px): edits must not be lost by a click in the menu or a closed tab. They are
  // saved only by «Зберегти» (the whole object is checked first), so leaving with them is asked (issue 33).
  useUnsavedChanges({
    isDirty,
    message: 'Дані закладу мають незбережені зміни. Якщо піти зі сторінки, їх буде втрачено.',
  });

  return (
    // handleSubmit is called on submit, not during render: `onValid` moves the `stored` ref (React Compiler rule).
    <Form onSubmit={(event) => void handleSubmit(onValid)(event)} aria-label="Дані закладу">
      <SuggestionsNotice suggestions={suggestions} />
      <ConfigProvider componentDisabled={!canEdit}>
        <CompanyInfoFields
          overheadMethod={useWatch({ control, name: 'overhead_method' })}
          bind={bindForm(control)}
        />
      </ConfigProvider>
      {/* Stays at the bottom of the viewport, so saving never needs a scroll to the end of the form. */}
      {canEdit ? (
        <Flex
          role="region"
          aria-label="Збереження даних закладу"
          justify="end"
          align="center"
          gap={16}
          wrap
          style={{
            position: 'sticky',
            bottom: 0,
            zIndex: 10,
            padding: '12px 16px',
            background: token.colorBgContainer,
            borderTop: `1px solid ${token.colorBorderSecondary}`,
            boxShadow: token.boxShadowTertiary,
          }}
        >
          {isDirty ? <Typography.Text type="warning">Є незбережені зміни</Typography.Text> : null}
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            icon={<SaveOutlined aria-hidden />}
            loading={update.isPending}
          >
            Зберегти
          </Button>
        </Flex>
      ) : null}
    </Form>
  );
}

/** A suggested value as the form shows it: a percent with a decimal comma, text as it is. */
const shownValue = (offer: CompanyInfoSuggestion) =>
  typeof offer.value === 'number' ? `${formatMoney(offer.value, 0)} %` : offer.value;

/**
 * Issue 23: what the page filled in for a new institution and why, so the user sees these are offers to check
 * and confirm by saving, not data of theirs.
 */
function SuggestionsNotice({ suggestions }: { suggestions: CompanyInfoSuggestion[] }) {
  if (suggestions.length === 0) return null;
  return (
    <Alert
      type="info"
      showIcon
      role="status"
      style={{ marginBottom: 16 }}
      title="Ми заповнили кілька полів за вас"
      description={
        <>
          <ul style={{ margin: '4px 0', paddingInlineStart: 20 }}>
            {suggestions.map((offer) => (
              <li key={offer.field}>
                {COMPANY_INFO_LABELS[offer.field]}: <strong>{shownValue(offer)}</strong> —{' '}
                {offer.reason}.
              </li>
            ))}
          </ul>
          Перевірте їх і за потреби змініть. Вони збережуться, коли ви натиснете «Зберегти».
        </>
      }
    />
  );
}
