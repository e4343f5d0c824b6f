import type { ReactNode } from 'react';

/**
 * What the add and edit modals hand to an item's form. The pills and measurements features' forms
 * (`PillForm`, `MeasurementForm`) take exactly these, so a page passes them in (features do not import each
 * other; house guide §2.4: admin pages reuse those components through composition in `app/routes/admin/`).
 */
export type ItemFormProps<TInput, TValues> = {
  /** Distinguishes the forms' field ids. */
  idPrefix: string;
  defaultValues?: TValues;
  submitText: string;
  isPending: boolean;
  /** Rejects with the API error, whose 422 field messages the form puts under its fields. */
  onSubmit: (input: TInput) => Promise<unknown>;
  onCancel: () => void;
};

export type RenderItemForm<TInput, TValues> = (props: ItemFormProps<TInput, TValues>) => ReactNode;
