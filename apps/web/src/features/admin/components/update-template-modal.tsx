import { zodResolver } from '@hookform/resolvers/zod';
import {
  templateUpdateInputSchema,
  type AdminTemplate,
  type TemplateUpdateInput,
} from '@medcalc/domain';
import { Input } from 'antd';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { Form, FormActions, FormField } from '@/components/ui/form';
import { FormModal } from '@/components/ui/form-modal';
import { applyServerErrors } from '@/lib/form-errors';

import { useUpdateTemplate } from '../api/update-template';

import { CategorySelect, type CategoryChoices } from './category-select';

type TemplateUpdateValues = z.input<typeof templateUpdateInputSchema>;

function UpdateTemplateForm({
  template,
  categories,
  onClose,
}: {
  template: AdminTemplate;
  categories: CategoryChoices;
  onClose: () => void;
}) {
  const update = useUpdateTemplate();
  const { control, handleSubmit, setError } = useForm<
    TemplateUpdateValues,
    unknown,
    TemplateUpdateInput
  >({
    resolver: zodResolver(templateUpdateInputSchema),
    defaultValues: { name: template.name, categoryId: template.categoryId },
  });

  const onValid = async (input: TemplateUpdateInput) => {
    try {
      await update.mutateAsync({ id: template.id, input });
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, ['name', 'categoryId']);
    }
  };

  return (
    <Form onSubmit={handleSubmit(onValid)} aria-label="Зберегти">
      <FormField
        control={control}
        name="name"
        id="update-template-name"
        label="Назва шаблону"
        render={(field) => <Input {...field} autoFocus maxLength={255} />}
      />
      <FormField
        control={control}
        name="categoryId"
        id="update-template-category"
        label="Категорія"
        render={(field) => <CategorySelect {...field} categories={categories} />}
      />
      <FormActions submitText="Зберегти" isPending={update.isPending} onCancel={onClose} />
    </Form>
  );
}

/**
 * Rename a template or move it to another category (beyond the spec, issue 11), open while `template` is set.
 * Orders that copied the template keep their copy.
 */
export function UpdateTemplateModal({
  template,
  categories,
  onClose,
}: {
  template: AdminTemplate | undefined;
  categories: CategoryChoices;
  onClose: () => void;
}) {
  return (
    <FormModal open={template !== undefined} title="Редагувати шаблон" onClose={onClose}>
      {template ? (
        <UpdateTemplateForm template={template} categories={categories} onClose={onClose} />
      ) : null}
    </FormModal>
  );
}
