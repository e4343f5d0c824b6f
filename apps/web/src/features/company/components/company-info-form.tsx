import { SaveOutlined } from '@ant-design/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { companyInfoSchema, type CompanyInfo } from '@medcalc/domain';
import { Button, Flex } from 'antd';
import { useForm } from 'react-hook-form';

import { Form } from '@/components/ui/form';
import { LoadError } from '@/components/ui/load-error';
import { LoadingBlock } from '@/components/ui/loading-block';
import { applyServerErrors } from '@/lib/form-errors';

import { useCompanyInfo } from '../api/get-company-info';
import { useUpdateCompanyInfo } from '../api/update-company-info';

import {
  COMPANY_INFO_LABELS,
  CompanyInfoFields,
  type CompanyInfoFormValues,
} from './company-info-fields';

const FIELD_NAMES = Object.keys(COMPANY_INFO_LABELS) as (keyof CompanyInfo)[];

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
  const { control, handleSubmit, setError, reset } = useForm<
    CompanyInfoFormValues,
    unknown,
    CompanyInfo
  >({
    resolver: zodResolver(companyInfoSchema),
    defaultValues: initial,
  });

  // Spec §7: the whole info object is sent; the answer is the data as stored, which the form then shows.
  const onValid = (values: CompanyInfo) =>
    update.mutate(
      { companyIdentifier, info: values },
      {
        onSuccess: ({ data }) => reset(data),
        onError: (error) => applyServerErrors(error, setError, FIELD_NAMES),
      },
    );

  return (
    <Form onSubmit={handleSubmit(onValid)} aria-label="Дані закладу">
      <CompanyInfoFields control={control} />
      <Flex justify="end">
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
    </Form>
  );
}
