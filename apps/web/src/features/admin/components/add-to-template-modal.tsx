import {
  addToTemplateInputSchema,
  type AddToTemplateInput,
  type AdminCalculation,
} from '@medcalc/domain';
import { Typography } from 'antd';

import { Form, FormActions } from '@/components/ui/form';
import { FormModal } from '@/components/ui/form-modal';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { withServerErrors } from '@/lib/form-errors';

import { useAddToTemplate } from '../api/add-to-template';

import { TemplateFields, type CategoryChoices } from './category-select';

function AddToTemplateForm({
  calculation,
  categories,
  onClose,
}: {
  calculation: AdminCalculation;
  categories: CategoryChoices;
  onClose: () => void;
}) {
  const promotion = useAddToTemplate();
  // The template starts as the calculation's own name and category; the administrator may change both.
  const { control, handleSubmit, setError } = useSchemaForm(
    addToTemplateInputSchema,
    {
      templateName: calculation.name,
      calculationIdentifier: calculation.identifier,
      categoryId: calculation.categoryId ?? undefined,
    },
    { unsavedMessage: 'Шаблон не створено. Якщо піти зі сторінки, введене буде втрачено.' },
  );
  const onValid = withServerErrors(
    setError,
    ['templateName', 'categoryId'],
    async (input: AddToTemplateInput) => {
      await promotion.mutateAsync(input);
      onClose();
    },
  );

  return (
    <Form onSubmit={handleSubmit(onValid)} aria-label="Створити шаблон">
      <Typography.Paragraph type="secondary">
        Шаблон отримає копію послуги «{calculation.name}» (код {calculation.companyCode}): посади
        персоналу, матеріали, їх одиниці виміру та ціни. Він одразу з’явиться у всіх закладів на
        сторінці створення замовлення.
      </Typography.Paragraph>
      <TemplateFields
        control={control}
        names={{ name: 'templateName', category: 'categoryId' }}
        idPrefix="add-to-template"
        categories={categories}
      />
      <FormActions
        submitText="Створити шаблон"
        isPending={promotion.isPending}
        onCancel={onClose}
      />
    </Form>
  );
}

/** The add-to-template question of spec §2 Admin panel → Calculations, open while `calculation` is set. */
export function AddToTemplateModal({
  calculation,
  categories,
  onClose,
}: {
  calculation: AdminCalculation | undefined;
  categories: CategoryChoices;
  onClose: () => void;
}) {
  return (
    <FormModal
      open={calculation !== undefined}
      title="Додати послугу до шаблонів"
      onClose={onClose}
    >
      {calculation ? (
        <AddToTemplateForm calculation={calculation} categories={categories} onClose={onClose} />
      ) : null}
    </FormModal>
  );
}
