import { Typography } from 'antd';

import { PageTitle } from '@/components/ui/page-title';
import { useCreateTemplateEquipment } from '@/features/admin/api/create-template-equipment';
import { useDeleteTemplateEquipment } from '@/features/admin/api/delete-template-equipment';
import { useTemplateEquipment } from '@/features/admin/api/get-template-equipment';
import { useUpdateTemplateEquipment } from '@/features/admin/api/update-template-equipment';
import {
  EquipmentList,
  type EquipmentListTexts,
} from '@/features/equipment/components/equipment-table';

const TEXTS: EquipmentListTexts = {
  label: 'Обладнання шаблонів',
  emptyText: 'Обладнання шаблонів ще немає. Додайте обладнання.',
  createTitle: 'Нове обладнання шаблонів',
  editTitle: 'Редагувати обладнання шаблонів',
  deleteTitle: 'Видалити обладнання?',
  deleteText: (name) =>
    `Обладнання шаблонів «${name}» буде видалено. Розрахунки, у яких воно вже є, зберігають свою копію.`,
};

/**
 * Issue 38, the admin panel's «Обладнання»: the administrator's template equipment, the rows the provider's
 * templates' equipment lines name and every company's wizard offers under «Обладнання шаблонів» (as the template
 * materials). The page composes the admin feature's calls with the equipment feature's list and form; a template
 * row has no inventory number (each institution's own), and no import, export or usage question here.
 */
export default function AdminEquipmentRoute() {
  const equipment = useTemplateEquipment();
  const creation = useCreateTemplateEquipment();
  const update = useUpdateTemplateEquipment();
  const deletion = useDeleteTemplateEquipment();
  return (
    <>
      <PageTitle level={2}>Обладнання</PageTitle>
      <Typography.Paragraph type="secondary">
        Обладнання, на яке посилаються шаблони послуг. Кожен заклад бачить його в кроці 3
        розрахунку, у групі «Обладнання шаблонів», поруч зі своїм реєстром.
      </Typography.Paragraph>
      <EquipmentList
        texts={TEXTS}
        idPrefix="template-equipment"
        query={equipment}
        canEdit
        withInventoryNumber={false}
        calls={{
          onCreate: (input) => creation.mutateAsync({ input }),
          isCreating: creation.isPending,
          onUpdate: (row, input) => update.mutateAsync({ id: row.id, input }),
          isUpdating: update.isPending,
          onDelete: (row) => deletion.mutateAsync(row.id),
          isDeleting: deletion.isPending,
        }}
      />
    </>
  );
}
