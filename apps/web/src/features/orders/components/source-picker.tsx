import { Tabs } from 'antd';

import { useCompanyCalculations } from '../api/get-company-calculations';
import { useTemplatesList } from '../api/get-templates-list';
import type { DraftSourceItem } from '../stores/new-order-draft';

import { CategoryChecklist, ChecklistEmpty } from './category-checklist';

type PickerProps = {
  isChosen: (source: DraftSourceItem['source'], sourceId: number) => boolean;
  onToggle: (item: DraftSourceItem, checked: boolean) => void;
};

/** Templates tab: the provider's templates by category (spec §2 "Create order"). */
function TemplatesPicker({ isChosen, onToggle }: PickerProps) {
  const templates = useTemplatesList();
  return (
    <CategoryChecklist
      groups={templates.data?.map((entry) => ({
        categoryId: entry.categoryId,
        categoryName: entry.categoryName,
        items: entry.templates.map((t) => ({ id: t.templateId, name: t.templateName })),
      }))}
      isLoading={templates.isPending}
      isError={templates.isError}
      onRetry={() => void templates.refetch()}
      loadingLabel="Завантаження шаблонів"
      errorText="Не вдалося завантажити шаблони."
      empty={<ChecklistEmpty text="Шаблонів поки немає." />}
      isChecked={(id) => isChosen('template', id)}
      onToggle={(group, item, checked) =>
        onToggle(
          { source: 'template', sourceId: item.id, categoryId: group.categoryId, name: item.name },
          checked,
        )
      }
    />
  );
}

/** Own-calculations tab: the company's earlier calculations by category (spec §2 "Create order"). */
function OwnCalculationsPicker({
  companyIdentifier,
  isChosen,
  onToggle,
}: PickerProps & { companyIdentifier: string }) {
  const calculations = useCompanyCalculations(companyIdentifier);
  return (
    <CategoryChecklist
      groups={calculations.data?.map((entry) => ({
        categoryId: entry.categoryId,
        categoryName: entry.categoryName,
        // The order's name tells apart equal names, e.g. one template calculated in several orders.
        items: entry.calculations.map((c) => ({
          id: c.calculationId,
          name: c.name,
          detail: `Замовлення «${c.orderName}»`,
        })),
      }))}
      isLoading={calculations.isPending}
      isError={calculations.isError}
      onRetry={() => void calculations.refetch()}
      loadingLabel="Завантаження власних розрахунків"
      errorText="Не вдалося завантажити власні розрахунки."
      empty={
        <ChecklistEmpty text="Список власних розрахунків порожній. Створіть новий розрахунок" />
      }
      isChecked={(id) => isChosen('calculation', id)}
      onToggle={(group, item, checked) =>
        onToggle(
          {
            source: 'calculation',
            sourceId: item.id,
            categoryId: group.categoryId,
            name: item.name,
          },
          checked,
        )
      }
    />
  );
}

/** The two source tabs of spec §2 "Create order": provider templates or own earlier calculations. */
export function SourcePicker({
  companyIdentifier,
  ...props
}: PickerProps & { companyIdentifier: string }) {
  return (
    <Tabs
      items={[
        { key: 'templates', label: 'Шаблони', children: <TemplatesPicker {...props} /> },
        {
          key: 'own',
          label: 'Власні розрахунки',
          children: <OwnCalculationsPicker companyIdentifier={companyIdentifier} {...props} />,
        },
      ]}
    />
  );
}
