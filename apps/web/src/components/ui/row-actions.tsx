import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Flex, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';

/**
 * A row's edit and delete icons (spec §2 lists: units, materials, templates). Their accessible names carry the
 * row's name, so a screen reader (and a test) tells «Редагувати «крапля»» from the next row's.
 */
function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Flex gap={4}>
      <Button
        type="text"
        icon={<EditOutlined aria-hidden />}
        title="Редагувати"
        aria-label={`Редагувати «${name}»`}
        onClick={onEdit}
      />
      <Button
        type="text"
        danger
        icon={<DeleteOutlined aria-hidden />}
        title="Видалити"
        aria-label={`Видалити «${name}»`}
        onClick={onDelete}
      />
    </Flex>
  );
}

/** The «Дії» column every list ends with; `pinned` keeps it in view while a wide table scrolls sideways. */
function actionsColumn<T>(
  width: number,
  pinned: boolean,
  render: (row: T) => ReactNode,
): TableColumnType<T> {
  return {
    title: 'Дії',
    key: 'actions',
    width,
    ...(pinned ? { fixed: 'right' as const } : {}),
    render: (_, row) => render(row),
  };
}

/**
 * A list's last column: each row's edit and delete icons. From a tablet up (`isWide`) it stays pinned while a
 * wide table scrolls; on a phone nothing is pinned, so the name keeps the width (issue 13).
 */
export function rowActionsColumn<T extends { name: string }>(options: {
  width: number;
  isWide: boolean;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
}): TableColumnType<T> {
  const { onEdit, onDelete } = options;
  return actionsColumn<T>(options.width, options.isWide, (row) => (
    <RowActions name={row.name} onEdit={() => onEdit(row)} onDelete={() => onDelete(row)} />
  ));
}

/**
 * A table's last column with one icon button a row (e.g. «Додати до шаблонів»), always pinned right. The
 * button's accessible name names the row, its tooltip the action.
 */
export function iconActionColumn<T>(options: {
  icon: ReactNode;
  title: string;
  label: (row: T) => string;
  onClick: (row: T) => void;
}): TableColumnType<T> {
  const { icon, title, label, onClick } = options;
  return actionsColumn<T>(64, true, (row) => (
    <Button
      type="text"
      icon={icon}
      title={title}
      aria-label={label(row)}
      onClick={() => onClick(row)}
    />
  ));
}
