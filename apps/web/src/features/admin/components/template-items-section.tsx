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

type TemplateItemsSectionProps<TRow extends NamedRow, TInput, TValues> = {
  /** A prefix for the forms' field ids, e.g. 'template-pill'. */
  idPrefix: string;
  texts: TemplateItemTexts;
  columns: TableColumnsType<TRow>;
  search: PagedSearch;
  query: PagedQuery<TRow>;
  renderForm: RenderItemForm<TInput, TValues>;
  /** The edit form's starting values. */
  toValues: (row: TRow) => TValues;
  /** Creates a template item, or the chosen company's own when `companyIdentifier` is given. */
  onCreate: (input: TInput, companyIdentifier?: string) => Promise<unknown>;
  isCreating: boolean;
  onUpdate: (row: TRow, input: TInput) => Promise<unknown>;
  isUpdating: boolean;
  /** Starts the deletion; `onSettled` closes the question whatever the answer (spec §8). */
  onDelete: (row: TRow, onSettled: () => void) => void;
  isDeleting: boolean;
};

/**
 * The template-level half of the admin's Materials and Units tabs (spec §2, §6 Administrator): the reference
 * list (search, paging, create, edit, delete with a confirmation) and "add for a company". The item's form
 * comes from the page.
 */
export function TemplateItemsSection<TRow extends NamedRow, TInput, TValues>({
  idPrefix,
  onCreate,
  ...list
}: TemplateItemsSectionProps<TRow, TInput, TValues>) {
  const [isForCompanyOpen, setIsForCompanyOpen] = useState(false);

  return (
    <>
      <ReferenceList<TRow, TInput, TValues>
        {...list}
        formIds={{ create: `${idPrefix}-create`, update: `${idPrefix}-update` }}
        onCreate={(input) => onCreate(input)}
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
        isPending={list.isCreating}
        onSubmit={(companyIdentifier, input) => onCreate(input, companyIdentifier)}
        onClose={() => setIsForCompanyOpen(false)}
      />
    </>
  );
}
