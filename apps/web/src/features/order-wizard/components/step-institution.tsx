import { companyInfoEditSchema, isEditable, type CompanyInfo } from '@medcalc/domain';
import { Alert } from 'antd';
import { useEffect, useRef, useState, type Dispatch } from 'react';

import {
  COMPANY_INFO_LABELS,
  CompanyInfoFields,
  companyInfoFieldId,
  type CompanyInfoBinding,
  type CompanyInfoFormValues,
} from '@/components/company-info/company-info-fields';
import { describedBy, FieldItem, Form } from '@/components/ui/form';
import { useCompanyInfo } from '@/lib/queries/company-info';

import { useSaveCompanyInfoToInstitution } from '../api/save-company-info-to-institution';

import type { OrderDraft, OrderDraftAction } from '../stores/order-draft';
import { companyInfoPath, type FieldErrors } from '../utils/error-paths';
import { companyInfoDifferences } from '../utils/institution-differences';
import { schemaIssues } from '../utils/schema-issues';

import { InstitutionCopyNotice, type CopyNoticeTexts } from './institution-copy-notice';

const FIELD_NAMES = Object.keys(COMPANY_INFO_LABELS) as (keyof CompanyInfo)[];

/**
 * Step 1 "Institution data" (spec §2): the fields and sections of /company, the overhead settings of
 * docs/methodology.md §6 included, bound to the order's copy of the institution data in the draft, as the other
 * steps' fields are. Every edit goes to the draft at once (`setCompanyInfoField`), as typed; under each field the
 * domain's `companyInfoEditSchema` message for what is typed now, or else the server's from the last save or
 * calculate (which the editor drops when the field is edited).
 */
export function StepInstitution({
  draft,
  dispatch,
  companyIdentifier,
  fieldErrors,
}: {
  draft: OrderDraft;
  dispatch: Dispatch<OrderDraftAction>;
  companyIdentifier: string;
  fieldErrors: FieldErrors;
}) {
  // The panel mounts when step 1 opens, so the draft as it is then is the check's start. A requisite kept from
  // then may be a legacy one; a changed code, account or phone must be valid (issue 13).
  const [opened] = useState(draft.companyInfo);
  const values = draft.companyInfo as CompanyInfoFormValues;
  const issues = schemaIssues(companyInfoEditSchema(opened), values);
  const messageOf = (field: keyof CompanyInfo) =>
    issues[field] ?? fieldErrors[companyInfoPath(field)];

  // The server's messages of the last save/calculate: the first field with one is focused when new messages
  // arrive, not when an edit elsewhere clears one (the caret must stay where the user types).
  const panel = useRef<HTMLFormElement>(null);
  const shownErrors = useRef<FieldErrors>({});
  useEffect(() => {
    const hasNew = Object.keys(fieldErrors).some((path) => !(path in shownErrors.current));
    shownErrors.current = fieldErrors;
    const first = FIELD_NAMES.find((field) => fieldErrors[companyInfoPath(field)] !== undefined);
    if (hasNew && first !== undefined) {
      panel.current
        ?.querySelector<HTMLElement>(`#${companyInfoFieldId(ID_PREFIX, first)}`)
        ?.focus();
    }
  }, [fieldErrors]);

  const bind: CompanyInfoBinding = ({ name, id, label, render }) => {
    const message = messageOf(name);
    return (
      <FieldItem id={id} label={label} message={message}>
        {render({
          ...describedBy(id, message),
          name,
          value: values[name],
          // As typed: the schema's message says what is wrong, and Save lets the server decide (spec §5).
          onChange: (value) =>
            dispatch({
              type: 'setCompanyInfoField',
              field: name,
              value: value as CompanyInfo[typeof name],
            }),
          onBlur: () => undefined,
        })}
      </FieldItem>
    );
  };

  const generalError = fieldErrors['companyInfo'];
  return (
    <Form ref={panel} onSubmit={(event) => event.preventDefault()} aria-label="Дані закладу">
      {generalError ? (
        <Alert type="error" showIcon title={generalError} style={{ marginBottom: 16 }} />
      ) : null}
      <InstitutionDataNotice
        draft={draft}
        companyIdentifier={companyIdentifier}
        hasIssues={Object.keys(issues).length > 0}
      />
      {/* Read-only orders: the wizard's ConfigProvider disables every input of the panel. */}
      <CompanyInfoFields overheadMethod={values.overhead_method} bind={bind} idPrefix={ID_PREFIX} />
    </Form>
  );
}

const ID_PREFIX = 'wizard-company-info';

/** Issue 33: what step 1 edits (the order's copy) and how to save it to the institution data too. */
const INSTITUTION_TEXTS: CopyNoticeTexts = {
  title: 'Дані закладу в цьому замовленні — його власна копія',
  description:
    'Зміни на цьому кроці діють лише в цьому замовленні: сторінка «Дані закладу» та інші замовлення залишаються як були, доки ви не збережете зміни також у даних закладу.',
  differs: (count) => `Відрізняється від даних закладу: ${count}.`,
  action: 'Зберегти також у даних закладу',
  confirmTitle: 'Зберегти зміни також у даних закладу?',
  confirmText:
    'Ці значення із замовлення буде записано в дані закладу (сторінка «Дані закладу»). Нові замовлення братимуть їх звідти, а вже створені самі не зміняться.',
  saved: (count) => `Дані закладу оновлено (змінених значень: ${count}).`,
};

const READ_ONLY_INSTITUTION_TEXTS: CopyNoticeTexts = {
  ...INSTITUTION_TEXTS,
  description:
    'Це копія даних закладу, з якою розраховано замовлення: зміни на сторінці «Дані закладу» її не змінюють.',
};

/**
 * The order's copy against the institution data as /company has them now (one key and fetcher with that page):
 * the fields that differ are offered for saving there, through the page's call, unless one of them is invalid.
 */
function InstitutionDataNotice({
  draft,
  companyIdentifier,
  hasIssues,
}: {
  draft: OrderDraft;
  companyIdentifier: string;
  hasIssues: boolean;
}) {
  const institution = useCompanyInfo(companyIdentifier);
  const saving = useSaveCompanyInfoToInstitution();
  const isOrderEditable = isEditable(draft.status);
  const { differences, update } =
    institution.data === undefined
      ? { differences: [], update: {} }
      : companyInfoDifferences(draft.companyInfo, institution.data);
  return (
    <InstitutionCopyNotice
      texts={isOrderEditable ? INSTITUTION_TEXTS : READ_ONLY_INSTITUTION_TEXTS}
      differences={differences}
      isOrderEditable={isOrderEditable}
      blockedReason={
        hasIssues
          ? 'Спершу виправте позначені поля: значення з помилками не можна зберегти в даних закладу.'
          : undefined
      }
      onSave={() => saving.mutateAsync({ companyIdentifier, update })}
    />
  );
}
