import { pillInputSchema, type PillInput } from '@medcalc/domain';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';

import { Form, FormActions, FormField, nameField, TextFields } from '@/components/ui/form';
import type { ItemFormProps } from '@/components/ui/reference-list';
import { NumberField } from '@/components/ui/number-field';
import { ZeroAmountConfirm } from '@/components/ui/zero-amount-confirm';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { withServerErrors } from '@/lib/form-errors';

import { UnitSelect, type UnitChoices } from './unit-select';

/** What the inputs hold; the price input reports `null` while it is empty, which the schema rejects. */
export type PillFormValues = z.input<typeof pillInputSchema>;

const ZERO_PRICE_UNCONFIRMED = 'Підтвердьте ціну 0 грн нижче або вкажіть іншу.';

const EMPTY_PILL: PillFormValues = { name: '', measurementType: '', price: null };

/** The add and edit modals' props (spec §2), and the unit choices the page composes in. */
type PillFormProps = ItemFormProps<PillInput, PillFormValues> & { units: UnitChoices };

/**
 * A material's name, unit and price per unit (spec §7 payload `{ name, measurementType, price }`), checked with
 * the domain schema: price is UAH, not negative, at most four decimals (issue 33: 2,375 грн/мл).
 */
export function PillForm({
  idPrefix,
  defaultValues = EMPTY_PILL,
  units,
  submitText,
  isPending,
  onSubmit,
  onCancel,
}: PillFormProps) {
  const { control, handleSubmit, setError } = useSchemaForm(pillInputSchema, defaultValues, {
    unsavedMessage: 'Матеріал не збережено. Якщо піти зі сторінки, введене буде втрачено.',
  });

  // Issue 13: a price of 0 makes the material cost nothing in every calculation, so it is saved only confirmed.
  const [isZeroConfirmed, setIsZeroConfirmed] = useState(false);
  const isZero = useWatch({ control, name: 'price' }) === 0;

  const send = withServerErrors(setError, ['name', 'measurementType', 'price'], onSubmit);
  const onValid = async (input: PillInput) => {
    if (input.price === 0 && !isZeroConfirmed) {
      setError('price', { type: 'zero', message: ZERO_PRICE_UNCONFIRMED }, { shouldFocus: true });
      return;
    }
    await send(input);
  };

  return (
    <Form onSubmit={handleSubmit(onValid)} aria-label={submitText}>
      <TextFields control={control} fields={[nameField('name', `${idPrefix}-name`, 'Назва')]} />
      <FormField
        control={control}
        name="measurementType"
        id={`${idPrefix}-measurement-type`}
        label="Одиниця виміру"
        render={(field) => <UnitSelect {...field} units={units} />}
      />
      <NumberField
        control={control}
        name="price"
        id={`${idPrefix}-price`}
        label="Ціна за одиницю, грн"
        step={0.01}
        placeholder="0,00"
      />
      {isZero ? (
        <ZeroAmountConfirm
          id={`${idPrefix}-zero-price`}
          warning="Ціна 0 грн: витрати на цей матеріал у розрахунках будуть 0."
          isConfirmed={isZeroConfirmed}
          onConfirmedChange={setIsZeroConfirmed}
        />
      ) : null}
      <FormActions submitText={submitText} isPending={isPending} onCancel={onCancel} />
    </Form>
  );
}
