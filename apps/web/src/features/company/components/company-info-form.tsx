import { SaveOutlined } from '@ant-design/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { companyInfoEditSchema, type CompanyInfo } from '@medcalc/domain';
import { Button, ConfigProvider, Flex, Typography, theme } from 'antd';
import { useRef } from 'react';
import { useForm, useWatch, type Control, type Resolver } from 'react-hook-form';

import {
  COMPANY_INFO_LABELS,
  CompanyInfoFields,
  type CompanyInfoBinding,
  type CompanyInfoFormValues,
} from '@/components/company-info/company-info-fields';
import { Form, FormField } from '@/components/ui/form';
import { LoadError } from '@/components/ui/load-error';
import { LeavePageConfirm, useLeavePageGuard } from '@/components/ui/leave-page-confirm';
import { LoadingBlock } from '@/components/ui/loading-block';
import { useMemberCan } from '@/hooks/use-member-can';
import { applyServerErrors } from '@/lib/form-errors';

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
export function CompanyInfoForm({ companyIdentifier }: { companyIdentifier: string }) {
  const info = useCompanyInfo(companyIdentifier);

  if (info.isPending) return <LoadingBlock label="Дані закладу: завантаження…" rows={12} />;
  if (info.isError) return <LoadError onRetry={() => void info.refetch()} />;
  return <CompanyInfoEditor companyIdentifier={companyIdentifier} initial={info.data} />;
}

function CompanyInfoEditor({
  companyIdentifier,
  initial,
}: {
  companyIdentifier: string;
  initial: CompanyInfo;
}) {
  const update = useUpdateCompanyInfo();
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

  // Spec §7: the whole info object is sent; the answer is the data as stored, which the form then shows.
  const onValid = (values: CompanyInfo) =>
    update.mutate(
      { companyIdentifier, info: values },
      {
        onSuccess: ({ data }) => {
          stored.current = data;
          reset(data);
        },
        onError: (error) => applyServerErrors(error, setError, FIELD_NAMES),
      },
    );

  const { token } = theme.useToken();
  // Issue 22: a «Перегляд» member reads the data with every field disabled and no Save (the page says why).
  const canEdit = useMemberCan('edit');
  // The form is long (about 3 300 px): edits must not be lost by a click in the menu or a closed tab.
  const blocker = useLeavePageGuard(isDirty);

  return (
    // handleSubmit is called on submit, not during render: `onValid` moves the `stored` ref (React Compiler rule).
    <Form onSubmit={(event) => void handleSubmit(onValid)(event)} aria-label="Дані закладу">
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
      <LeavePageConfirm blocker={blocker}>
        Дані закладу мають незбережені зміни. Якщо піти зі сторінки, їх буде втрачено.
      </LeavePageConfirm>
    </Form>
  );
}
