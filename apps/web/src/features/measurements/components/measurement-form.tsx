import {
  MAX_MEASUREMENT_NAME_LENGTH,
  measurementInputSchema,
  type MeasurementInput,
} from '@medcalc/domain';
import { Input } from 'antd';
import type { z } from 'zod';

import { Form, FormActions, FormField, nameCount } from '@/components/ui/form';
import type { ItemFormProps } from '@/components/ui/reference-list';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { withServerErrors } from '@/lib/form-errors';

export type MeasurementFormValues = z.input<typeof measurementInputSchema>;

/** The unit's one field, its name (spec §7 payload `{ name }`), checked with the domain schema. */
export function MeasurementForm({
  idPrefix,
  defaultValues = { name: '' },
  submitText,
  isPending,
  onSubmit,
  onCancel,
}: ItemFormProps<MeasurementInput, MeasurementFormValues>) {
  const { control, handleSubmit, setError } = useSchemaForm(measurementInputSchema, defaultValues, {
    unsavedMessage: 'Одиницю виміру не збережено. Якщо піти зі сторінки, введене буде втрачено.',
  });
  const onValid = withServerErrors(setError, ['name'], onSubmit);

  return (
    <Form onSubmit={handleSubmit(onValid)} aria-label={submitText}>
      <FormField
        control={control}
        name="name"
        id={`${idPrefix}-name`}
        label="Назва"
        render={(field) => (
          // The counter shows the domain's limit without cutting what is typed: a longer name gets the message.
          <Input
            {...field}
            autoFocus
            count={nameCount(MAX_MEASUREMENT_NAME_LENGTH)}
            placeholder="Наприклад, крапля"
          />
        )}
      />
      <FormActions submitText={submitText} isPending={isPending} onCancel={onCancel} />
    </Form>
  );
}
