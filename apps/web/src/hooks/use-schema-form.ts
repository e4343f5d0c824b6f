import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A page's react-hook-form form checked by its domain schema (house guide §2.3): the fields hold the schema's
 * input (an empty number input is `null`), and the submit handler gets what the schema parsed them to.
 */
export function useSchemaForm<TValues extends FieldValues, TInput extends FieldValues>(
  schema: z.ZodType<TInput, TValues>,
  defaultValues: NoInfer<DefaultValues<TValues>>,
) {
  return useForm<TValues, unknown, TInput>({ resolver: zodResolver(schema), defaultValues });
}
