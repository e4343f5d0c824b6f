/** The variables of an administrator's new material or unit (spec §6). */
export type TemplateItemVariables<TInput> = {
  input: TInput;
  /** A company to add the item for; without it the item is a template (standard) one. */
  companyIdentifier?: string;
};

/**
 * The call of `POST /api/pills` and `POST /api/measurements` (spec §7; admin only): the form's input, and the
 * company when one is given.
 */
export const templateItemCall = <TInput extends object>({
  input,
  companyIdentifier,
}: TemplateItemVariables<TInput>) => ({
  body: companyIdentifier === undefined ? input : { ...input, companyIdentifier },
  inlineFieldErrors: true as const,
});
