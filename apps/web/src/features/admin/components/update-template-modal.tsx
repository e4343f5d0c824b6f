import {
  templateUpdateInputSchema,
  type AdminTemplate,
  type TemplateUpdateInput,
} from '@medcalc/domain';

import { Form, FormActions } from '@/components/ui/form';
import { FormModal } from '@/components/ui/form-modal';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { withServerErrors } from '@/lib/form-errors';

import { useUpdateTemplate } from '../api/update-template';

import { TemplateFields, type CategoryChoices } from './category-select';

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
  const { control, handleSubmit, setError } = useSchemaForm(
    templateUpdateInputSchema,
    { name: template.name, categoryId: template.categoryId },
    { unsavedMessage: 'Зміни шаблону не збережено. Якщо піти зі сторінки, введене буде втрачено.' },
  );
  const onValid = withServerErrors(
    setError,
    ['name', 'categoryId'],
    async (input: TemplateUpdateInput) => {
      await update.mutateAsync({ id: template.id, input });
      onClose();
    },
  );

  return (
    <Form onSubmit={handleSubmit(onValid)} aria-label="Зберегти">
      <TemplateFields
        control={control}
        names={{ name: 'name', category: 'categoryId' }}
        idPrefix="update-template"
        categories={categories}
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
