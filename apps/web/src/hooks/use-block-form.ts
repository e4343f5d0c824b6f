import type { DefaultValues, FieldPath, FieldValues } from 'react-hook-form';
import type { z } from 'zod';

import { applyServerErrors } from '@/lib/form-errors';

import { useSchemaForm } from './use-schema-form';

/** A block's save as `useApiMutation` gives it: the company and the input, answered with what the server stored. */
type BlockSave<TInput, TData> = {
  mutate(
    variables: { companyIdentifier: string; input: TInput },
    options: { onSuccess: (answer: { data: TData }) => void; onError: (error: Error) => void },
  ): void;
};

/**
 * The form of a /company block with its own Save (the approval settings, the public price list, the tariff
 * comparison participation): checked by `schema`, it starts from `valuesOf(initial)`; its submit sends the parsed
 * input through `save`, then starts again from what the server stored, or puts a 422's messages under `fields`.
 */
export function useBlockForm<TValues extends FieldValues, TInput extends FieldValues, TData>({
  companyIdentifier,
  schema,
  initial,
  valuesOf,
  save,
  fields,
  unsavedMessage,
}: {
  companyIdentifier: string;
  schema: z.ZodType<TInput, TValues>;
  initial: TData;
  valuesOf: (data: TData) => DefaultValues<TValues>;
  save: BlockSave<TInput, TData>;
  fields: readonly FieldPath<TValues>[];
  unsavedMessage: string;
}) {
  const { control, handleSubmit, setError, reset } = useSchemaForm<TValues, TInput>(
    schema,
    valuesOf(initial),
    { unsavedMessage },
  );
  const onSubmit = handleSubmit((input) =>
    save.mutate(
      { companyIdentifier, input },
      {
        onSuccess: ({ data }) => reset(valuesOf(data)),
        onError: (error) => void applyServerErrors(error, setError, fields),
      },
    ),
  );
  return { control, onSubmit };
}
