import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Grid, Typography, type TableColumnsType } from 'antd';
import { type ReactNode } from 'react';

import type { PagedSearch } from '@/hooks/use-paged-search';
import { useRowDialogs } from '@/hooks/use-row-dialogs';

import { ConfirmDeleteModal } from './confirm-delete-modal';
import { FormModal } from './form-modal';
import { SearchedPagedTable, type PagedQuery } from './paged-table';
import { rowActionsColumn } from './row-actions';

/**
 * What the add and edit modals hand to an item's form. The pills and measurements features' forms
 * (`PillForm`, `MeasurementForm`) take exactly these, so a page can pass them in (features do not import each
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

/** A row of a reference list: named (the name goes into the action buttons' labels) with an id. */
type NamedRow = { id: number; name: string };

/** The words of one reference list: the table's, the add and edit modals' titles and the delete question. */
export type ReferenceListTexts = {
  /** Names the table for assistive technology (and tests), e.g. 'Власні матеріали'. */
  label: string;
  /** The search box's accessible name, e.g. 'Пошук матеріалів'. */
  searchLabel: string;
  /** Shown for an empty list without a search (spec §8: Ukrainian empty states). */
  emptyText: string;
  createTitle: string;
  editTitle: string;
  deleteTitle: string;
  /** What goes, said with the row's name (spec §2 "Delete modal"). */
  deleteText: (name: string) => ReactNode;
};

type ReferenceListProps<TRow extends NamedRow, TInput, TValues> = {
  texts: ReferenceListTexts;
  /** The add and edit forms' field id prefixes, e.g. 'create-pill' and 'update-pill'. */
  formIds: { create: string; update: string };
  /** The data columns; the edit and delete icons are added after them. */
  columns: TableColumnsType<TRow>;
  /** The list's search and page state; `query` is fetched with its `params`. */
  search: PagedSearch;
  query: PagedQuery<TRow>;
  renderForm: RenderItemForm<TInput, TValues>;
  /** The edit form's starting values. */
  toValues: (row: TRow) => TValues;
  /** Rejects with the API error, which the form shows; resolved, the modal closes. */
  onCreate: (input: TInput) => Promise<unknown>;
  isCreating: boolean;
  onUpdate: (row: TRow, input: TInput) => Promise<unknown>;
  isUpdating: boolean;
  /**
   * Starts the deletion; `onSettled` closes the question whatever the answer (spec §8 "Delete modals for
   * materials close on failure"): a refusal's message arrives as a toast from the API client.
   */
  onDelete: (row: TRow, onSettled: () => void) => void;
  isDeleting: boolean;
  /** More toolbar buttons, shown before Add (e.g. the admin's 'add for a company'). */
  extraActions?: ReactNode;
  /** Issue 22: a «Перегляд» member's list: no Add, no edit or delete icons (the page says why). */
  isReadOnly?: boolean;
  /** More of the delete question about the row, under its text (issue 33: the orders that use a material). */
  deleteDetails?: (row: TRow) => ReactNode;
};

/** A company's own calls on one kind of reference item (the features' `useMutation` results fit). */
type CompanyItemMutations<TInput> = {
  creation: {
    mutateAsync: (variables: { companyIdentifier: string; input: TInput }) => Promise<unknown>;
    isPending: boolean;
  };
  update: {
    mutateAsync: (variables: {
      companyIdentifier: string;
      id: number;
      input: TInput;
    }) => Promise<unknown>;
    isPending: boolean;
  };
  deletion: {
    mutate: (
      variables: { companyIdentifier: string; id: number },
      options: { onSettled: () => void },
    ) => void;
    isPending: boolean;
  };
};

/**
 * A company's own reference list's create, update and delete props (its materials, its units): each call is
 * made for `companyIdentifier`, on the row's id.
 */
export const companyItemCalls = <TInput,>(
  companyIdentifier: string,
  { creation, update, deletion }: CompanyItemMutations<TInput>,
) => ({
  onCreate: (input: TInput) => creation.mutateAsync({ companyIdentifier, input }),
  isCreating: creation.isPending,
  onUpdate: (row: NamedRow, input: TInput) =>
    update.mutateAsync({ companyIdentifier, id: row.id, input }),
  isUpdating: update.isPending,
  onDelete: (row: NamedRow, onSettled: () => void) =>
    deletion.mutate({ companyIdentifier, id: row.id }, { onSettled }),
  isDeleting: deletion.isPending,
});

/**
 * A reference list (spec §2 "Measurements", "Company materials", the admin's template units and materials): a
 * search box applied after the 1-second pause, an Add button, the server-paged table with edit and delete icons
 * on each row, the add and edit modals around the item's form and the delete question. A feature declares its
 * words, columns, form and calls.
 */
export function ReferenceList<TRow extends NamedRow, TInput, TValues>({
  texts,
  formIds,
  columns,
  search,
  query,
  renderForm,
  toValues,
  onCreate,
  isCreating,
  onUpdate,
  isUpdating,
  onDelete,
  isDeleting,
  extraActions,
  isReadOnly = false,
  deleteDetails,
}: ReferenceListProps<TRow, TInput, TValues>) {
  const dialogs = useRowDialogs<TRow>();
  const { openCreate, openEdit, openDelete, close, editing, deleting } = dialogs;
  // Until the breakpoints are measured `md` is undefined: the wide layout is the default.
  const isWide = Grid.useBreakpoint().md ?? true;

  const allColumns: TableColumnsType<TRow> = isReadOnly
    ? columns
    : [
        ...columns,
        rowActionsColumn<TRow>({ width: 96, isWide, onEdit: openEdit, onDelete: openDelete }),
      ];

  return (
    <>
      <SearchedPagedTable<TRow>
        label={texts.label}
        searchLabel={texts.searchLabel}
        emptyText={texts.emptyText}
        columns={allColumns}
        search={search}
        query={query}
        actions={
          isReadOnly ? undefined : (
            <Flex wrap gap={8}>
              {extraActions}
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={openCreate}>
                Додати
              </Button>
            </Flex>
          )
        }
      />
      <FormModal open={dialogs.isCreating} title={texts.createTitle} onClose={close}>
        {renderForm({
          idPrefix: formIds.create,
          submitText: 'Додати',
          isPending: isCreating,
          onCancel: close,
          onSubmit: async (input) => {
            await onCreate(input);
            close();
          },
        })}
      </FormModal>
      <FormModal open={editing !== undefined} title={texts.editTitle} onClose={close}>
        {editing
          ? renderForm({
              idPrefix: formIds.update,
              defaultValues: toValues(editing),
              submitText: 'Зберегти',
              isPending: isUpdating,
              onCancel: close,
              onSubmit: async (input) => {
                await onUpdate(editing, input);
                close();
              },
            })
          : null}
      </FormModal>
      <ConfirmDeleteModal<TRow>
        row={deleting}
        title={texts.deleteTitle}
        isPending={isDeleting}
        onCancel={close}
        // Settles when the deletion does, so the button stays busy until the answer.
        onConfirm={(row) =>
          new Promise<void>((settled) =>
            onDelete(row, () => {
              close();
              settled();
            }),
          )
        }
      >
        <Typography.Paragraph>{texts.deleteText(deleting?.name ?? '')}</Typography.Paragraph>
        {deleting !== undefined && deleteDetails ? deleteDetails(deleting) : null}
      </ConfirmDeleteModal>
    </>
  );
}
