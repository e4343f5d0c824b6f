import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';

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
