import {
  OBLASTS,
  TARIFF_COMPARISON_EXPLANATION,
  participationInputSchema,
  type Participation,
  type ParticipationInput,
} from '@medcalc/domain';
import { Select, Typography } from 'antd';
import { Link } from 'react-router';

import { BlockCard, BlockSaveButton } from '@/components/ui/block-card';
import { SwitchField } from '@/components/ui/choice-fields';
import { Form, FormField } from '@/components/ui/form';
import { companyQueryBlock, type CompanyEditorProps } from '@/components/ui/query-block';
import { paths } from '@/config/paths';
import { useMemberCan } from '@/hooks/use-member-can';
import { useBlockForm } from '@/hooks/use-block-form';

import { useParticipation } from '../api/get-participation';
import { useUpdateParticipation } from '../api/update-participation';

const OBLAST_OPTIONS = OBLASTS.map((oblast) => ({ value: oblast, label: oblast }));

/**
 * Issue 41: the /company block «Порівняння тарифів» — the owner's switch «Брати участь у порівнянні тарифів» with
 * the oblast, and in plain words what is shared and what never is. Off by default; give to get.
 */
export const ParticipationCard = companyQueryBlock(useParticipation, ParticipationEditor, {
  label: 'Порівняння тарифів: завантаження…',
  rows: 2,
});

function ParticipationEditor({ companyIdentifier, initial }: CompanyEditorProps<Participation>) {
  const canChange = useMemberCan('members');
  const save = useUpdateParticipation();
  const { control, onSubmit } = useBlockForm<ParticipationInput, ParticipationInput, Participation>(
    {
      companyIdentifier,
      schema: participationInputSchema,
      initial,
      valuesOf: (data) => ({ participates: data.participates, oblast: data.oblast }),
      save,
      fields: ['participates', 'oblast'],
      unsavedMessage: 'Участь у порівнянні тарифів не збережено.',
    },
  );
  return (
    <BlockCard title="Порівняння тарифів">
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
      <Form onSubmit={onSubmit} aria-label="Участь у порівнянні тарифів">
        <SwitchField
          control={control}
          name="participates"
          label="Брати участь у порівнянні тарифів"
          id="comparison-participates"
          disabled={!canChange}
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
        <BlockSaveButton
          canSave={canChange}
          isPending={save.isPending}
          refusal="Участь вмикає керівник облікового запису."
        >
          Зберегти участь
        </BlockSaveButton>
      </Form>
      {initial.participates ? (
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
          <Link to={paths.tariffComparison}>Відкрити порівняння тарифів</Link>
        </Typography.Paragraph>
      ) : null}
    </BlockCard>
  );
}
