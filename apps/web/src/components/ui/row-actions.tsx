import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Flex, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';

/**
 * A row's edit and delete icons (spec §2 lists: units, materials, templates). Their accessible names carry the
 * row's name, so a screen reader (and a test) tells «Редагувати «крапля»» from the next row's.
 */
export function RowActions({
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

/**
 * A table's last column with one icon button a row (e.g. «Додати до шаблонів»), pinned right. The button's
 * accessible name names the row, its tooltip the action.
 */
export function iconActionColumn<T>({
  icon,
  title,
  label,
  onClick,
}: {
  icon: ReactNode;
  title: string;
  label: (row: T) => string;
  onClick: (row: T) => void;
}): TableColumnType<T> {
  return {
    title: 'Дії',
    key: 'actions',
    width: 64,
    fixed: 'right',
    render: (_, row) => (
      <Button
        type="text"
        icon={icon}
        title={title}
        aria-label={label(row)}
        onClick={() => onClick(row)}
      />
    ),
  };
}
