import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';

import { useUnsavedChanges } from './use-unsaved-changes';

/**
 * A page's react-hook-form form checked by its domain schema (house guide §2.3): the fields hold the schema's
 * input (an empty number input is `null`), and the submit handler gets what the schema parsed them to. A form that
 * edits the institution's data names what would be lost (`unsavedMessage`): while it differs from its starting
 * values the app's leave guard asks before the page goes away (issue 33), since only its button saves it.
 */
export function useSchemaForm<TValues extends FieldValues, TInput extends FieldValues>(
  schema: z.ZodType<TInput, TValues>,
  defaultValues: NoInfer<DefaultValues<TValues>>,
  { unsavedMessage }: { unsavedMessage?: string } = {},
) {
  const form = useForm<TValues, unknown, TInput>({ resolver: zodResolver(schema), defaultValues });
  // Read only for such a form: reading `formState` subscribes the form's renders to it. Once saved (a submit with
  // no error left, a server's 422 under a field being one) nothing is at risk while its modal closes.
  const isDirty =
    unsavedMessage !== undefined && form.formState.isDirty && !form.formState.isSubmitSuccessful;
  useUnsavedChanges({
    isDirty,
    message: unsavedMessage ?? '',
  });
  return form;
}
