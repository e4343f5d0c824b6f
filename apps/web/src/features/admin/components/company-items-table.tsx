import { CloudUploadOutlined } from '@ant-design/icons';
import { Typography, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';

import { ConfirmModal } from '@/components/ui/confirm-action';
import { SearchedPagedTable, type PagedQuery } from '@/components/ui/paged-table';
import type { PagedSearch } from '@/hooks/use-paged-search';

import { addToTemplatesColumn } from './add-to-templates-column';

type CompanyRow = { id: number; name: string; company: string };

/** The words of the companies' list: the table's name, the search box's and the empty list's text. */
export type CompanyItemTexts = { label: string; searchLabel: string; emptyText: string };

export type CompanyItemsTableProps<TRow extends CompanyRow> = {
  texts: CompanyItemTexts;
  /** The data columns; the company column and the add-to-templates icon are added here. */
  columns: TableColumnsType<TRow>;
  search: PagedSearch;
  query: PagedQuery<TRow>;
  /** The question before copying, e.g. what of the item goes into the templates. */
  copyText: (row: TRow) => ReactNode;
  /**
   * Copies the item into the templates (the admin API's `useMutation` result fits); the question closes when the
   * call settles, whatever the answer (the server's message is the toast, success or refusal).
   */
  copy: { mutate: (id: number, options: { onSettled: () => void }) => void; isPending: boolean };
};

/**
 * The other-companies half of the admin's Materials and Units tabs (spec §2): the items companies made, each
 * with its company, search and paging, and an add-to-templates icon that asks first. The question stays open,
 * its button spinning, until the server answers (`POST /api/{pills|measurements}/companies/{id}/to-templates`).
 */
export function CompanyItemsTable<TRow extends CompanyRow>({
  texts,
  columns,
  search,
  query,
  copyText,
  copy,
}: CompanyItemsTableProps<TRow>) {
  const [copying, setCopying] = useState<TRow>();
  const isCopying = copy.isPending;

  const allColumns: TableColumnsType<TRow> = [
    ...columns,
    { title: 'Заклад', dataIndex: 'company', key: 'company', width: 200 },
    addToTemplatesColumn<TRow>(<CloudUploadOutlined aria-hidden />, setCopying),
  ];

  return (
    <>
      <SearchedPagedTable<TRow> {...texts} columns={allColumns} search={search} query={query} />
      <ConfirmModal
        open={copying !== undefined}
        title="Додати до шаблонів?"
        onCancel={() => setCopying(undefined)}
        okText="Так, додати"
        cancelText="Скасувати"
        isPending={isCopying}
        onConfirm={() => {
          if (copying === undefined) return;
          // Settles when the copy does, so the button stays busy until the answer.
          return new Promise<void>((settled) =>
            copy.mutate(copying.id, {
              onSettled: () => {
                setCopying(undefined);
                settled();
              },
            }),
          );
        }}
        destroyOnHidden
      >
        {copying ? (
          <>
            <Typography.Paragraph>{copyText(copying)}</Typography.Paragraph>
            <Typography.Paragraph type="secondary">
              Запис закладу «{copying.company}» залишиться без змін.
            </Typography.Paragraph>
          </>
        ) : null}
      </ConfirmModal>
    </>
  );
}
