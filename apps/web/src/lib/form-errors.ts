import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

import { ApiRequestError } from './api-client';

/**
 * Puts the first server message of each 422 field under that field (spec §5, §8) and focuses the first one.
 * Returns the fields it could not place, so a form can show those another way.
 */
export function applyServerErrors<TValues extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<TValues>,
  fields: readonly FieldPath<TValues>[],
): Record<string, string> {
  if (!(error instanceof ApiRequestError) || error.status !== 422) return {};
  let isFirst = true;
  const unplaced: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    const message = messages[0];
    if (message === undefined) continue;
    const target = fields.find((candidate) => candidate === field);
    if (target === undefined) {
      unplaced[field] = message;
      continue;
    }
    setError(target, { type: 'server', message }, { shouldFocus: isFirst });
    isFirst = false;
  }
  return unplaced;
}

/**
 * A form's submit handler that sends the checked input with `submit` and, when the call fails, puts a 422's
 * field messages under `fields` (any other failure the API client has already shown).
 */
export const withServerErrors =
  <TValues extends FieldValues, TInput>(
    setError: UseFormSetError<TValues>,
    fields: readonly FieldPath<TValues>[],
    submit: (input: TInput) => Promise<unknown>,
  ) =>
  async (input: TInput) => {
    try {
      await submit(input);
    } catch (error) {
      applyServerErrors(error, setError, fields);
    }
  };
