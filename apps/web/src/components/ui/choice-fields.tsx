import { Select, Switch, type SelectProps } from 'antd';

import { inputField } from './form';

/** A labelled antd Select of a react-hook-form form: the chosen option's value is the field's value. */
export const SelectField = inputField<
  Pick<
    SelectProps,
    'options' | 'placeholder' | 'notFoundContent' | 'disabled' | 'popupMatchSelectWidth'
  >
>((field, selectProps) => <Select {...field} {...selectProps} />);

/** A labelled on/off switch of a react-hook-form form's boolean field. */
export const SwitchField = inputField<{ disabled?: boolean }>(
  ({ value, onChange, ref, id }, { disabled }) => (
    <Switch ref={ref} id={id} checked={value} onChange={onChange} disabled={disabled} />
  ),
);
