import {
  SCIENTIFIC_DEGREES,
  STAFF_CATEGORIES,
  staffRateInputSchema,
  type StaffRateInput,
} from '@medcalc/domain';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';

import { SelectField } from '@/components/ui/choice-fields';
import { Form, FormActions, nameField, TextFields } from '@/components/ui/form';
import { NumberField } from '@/components/ui/number-field';
import { ZeroAmountConfirm } from '@/components/ui/zero-amount-confirm';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { withServerErrors } from '@/lib/form-errors';

const CATEGORY_OPTIONS = STAFF_CATEGORIES.map((category) => ({ value: category, label: category }));
const DEGREE_OPTIONS = SCIENTIFIC_DEGREES.map((degree) => ({ value: degree, label: degree }));

/**
 * A company's own position: qualification, category, scientific degree and monthly salary in UAH, checked
 * with the domain schema (categories and degrees are closed lists there).
 */
export function StaffRateForm({
  isPending,
  onSubmit,
  onCancel,
}: {
  isPending: boolean;
  /** Rejects with the API error, whose 422 field messages go under the fields. */
  onSubmit: (input: StaffRateInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { control, handleSubmit, setError } = useSchemaForm(
    staffRateInputSchema,
    { qualification: '', scientific_degree: 'немає', salary: null },
    { unsavedMessage: 'Нову посаду не додано. Якщо піти зі сторінки, введене буде втрачено.' },
  );

  // Issue 13: a salary of 0 makes this position's labour cost 0, so it is saved only confirmed.
  const [isZeroConfirmed, setIsZeroConfirmed] = useState(false);
  const isZero = useWatch({ control, name: 'salary' }) === 0;

  const send = withServerErrors(
    setError,
    ['qualification', 'category', 'scientific_degree', 'salary'],
    onSubmit,
  );
  const onValid = async (input: StaffRateInput) => {
    if (input.salary === 0 && !isZeroConfirmed) {
      setError(
        'salary',
        { type: 'zero', message: 'Підтвердьте оклад 0 грн нижче або вкажіть інший.' },
        { shouldFocus: true },
      );
      return;
    }
    await send(input);
  };

  return (
    <Form onSubmit={handleSubmit(onValid)} aria-label="Нова посада">
      <TextFields
        control={control}
        fields={[
          {
            ...nameField('qualification', 'staff-rate-qualification', 'Кваліфікація'),
            placeholder: 'Наприклад, Лікар-кардіолог',
          },
        ]}
      />
      <SelectField
        control={control}
        name="category"
        id="staff-rate-category"
        label="Категорія"
        options={CATEGORY_OPTIONS}
        placeholder="Оберіть категорію"
        notFoundContent="Нічого не знайдено"
      />
      <SelectField
        control={control}
        name="scientific_degree"
        id="staff-rate-degree"
        label="Науковий ступінь"
        options={DEGREE_OPTIONS}
        notFoundContent="Нічого не знайдено"
      />
      <NumberField
        control={control}
        name="salary"
        id="staff-rate-salary"
        label="Оклад, грн на місяць"
        step={100}
        placeholder="заповніть"
      />
      {isZero ? (
        <ZeroAmountConfirm
          id="staff-rate-zero-salary"
          warning="Оклад 0 грн: вартість праці за цією посадою у розрахунках буде 0."
          isConfirmed={isZeroConfirmed}
          onConfirmedChange={setIsZeroConfirmed}
        />
      ) : null}
      <FormActions submitText="Додати" isPending={isPending} onCancel={onCancel} />
    </Form>
  );
}
