import { zodResolver } from '@hookform/resolvers/zod';
import {
  addToTemplateInputSchema,
  type AddToTemplateInput,
  type AdminCalculation,
} from '@medcalc/domain';
import { Input, Typography } from 'antd';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { Form, FormActions, FormField } from '@/components/ui/form';
import { FormModal } from '@/components/ui/form-modal';
import { applyServerErrors } from '@/lib/form-errors';

import { useAddToTemplate } from '../api/add-to-template';

import { CategorySelect, type CategoryChoices } from './category-select';

type AddToTemplateValues = z.input<typeof addToTemplateInputSchema>;

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
  const { control, handleSubmit, setError } = useForm<
    AddToTemplateValues,
    unknown,
    AddToTemplateInput
  >({
    resolver: zodResolver(addToTemplateInputSchema),
    // The template starts as the calculation's own name and category; the administrator may change both.
    defaultValues: {
      templateName: calculation.name,
      calculationIdentifier: calculation.identifier,
      categoryId: calculation.categoryId ?? undefined,
    },
  });

  const onValid = async (input: AddToTemplateInput) => {
    try {
      await promotion.mutateAsync(input);
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, ['templateName', 'categoryId']);
    }
  };

  return (
    <Form onSubmit={handleSubmit(onValid)} aria-label="Створити шаблон">
      <Typography.Paragraph type="secondary">
        Шаблон отримає копію послуги «{calculation.name}» (код {calculation.companyCode}): посади
        персоналу, матеріали, їх одиниці виміру та ціни. Він одразу з’явиться у всіх закладів на
        сторінці створення замовлення.
      </Typography.Paragraph>
      <FormField
        control={control}
        name="templateName"
        id="add-to-template-name"
        label="Назва шаблону"
        render={(field) => <Input {...field} autoFocus maxLength={255} />}
      />
      <FormField
        control={control}
        name="categoryId"
        id="add-to-template-category"
        label="Категорія"
        render={(field) => <CategorySelect {...field} categories={categories} />}
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
