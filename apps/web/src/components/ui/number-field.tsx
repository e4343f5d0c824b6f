import { inputField } from './form';
import { NumberInput, type NumberInputProps } from './number-input';

/** What a form's field gives its number input: the value as typed, and where a change goes. */
export type NumberInputField = Omit<NumberInputProps, 'value' | 'onChange'> & {
  value: unknown;
  onChange: (value: number | string | null) => void;
};

/**
 * A uk-UA number input at full width for a form's field. An empty input holds `null`, and text that is no number
 * holds that text, so the domain schema says «Введіть число» under it rather than the old number being kept or
 * the field reading as empty (issue 13).
 */
export function FieldNumberInput({ value, onChange, ...props }: NumberInputField) {
  return (
    <NumberInput
      {...props}
      value={typeof value === 'number' ? value : null}
      onChange={onChange}
      onInvalidText={onChange}
      style={{ width: '100%' }}
    />
  );
}

/** A labelled {@link FieldNumberInput} of a react-hook-form form. */
export const NumberField = inputField<
  Pick<NumberInputProps, 'step' | 'precision' | 'placeholder' | 'disabled'>
>((field, inputProps) => <FieldNumberInput {...field} {...inputProps} />);
