import type { CompanyMeasurement, Measurement, MeasurementInput } from '@medcalc/domain';
import { Typography, type TableColumnsType } from 'antd';

import { timestampColumns } from '@/components/ui/paged-table';
import { usePagedSearch } from '@/hooks/use-paged-search';

import { useCopyMeasurementToTemplates } from '../api/copy-to-templates';
import { useCreateTemplateMeasurement } from '../api/create-template-measurement';
import { useDeleteTemplateMeasurement } from '../api/delete-template-measurement';
import { useCompanyMeasurements } from '../api/get-company-measurements';
import { useTemplateMeasurements } from '../api/get-template-measurements';
import { useUpdateTemplateMeasurement } from '../api/update-template-measurement';

import { CompanyItemsTable } from './company-items-table';
import type { RenderItemForm } from '@/components/ui/reference-list';
import { TemplateItemsSection } from './template-items-section';

/** The two sections sit under the page's own level-2 title, so they read smaller than it. */
const SECTION_TITLE_STYLE = { fontSize: 18 } as const;

type MeasurementValues = { name: string };

const measurementColumns = <T extends Measurement>(): TableColumnsType<T> => [
  { title: 'Назва', dataIndex: 'name', key: 'name', width: 200 },
  ...timestampColumns<T>().map((column) => ({ ...column, width: 120 })),
];

const TEMPLATE_COLUMNS = measurementColumns<Measurement>();
const COMPANY_COLUMNS = measurementColumns<CompanyMeasurement>();

function TemplateMeasurementsSection({
  renderForm,
}: {
  renderForm: RenderItemForm<MeasurementInput, MeasurementValues>;
}) {
  const search = usePagedSearch();
  const measurements = useTemplateMeasurements(search.params);
  const creation = useCreateTemplateMeasurement();
  const update = useUpdateTemplateMeasurement();
  const deletion = useDeleteTemplateMeasurement();

  return (
    <TemplateItemsSection<Measurement, MeasurementInput, MeasurementValues>
      idPrefix="template-measurement"
      texts={{
        label: 'Стандартні одиниці виміру',
        searchLabel: 'Пошук стандартних одиниць виміру',
        emptyText: 'Стандартних одиниць виміру ще немає',
        createTitle: 'Нова стандартна одиниця виміру',
        editTitle: 'Редагувати одиницю виміру',
        forCompanyTitle: 'Нова одиниця виміру для закладу',
        deleteTitle: 'Видалити одиницю виміру?',
        deleteText: (name) =>
          `Одиницю виміру «${name}» буде видалено. Одиницю, яку використовує хоча б один матеріал, видалити не можна.`,
      }}
      columns={TEMPLATE_COLUMNS}
      search={search}
      query={measurements}
      renderForm={renderForm}
      toValues={(measurement) => ({ name: measurement.name })}
      onCreate={(input, companyIdentifier) => creation.mutateAsync({ input, companyIdentifier })}
      isCreating={creation.isPending}
      onUpdate={(measurement, input) => update.mutateAsync({ id: measurement.id, input })}
      isUpdating={update.isPending}
      onDelete={(measurement, onSettled) => deletion.mutate(measurement.id, { onSettled })}
      isDeleting={deletion.isPending}
    />
  );
}

function CompanyMeasurementsSection() {
  const search = usePagedSearch();
  const measurements = useCompanyMeasurements(search.params);
  const copy = useCopyMeasurementToTemplates();

  return (
    <CompanyItemsTable<CompanyMeasurement>
      label="Одиниці виміру закладів"
      searchLabel="Пошук одиниць виміру закладів"
      emptyText="Заклади ще не додали власних одиниць виміру"
      columns={COMPANY_COLUMNS}
      search={search}
      query={measurements}
      copyText={(measurement) => `Одиницю виміру «${measurement.name}» буде додано до стандартних.`}
      onCopy={(measurement, onSettled) => copy.mutate(measurement.id, { onSettled })}
      isCopying={copy.isPending}
    />
  );
}

/**
 * Spec §2 Admin panel → Units of measurement: the standard units (create, edit, delete, add for a company) and
 * the units companies made (with their company; add to templates). The unit form comes from the page (the
 * measurements feature's `MeasurementForm`).
 */
export function AdminMeasurements({
  renderForm,
}: {
  renderForm: RenderItemForm<MeasurementInput, MeasurementValues>;
}) {
  return (
    <>
      <Typography.Title level={3} style={SECTION_TITLE_STYLE}>
        З шаблонів
      </Typography.Title>
      <TemplateMeasurementsSection renderForm={renderForm} />
      <Typography.Title level={3} style={{ ...SECTION_TITLE_STYLE, marginTop: 32 }}>
        Інших закладів
      </Typography.Title>
      <CompanyMeasurementsSection />
    </>
  );
}
