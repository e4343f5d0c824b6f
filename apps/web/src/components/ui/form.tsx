import { MAX_NAME_LENGTH } from '@medcalc/domain';
import { Form as AntForm, Button, Flex, Input, type InputProps } from 'antd';
import type { FormEvent, ReactElement, ReactNode, Ref } from 'react';
import {
  Controller,
  type Control,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';

/**
 * The one form shell of the app (house guide §2.3): react-hook-form owns values and validation, antd only
 * lays the fields out. Required marks and colons are off because antd draws them with CSS, which would
 * leak into the fields' accessible names ("* Пароль").
 */
export function Form({
  ref,
  onSubmit,
  children,
  'aria-label': ariaLabel,
}: {
  ref?: Ref<HTMLFormElement>;
  /** May be async (react-hook-form's `handleSubmit`); the form does not wait for it, as React never did. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void | Promise<void>;
  children: ReactNode;
  'aria-label'?: string;
}) {
  return (
    <form ref={ref} noValidate onSubmit={(event) => void onSubmit(event)} aria-label={ariaLabel}>
      <AntForm component={false} layout="vertical" requiredMark={false} colon={false}>
        {children}
      </AntForm>
    </form>
  );
}

export type FieldInputProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
> = ControllerRenderProps<TValues, TName> & {
  id: string;
  status: 'error' | undefined;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
};

export type FormFieldProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed,
> = {
  control: Control<TValues, unknown, TTransformed>;
  name: TName;
  label: string;
  /** Defaults to the field name; must be unique on the page, it ties the label to the input. */
  id?: string;
  render: (props: FieldInputProps<TValues, TName>) => ReactElement;
};

/** The props that tie a control to the message under it, for screen readers (and its error colour). */
export const describedBy = (id: string, message: string | undefined) => ({
  id,
  status: message ? ('error' as const) : undefined,
  'aria-invalid': message !== undefined,
  'aria-describedby': message ? `${id}-error` : undefined,
});

/**
 * A labelled control with its message under it, announced to screen readers: `id` ties the label to the control
 * (give the control `describedBy(id, message)`), and must be unique on the page. It takes its layout from the
 * antd Form around it.
 */
export function FieldItem({
  id,
  label,
  message,
  children,
}: {
  id: string;
  label: string;
  message: string | undefined;
  children: ReactNode;
}) {
  return (
    <AntForm.Item
      label={label}
      htmlFor={id}
      validateStatus={message ? 'error' : undefined}
      help={message ? <span id={`${id}-error`}>{message}</span> : undefined}
    >
      {children}
    </AntForm.Item>
  );
}

/** A labelled field whose first error (client or server) shows under it, announced to screen readers. */
export function FormField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
>({ control, name, label, id = name, render }: FormFieldProps<TValues, TName, TTransformed>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message;
        return (
          <FieldItem id={id} label={label} message={message}>
            {render({ ...field, ...describedBy(id, message) })}
          </FieldItem>
        );
      }}
    />
  );
}

/** A `FormField` without its render: the form's control and the field's name, label and id. */
export type FieldShellProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed,
> = Omit<FormFieldProps<TValues, TName, TTransformed>, 'render'>;

/**
 * A labelled field component of one kind of input (a number, a select, a switch): the component takes the
 * `FormField` props and the input's own props (`TInputProps`), and `renderInput` draws the input from both.
 */
export function inputField<TInputProps extends object>(
  renderInput: (
    field: FieldInputProps<FieldValues, FieldPath<FieldValues>>,
    inputProps: TInputProps,
  ) => ReactElement,
) {
  return function InputField<
    TValues extends FieldValues,
    TName extends FieldPath<TValues>,
    TTransformed = TValues,
  >({
    control,
    name,
    id,
    label,
    ...inputProps
  }: FieldShellProps<TValues, TName, TTransformed> & TInputProps) {
    return (
      <FormField
        control={control}
        name={name}
        id={id}
        label={label}
        render={(field) => renderInput(field, inputProps as TInputProps)}
      />
    );
  };
}

/** What a text field may set on its antd input besides the field's own props. */
export type TextInputProps = Pick<
  InputProps,
  'type' | 'inputMode' | 'autoComplete' | 'autoFocus' | 'maxLength' | 'placeholder' | 'count'
>;

/** One text or password field of a `TextFields` list. */
export type TextFieldSpec<TName extends string> = TextInputProps & {
  name: TName;
  label: string;
  /** Defaults to the field name (see `FormField`). */
  id?: string;
  /** A masked input with the show-password eye. */
  isPassword?: boolean;
};

/**
 * antd's counter for a name field (issue 33): it shows «12 / 255» and turns red past the domain's limit, but never
 * cuts what is typed or pasted (a native `maxLength` would, silently): a longer name gets the schema's message.
 * `max` is the domain schema's own limit (`MAX_NAME_LENGTH`, `MAX_MEASUREMENT_NAME_LENGTH`), never a number here.
 */
export const nameCount = (max: number = MAX_NAME_LENGTH) => ({ show: true, max }) as const;

/**
 * The name field of a form that creates or edits a named row (a material, a template, a position), as a
 * `TextFields` entry: focused when the form opens, with the counter of {@link nameCount} up to the domain's limit.
 */
export const nameField = <TName extends string>(
  name: TName,
  id: string,
  label: string,
  max: number = MAX_NAME_LENGTH,
) => ({ name, id, label, autoFocus: true, count: nameCount(max) }) satisfies TextFieldSpec<TName>;

/** A person's phone number as a `TextFields` entry (registration, the profile): at most 40 characters typed. */
export const phoneField = (id: string) =>
  ({
    name: 'phone',
    id,
    label: 'Телефон',
    type: 'tel',
    inputMode: 'tel',
    autoComplete: 'tel',
    maxLength: 40,
    placeholder: '+380 50 123 45 67',
  }) as const satisfies TextFieldSpec<'phone'>;

/**
 * Plain text and password fields, one `FormField` each, in the order given: a form whose fields differ only in
 * their names, labels and input attributes lists them as data.
 */
export function TextFields<TValues extends FieldValues, TTransformed = TValues>({
  control,
  fields,
}: {
  control: Control<TValues, unknown, TTransformed>;
  fields: readonly TextFieldSpec<FieldPath<TValues>>[];
}) {
  return fields.map(({ name, label, id, isPassword = false, ...input }) => (
    <FormField
      key={name}
      control={control}
      name={name}
      id={id}
      label={label}
      render={(field) =>
        isPassword ? <Input.Password {...field} {...input} /> : <Input {...field} {...input} />
      }
    />
  ));
}

/** A modal form's buttons: cancel (locked while saving) and submit (spinning while saving). */
export function FormActions({
  submitText,
  isPending,
  onCancel,
}: {
  submitText: string;
  isPending: boolean;
  onCancel: () => void;
}) {
  return (
    <Flex justify="end" gap={8}>
      <Button onClick={onCancel} disabled={isPending}>
        Скасувати
      </Button>
      <Button type="primary" htmlType="submit" loading={isPending}>
        {submitText}
      </Button>
    </Flex>
  );
}
