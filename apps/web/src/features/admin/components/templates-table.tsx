import { matchesAllWords, type AdminTemplate } from '@medcalc/domain';
import { Flex, Grid, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';

import { LocalPagedTable } from '@/components/ui/local-paged-table';
import { rowActionsColumn } from '@/components/ui/row-actions';
import { SearchInput } from '@/components/ui/search-input';
import { useRowDialogs } from '@/hooks/use-row-dialogs';
import { WORD_WRAP } from '@/components/ui/word-wrap';
import { formatDateTime } from '@/utils/format';

import { useTemplates } from '../api/get-templates';

import type { CategoryChoices } from './category-select';
import { DeleteTemplateModal } from './delete-template-modal';
import { TemplateContent } from './template-content';
import { UpdateTemplateModal } from './update-template-modal';

/**
 * Spec §2 Admin panel → Templates: id, category and the content as a collapsed JSON tree; beyond the spec
 * (issue 11) the name, with rename / change-category and delete. The list is small and comes whole, so the
 * search (over name and category), the order (newest first) and the paging happen here.
 */
export function TemplatesTable({ categories }: { categories: CategoryChoices }) {
  const templates = useTemplates();
  const dialogs = useRowDialogs<AdminTemplate>();
  const { openEdit, openDelete } = dialogs;
  // Until the breakpoints are measured `md` is undefined: the wide layout is the default.
  const isWide = Grid.useBreakpoint().md ?? true;
  const [searchText, setSearchText] = useState('');

  const rows = (() => {
    if (templates.data === undefined) return undefined;
    // Newest first: a template just promoted from a calculation is at the top of the first page.
    return templates.data
      .filter((template) => matchesAllWords(`${template.name} ${template.category}`, searchText))
      .sort((a, b) => b.id - a.id);
  })();

  const columns: TableColumnsType<AdminTemplate> = [
    // Issue 13: on a phone the ID and category columns give their width to the template's name, which comes
    // first there with its category under it.
    { title: 'ID', dataIndex: 'id', key: 'id', width: 64, responsive: ['md'] },
    {
      title: 'Категорія',
      dataIndex: 'category',
      key: 'category',
      width: 180,
      responsive: ['md'],
      onCell: () => ({ style: WORD_WRAP }),
    },
    {
      title: 'Шаблон',
      key: 'template',
      width: isWide ? 360 : 240,
      onCell: () => ({ style: WORD_WRAP }),
      render: (_, template) => (
        <Flex vertical gap={4}>
          <Typography.Text strong>{template.name}</Typography.Text>
          {isWide ? null : <Typography.Text type="secondary">{template.category}</Typography.Text>}
          <TemplateContent json={template.template} name={template.name} />
        </Flex>
      ),
    },
    {
      title: 'Оновлено',
      dataIndex: 'updated_at',
      key: 'updated_at',
      width: 120,
      render: (value: string) => formatDateTime(value),
    },
    rowActionsColumn<AdminTemplate>({
      width: 100,
      isWide,
      onEdit: openEdit,
      onDelete: openDelete,
    }),
  ];

  return (
    <>
      <Flex wrap gap={16} style={{ marginBottom: 16 }}>
        <SearchInput
          label="Пошук шаблонів"
          placeholder="Назва або категорія"
          value={searchText}
          onChange={setSearchText}
        />
      </Flex>
      <LocalPagedTable<AdminTemplate>
        label="Шаблони"
        columns={columns}
        rows={rows}
        query={templates}
        emptyText={
          searchText.trim()
            ? `Нічого не знайдено за запитом «${searchText.trim()}»`
            : 'Шаблонів ще немає'
        }
      />
      <UpdateTemplateModal
        template={dialogs.editing}
        categories={categories}
        onClose={dialogs.close}
      />
      <DeleteTemplateModal template={dialogs.deleting} onClose={dialogs.close} />
    </>
  );
}
