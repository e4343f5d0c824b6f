import { ShopOutlined } from '@ant-design/icons';
import { Button, type TableColumnsType } from 'antd';
import { useState } from 'react';

import type { PagedQuery } from '@/components/ui/paged-table';
import {
  ReferenceList,
  type ReferenceListTexts,
  type RenderItemForm,
} from '@/components/ui/reference-list';
import type { PagedSearch } from '@/hooks/use-paged-search';

import { ForCompanyModal } from './for-company-modal';

type NamedRow = { id: number; name: string };

/** The words of one kind of item: materials or units. */
export type TemplateItemTexts = ReferenceListTexts & { forCompanyTitle: string };

/** The admin's calls on one kind of template item (the admin API's `useMutation` results fit). */
export type TemplateItemCalls<TInput> = {
  /** Creates a template item, or the chosen company's own when `companyIdentifier` is given. */
  creation: {
    mutateAsync: (variables: { input: TInput; companyIdentifier?: string }) => Promise<unknown>;
    isPending: boolean;
  };
  update: {
    mutateAsync: (variables: { id: number; input: TInput }) => Promise<unknown>;
    isPending: boolean;
  };
  deletion: {
    mutate: (id: number, options: { onSettled: () => void }) => void;
    isPending: boolean;
  };
};

export type TemplateItemsSectionProps<TRow extends NamedRow, TInput, TValues> = {
  /** A prefix for the forms' field ids, e.g. 'template-pill'. */
  idPrefix: string;
  texts: TemplateItemTexts;
  columns: TableColumnsType<TRow>;
  search: PagedSearch;
  query: PagedQuery<TRow>;
  renderForm: RenderItemForm<TInput, TValues>;
  /** The edit form's starting values. */
  toValues: (row: TRow) => TValues;
  calls: TemplateItemCalls<TInput>;
};

/**
 * The template-level half of the admin's Materials and Units tabs (spec §2, §6 Administrator): the reference
 * list (search, paging, create, edit, delete with a confirmation) and "add for a company". The item's form
 * comes from the page.
 */
export function TemplateItemsSection<TRow extends NamedRow, TInput, TValues>({
  idPrefix,
  calls: { creation, update, deletion },
  ...list
}: TemplateItemsSectionProps<TRow, TInput, TValues>) {
  const [isForCompanyOpen, setIsForCompanyOpen] = useState(false);

  return (
    <>
      <ReferenceList<TRow, TInput, TValues>
        {...list}
        formIds={{ create: `${idPrefix}-create`, update: `${idPrefix}-update` }}
        onCreate={(input) => creation.mutateAsync({ input })}
        isCreating={creation.isPending}
        onUpdate={(row, input) => update.mutateAsync({ id: row.id, input })}
        isUpdating={update.isPending}
        // The question closes whatever the answer (spec §8); a refusal's message is the toast.
        onDelete={(row, onSettled) => deletion.mutate(row.id, { onSettled })}
        isDeleting={deletion.isPending}
        extraActions={
          <Button icon={<ShopOutlined aria-hidden />} onClick={() => setIsForCompanyOpen(true)}>
            Додати для закладу
          </Button>
        }
      />
      <ForCompanyModal<TInput, TValues>
        open={isForCompanyOpen}
        title={list.texts.forCompanyTitle}
        idPrefix={`${idPrefix}-for-company`}
        renderForm={list.renderForm}
        isPending={creation.isPending}
        onSubmit={(companyIdentifier, input) => creation.mutateAsync({ input, companyIdentifier })}
        onClose={() => setIsForCompanyOpen(false)}
      />
    </>
  );
}
