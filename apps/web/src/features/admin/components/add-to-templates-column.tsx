import type { TableColumnType } from 'antd';
import type { ReactNode } from 'react';

import { iconActionColumn } from '@/components/ui/row-actions';

/**
 * The «Додати до шаблонів» column of a company's rows in the admin panel (services, materials, measurements): one
 * icon button a row that says which row it adds.
 */
export function addToTemplatesColumn<TRow extends { name: string }>(
  icon: ReactNode,
  onClick: (row: TRow) => void,
): TableColumnType<TRow> {
  return iconActionColumn<TRow>({
    icon,
    title: 'Додати до шаблонів',
    label: (row) => `Додати «${row.name}» до шаблонів`,
    onClick,
  });
}
