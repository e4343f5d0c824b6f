import { Flex, Typography } from 'antd';
import { useState } from 'react';

import { FormModal } from '@/components/ui/form-modal';

import { CompanySelect } from './company-select';
import type { RenderItemForm } from '@/components/ui/reference-list';

const COMPANY_REQUIRED = 'Оберіть заклад.';

function ForCompanyBody<TInput, TValues>({
  idPrefix,
  renderForm,
  isPending,
  onSubmit,
  onClose,
}: {
  idPrefix: string;
  renderForm: RenderItemForm<TInput, TValues>;
  isPending: boolean;
  onSubmit: (companyIdentifier: string, input: TInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const [companyIdentifier, setCompanyIdentifier] = useState<string>();
  const [isMissing, setIsMissing] = useState(false);
  const selectId = `${idPrefix}-company`;
  const errorId = `${selectId}-error`;

  return (
    <>
      <Flex vertical gap={4} style={{ marginBottom: 16 }}>
        <label htmlFor={selectId}>Заклад</label>
        <CompanySelect
          id={selectId}
          value={companyIdentifier}
          onChange={(next) => {
            setCompanyIdentifier(next);
            if (next !== undefined) setIsMissing(false);
          }}
          status={isMissing ? 'error' : undefined}
          aria-invalid={isMissing}
          aria-describedby={isMissing ? errorId : undefined}
        />
        {isMissing ? (
          <Typography.Text type="danger" id={errorId} role="alert">
            {COMPANY_REQUIRED}
          </Typography.Text>
        ) : null}
      </Flex>
      {renderForm({
        idPrefix,
        submitText: 'Додати',
        isPending,
        onCancel: onClose,
        onSubmit: async (input) => {
          // The company is not part of the item's form: checked here, before the item's own fields go out.
          if (companyIdentifier === undefined) {
            setIsMissing(true);
            return;
          }
          await onSubmit(companyIdentifier, input);
          onClose();
        },
      })}
    </>
  );
}

/**
 * "Add for a chosen company" (spec §6 Administrator): a company dropdown above the item's own form; the item is
 * created in that company's own list.
 */
export function ForCompanyModal<TInput, TValues>({
  open,
  title,
  ...body
}: {
  open: boolean;
  title: string;
  idPrefix: string;
  renderForm: RenderItemForm<TInput, TValues>;
  isPending: boolean;
  onSubmit: (companyIdentifier: string, input: TInput) => Promise<unknown>;
  onClose: () => void;
}) {
  return (
    <FormModal open={open} title={title} onClose={body.onClose}>
      {open ? <ForCompanyBody {...body} /> : null}
    </FormModal>
  );
}
