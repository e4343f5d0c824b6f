import { ShopOutlined } from '@ant-design/icons';
import { Button, Modal, Typography, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';

import { ConfirmDeleteModal } from '@/components/ui/confirm-delete-modal';
import { EditablePagedTable, type PagedQuery } from '@/components/ui/paged-table';
import type { PagedSearch } from '@/hooks/use-paged-search';
import { useRowDialogs } from '@/hooks/use-row-dialogs';

import { ForCompanyModal } from './for-company-modal';
import type { RenderItemForm } from './item-form';

type NamedRow = { id: number; name: string };

/** The words of one kind of item: materials or units. */
export type TemplateItemTexts = {
  label: string;
  searchLabel: string;
  emptyText: string;
  createTitle: string;
  editTitle: string;
  forCompanyTitle: string;
  deleteTitle: string;
  deleteText: (name: string) => ReactNode;
};

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
 * The template-level half of the admin's Materials and Units tabs (spec §2, §6 Administrator): search, paging,
 * create, edit, delete with a confirmation, and "add for a company". The item's form comes from the page.
 */
export function TemplateItemsSection<TRow extends NamedRow, TInput, TValues>({
  idPrefix,
  texts,
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
}: TemplateItemsSectionProps<TRow, TInput, TValues>) {
  const dialogs = useRowDialogs<TRow>();
  const [isForCompanyOpen, setIsForCompanyOpen] = useState(false);
  const editing = dialogs.editing;
  const deleting = dialogs.deleting;

  return (
    <EditablePagedTable<TRow>
      label={texts.label}
      searchLabel={texts.searchLabel}
      emptyText={texts.emptyText}
      columns={columns}
      search={search}
      query={query}
      dialogs={dialogs}
      extraActions={
        <Button icon={<ShopOutlined aria-hidden />} onClick={() => setIsForCompanyOpen(true)}>
          Додати для закладу
        </Button>
      }
    >
      <Modal
        open={dialogs.isCreating}
        title={texts.createTitle}
        onCancel={dialogs.close}
        footer={null}
        destroyOnHidden
      >
        {dialogs.isCreating
          ? renderForm({
              idPrefix: `${idPrefix}-create`,
              submitText: 'Додати',
              isPending: isCreating,
              onCancel: dialogs.close,
              onSubmit: async (input) => {
                await onCreate(input);
                dialogs.close();
              },
            })
          : null}
      </Modal>
      <Modal
        open={editing !== undefined}
        title={texts.editTitle}
        onCancel={dialogs.close}
        footer={null}
        destroyOnHidden
      >
        {editing
          ? renderForm({
              idPrefix: `${idPrefix}-update`,
              defaultValues: toValues(editing),
              submitText: 'Зберегти',
              isPending: isUpdating,
              onCancel: dialogs.close,
              onSubmit: async (input) => {
                await onUpdate(editing, input);
                dialogs.close();
              },
            })
          : null}
      </Modal>
      <ConfirmDeleteModal
        open={deleting !== undefined}
        title={texts.deleteTitle}
        isPending={isDeleting}
        onCancel={dialogs.close}
        onConfirm={() => {
          if (deleting !== undefined) onDelete(deleting, dialogs.close);
        }}
      >
        <Typography.Paragraph>{texts.deleteText(deleting?.name ?? '')}</Typography.Paragraph>
      </ConfirmDeleteModal>
      <ForCompanyModal<TInput, TValues>
        open={isForCompanyOpen}
        title={texts.forCompanyTitle}
        idPrefix={`${idPrefix}-for-company`}
        renderForm={renderForm}
        isPending={isCreating}
        onSubmit={(companyIdentifier, input) => onCreate(input, companyIdentifier)}
        onClose={() => setIsForCompanyOpen(false)}
      />
    </EditablePagedTable>
  );
}
