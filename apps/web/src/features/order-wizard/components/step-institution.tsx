import { zodResolver } from '@hookform/resolvers/zod';
import { companyInfoEditSchema, companyInfoSchema, type CompanyInfo } from '@medcalc/domain';
import { Alert } from 'antd';
import { useEffect, useMemo, useRef, useState, type Dispatch } from 'react';
import { useForm } from 'react-hook-form';

import {
  COMPANY_INFO_LABELS,
  CompanyInfoFields,
  type CompanyInfoFormValues,
} from '@/components/company-info/company-info-fields';
import { Form } from '@/components/ui/form';

import type { OrderDraft, OrderDraftAction } from '../stores/order-draft';
import { companyInfoPath, type FieldErrors } from '../utils/error-paths';

const FIELD_NAMES = Object.keys(COMPANY_INFO_LABELS) as (keyof CompanyInfo)[];

const isInfoField = (name: string): name is keyof CompanyInfo =>
  (FIELD_NAMES as readonly string[]).includes(name);

/**
 * Step 1 "Institution data" (spec §2): the fields and sections of /company, the overhead settings of
 * docs/methodology.md §6 included, prefilled from the order's copy of the institution data. Every edit goes to
 * the draft at once (`setCompanyInfoField`), as typed; the domain's `companyInfoSchema` shows its messages under
 * the fields, and the server's, from the last save or calculate, until the field is edited.
 */
export function StepInstitution({
  draft,
  dispatch,
  fieldErrors,
}: {
  draft: OrderDraft;
  dispatch: Dispatch<OrderDraftAction>;
  fieldErrors: FieldErrors;
}) {
  // The panel mounts when step 1 opens, so the draft as it is then is the form's start. A requisite kept from
  // then may be a legacy one; a changed code, account or phone must be valid (issue 13).
  const [opened] = useState(draft.companyInfo);
  const { control, subscribe, trigger, setError } = useForm<
    CompanyInfoFormValues,
    unknown,
    CompanyInfo
  >({
    resolver: zodResolver(companyInfoEditSchema(opened)),
    defaultValues: draft.companyInfo,
    mode: 'onChange',
  });

  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name, values }) => {
          if (name === undefined || !isInfoField(name)) return;
          dispatch({
            type: 'setCompanyInfoField',
            field: name,
            // As typed: the schema's message says what is wrong, and Save lets the server decide (spec §5).
            value: values[name] as CompanyInfo[typeof name],
          });
        },
      }),
    [subscribe, dispatch],
  );

  // Coming back to step 1 shows the messages of values left wrong on an earlier visit. `opened` and `trigger`
  // never change, so this runs only on opening the step: afterwards the form validates each change itself.
  useEffect(() => {
    if (!companyInfoSchema.safeParse(opened).success) void trigger();
  }, [opened, trigger]);

  // The server's messages of the last save/calculate go under their fields. The first field is focused only
  // when new messages arrive, not when an edit elsewhere clears one (the caret must stay where the user types).
  const shownErrors = useRef<FieldErrors>({});
  useEffect(() => {
    const hasNew = Object.keys(fieldErrors).some((path) => !(path in shownErrors.current));
    shownErrors.current = fieldErrors;
    let shouldFocus = hasNew;
    for (const field of FIELD_NAMES) {
      const message = fieldErrors[companyInfoPath(field)];
      if (message === undefined) continue;
      setError(field, { type: 'server', message }, { shouldFocus });
      shouldFocus = false;
    }
  }, [fieldErrors, setError]);

  const generalError = fieldErrors['companyInfo'];
  // The same element on every render of the step: each field follows the form itself, so a keystroke (which
  // changes the draft and re-renders the wizard) re-renders that field only, not all forty.
  const fields = useMemo(
    () => <CompanyInfoFields control={control} idPrefix="wizard-company-info" />,
    [control],
  );

  return (
    <Form onSubmit={(event) => event.preventDefault()} aria-label="Дані закладу">
      {generalError ? (
        <Alert type="error" showIcon title={generalError} style={{ marginBottom: 16 }} />
      ) : null}
      {/* Read-only orders: the wizard's ConfigProvider disables every input of the panel. */}
      {fields}
    </Form>
  );
}
