import type { FieldPath, FieldValues } from 'react-hook-form';

import { FormField, type FormFieldProps } from './form';
import { NumberInput, type NumberInputProps } from './number-input';

type NumberFieldProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed,
> = Omit<FormFieldProps<TValues, TName, TTransformed>, 'render'> &
  Pick<NumberInputProps, 'step' | 'precision' | 'placeholder' | 'disabled'>;

/**
 * A labelled uk-UA number input (NumberInput) at full width. An empty input holds `null` in the form, and text
 * that is no number holds that text; the domain schema turns either into its own message.
 */
export function NumberField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
>({ control, name, id, label, ...inputProps }: NumberFieldProps<TValues, TName, TTransformed>) {
  return (
    <FormField
      control={control}
      name={name}
      id={id}
      label={label}
      render={(field) => (
        <NumberInput
          {...field}
          value={typeof field.value === 'number' ? field.value : null}
          // Text that is no number becomes the field's value, so the schema says «Введіть число» under it
          // rather than the old number being kept or the field reading as empty (issue 13).
          onInvalidText={(text) => field.onChange(text)}
          {...inputProps}
          style={{ width: '100%' }}
        />
      )}
    />
  );
}
