import { SaveOutlined } from '@ant-design/icons';
import {
  OBLASTS,
  TARIFF_COMPARISON_EXPLANATION,
  participationInputSchema,
  type Participation,
  type ParticipationInput,
} from '@medcalc/domain';
import { Alert, Button, Card, Select, Switch, Typography } from 'antd';
import { Link } from 'react-router';

import { Form, FormField } from '@/components/ui/form';
import { LoadError } from '@/components/ui/load-error';
import { LoadingBlock } from '@/components/ui/loading-block';
import { paths } from '@/config/paths';
import { useMemberCan } from '@/hooks/use-member-can';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { applyServerErrors } from '@/lib/form-errors';

import { useParticipation } from '../api/get-participation';
import { useUpdateParticipation } from '../api/update-participation';

const OBLAST_OPTIONS = OBLASTS.map((oblast) => ({ value: oblast, label: oblast }));

/**
 * Issue 41: the /company block «Порівняння тарифів» — the owner's switch «Брати участь у порівнянні тарифів» with
 * the oblast, and in plain words what is shared and what never is. Off by default; give to get.
 */
export function ParticipationCard({ companyIdentifier }: { companyIdentifier: string }) {
  const participation = useParticipation(companyIdentifier);
  if (participation.isPending)
    return <LoadingBlock label="Порівняння тарифів: завантаження…" rows={2} />;
  if (participation.isError) return <LoadError onRetry={() => void participation.refetch()} />;
  return <ParticipationEditor companyIdentifier={companyIdentifier} initial={participation.data} />;
}

function ParticipationEditor({
  companyIdentifier,
  initial,
}: {
  companyIdentifier: string;
  initial: Participation;
}) {
  const canChange = useMemberCan('members');
  const save = useUpdateParticipation();
  const { control, handleSubmit, setError, reset } = useSchemaForm<
    ParticipationInput,
    ParticipationInput
  >(
    participationInputSchema,
    { participates: initial.participates, oblast: initial.oblast },
    { unsavedMessage: 'Участь у порівнянні тарифів не збережено.' },
  );
  const onValid = (input: ParticipationInput) =>
    save.mutate(
      { companyIdentifier, input },
      {
        onSuccess: ({ data }) => reset({ participates: data.participates, oblast: data.oblast }),
        onError: (error) => void applyServerErrors(error, setError, ['participates', 'oblast']),
      },
    );
  return (
    <Card
      title={<h2 style={{ margin: 0, fontSize: 18 }}>Порівняння тарифів</h2>}
      style={{ marginTop: 24 }}
    >
      <Typography.Paragraph>
        Анонімно порівняйте затверджені тарифи та структуру витрат з іншими закладами за тими самими
        шаблонними послугами.
      </Typography.Paragraph>
      <Typography.Paragraph>
        <strong>Що передається:</strong> {TARIFF_COMPARISON_EXPLANATION.shared}
      </Typography.Paragraph>
      <Typography.Paragraph>
        <strong>Що не передається ніколи:</strong> {TARIFF_COMPARISON_EXPLANATION.never}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {TARIFF_COMPARISON_EXPLANATION.rule}
      </Typography.Paragraph>
      <Form onSubmit={handleSubmit(onValid)} aria-label="Участь у порівнянні тарифів">
        <FormField
          control={control}
          name="participates"
          label="Брати участь у порівнянні тарифів"
          id="comparison-participates"
          render={({ value, onChange, ref, id }) => (
            <Switch ref={ref} id={id} checked={value} onChange={onChange} disabled={!canChange} />
          )}
        />
        <FormField
          control={control}
          name="oblast"
          label="Область закладу"
          id="comparison-oblast"
          render={(field) => (
            <Select
              {...field}
              options={OBLAST_OPTIONS}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Оберіть область"
              allowClear
              onChange={(value: string | undefined) => field.onChange(value ?? null)}
              disabled={!canChange}
              style={{ maxWidth: 360 }}
            />
          )}
        />
        <Typography.Paragraph type="secondary">
          Кількість ліжок (з даних закладу):{' '}
          {initial.beds === null ? 'не вказано' : String(initial.beds)}
        </Typography.Paragraph>
        {canChange ? (
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
            Зберегти участь
          </Button>
        ) : (
          <Alert type="info" showIcon title="Участь вмикає керівник облікового запису." />
        )}
      </Form>
      {initial.participates ? (
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
          <Link to={paths.tariffComparison}>Відкрити порівняння тарифів</Link>
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}
