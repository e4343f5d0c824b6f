import type { CompanyPill, Pill, PillInput } from '@medcalc/domain';
import { Typography, type TableColumnsType } from 'antd';

import { timestampColumns } from '@/components/ui/paged-table';
import { usePagedSearch } from '@/hooks/use-paged-search';
import { formatMoney } from '@/utils/format';

import { useCopyPillToTemplates } from '../api/copy-to-templates';
import { useCreateTemplatePill } from '../api/create-template-pill';
import { useDeleteTemplatePill } from '../api/delete-template-pill';
import { useCompanyPills } from '../api/get-company-pills';
import { useTemplatePills } from '../api/get-template-pills';
import { useUpdateTemplatePill } from '../api/update-template-pill';

import { CompanyItemsTable } from './company-items-table';
import type { RenderItemForm } from '@/components/ui/reference-list';
import { TemplateItemsSection } from './template-items-section';

/** The two sections sit under the page's own level-2 title, so they read smaller than it. */
const SECTION_TITLE_STYLE = { fontSize: 18 } as const;

/** A material's form values, as the pills feature's form takes them (price `null` while empty). */
type PillValues = { name: string; measurementType: string; price: unknown };

const pillColumns = <T extends Pill>(): TableColumnsType<T> => [
  { title: 'Назва', dataIndex: 'name', key: 'name', width: 240 },
  { title: 'Одиниця виміру', dataIndex: 'measurementType', key: 'measurementType', width: 120 },
  {
    title: 'Ціна, грн',
    dataIndex: 'price',
    key: 'price',
    align: 'right',
    width: 110,
    render: (value: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(value)}</span>,
  },
  ...timestampColumns<T>().map((column) => ({ ...column, width: 120 })),
];

const TEMPLATE_COLUMNS = pillColumns<Pill>();
const COMPANY_COLUMNS = pillColumns<CompanyPill>();

function TemplatePillsSection({
  renderForm,
}: {
  renderForm: RenderItemForm<PillInput, PillValues>;
}) {
  const search = usePagedSearch();
  const pills = useTemplatePills(search.params);
  const creation = useCreateTemplatePill();
  const update = useUpdateTemplatePill();
  const deletion = useDeleteTemplatePill();

  return (
    <TemplateItemsSection<Pill, PillInput, PillValues>
      idPrefix="template-pill"
      texts={{
        label: 'Матеріали шаблонів',
        searchLabel: 'Пошук матеріалів шаблонів',
        emptyText: 'Матеріалів шаблонів ще немає',
        createTitle: 'Новий матеріал шаблонів',
        editTitle: 'Редагувати матеріал',
        forCompanyTitle: 'Новий матеріал для закладу',
        deleteTitle: 'Видалити матеріал?',
        deleteText: (name) =>
          `Матеріал шаблонів «${name}» буде видалено. Розрахунки, у яких він уже є, зберігають свою копію.`,
      }}
      columns={TEMPLATE_COLUMNS}
      search={search}
      query={pills}
      renderForm={renderForm}
      toValues={(pill) => ({
        name: pill.name,
        measurementType: pill.measurementType,
        price: pill.price,
      })}
      onCreate={(input, companyIdentifier) => creation.mutateAsync({ input, companyIdentifier })}
      isCreating={creation.isPending}
      onUpdate={(pill, input) => update.mutateAsync({ id: pill.id, input })}
      isUpdating={update.isPending}
      onDelete={(pill, onSettled) => deletion.mutate(pill.id, { onSettled })}
      isDeleting={deletion.isPending}
    />
  );
}

function CompanyPillsSection() {
  const search = usePagedSearch();
  const pills = useCompanyPills(search.params);
  const copy = useCopyPillToTemplates();

  return (
    <CompanyItemsTable<CompanyPill>
      label="Матеріали закладів"
      searchLabel="Пошук матеріалів закладів"
      emptyText="Заклади ще не додали власних матеріалів"
      columns={COMPANY_COLUMNS}
      search={search}
      query={pills}
      copyText={(pill) =>
        `До матеріалів шаблонів буде додано «${pill.name}» (${pill.measurementType}, ${formatMoney(pill.price)} грн).`
      }
      onCopy={(pill, onSettled) => copy.mutate(pill.id, { onSettled })}
      isCopying={copy.isPending}
    />
  );
}

/**
 * Spec §2 Admin panel → Consumable materials: the template materials (create, edit, delete, add for a company)
 * and the materials companies made (with their company; add to templates). The material form comes from the
 * page (the pills feature's `PillForm`, with the standard units).
 */
export function AdminPills({ renderForm }: { renderForm: RenderItemForm<PillInput, PillValues> }) {
  return (
    <>
      <Typography.Title level={3} style={SECTION_TITLE_STYLE}>
        З шаблонів
      </Typography.Title>
      <TemplatePillsSection renderForm={renderForm} />
      <Typography.Title level={3} style={{ ...SECTION_TITLE_STYLE, marginTop: 32 }}>
        Інших закладів
      </Typography.Title>
      <CompanyPillsSection />
    </>
  );
}
