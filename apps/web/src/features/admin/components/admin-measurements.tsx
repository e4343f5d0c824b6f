import type { CompanyMeasurement, Measurement, MeasurementInput } from '@medcalc/domain';
import type { TableColumnsType } from 'antd';

import { timestampColumns } from '@/components/ui/paged-table';
import type { RenderItemForm } from '@/components/ui/reference-list';
import { usePagedSearch } from '@/hooks/use-paged-search';

import { useCopyMeasurementToTemplates } from '../api/copy-measurement-to-templates';
import { useCreateTemplateMeasurement } from '../api/create-template-measurement';
import { useDeleteTemplateMeasurement } from '../api/delete-template-measurement';
import { useCompanyMeasurements } from '../api/get-company-measurements';
import { useTemplateMeasurements } from '../api/get-template-measurements';
import { useUpdateTemplateMeasurement } from '../api/update-template-measurement';

import { AdminItemsSections } from './admin-items-sections';
import { CompanyItemsTable, type CompanyItemTexts } from './company-items-table';
import { TemplateItemsSection, type TemplateItemTexts } from './template-items-section';

type MeasurementValues = { name: string };

const measurementColumns = <T extends Measurement>(): TableColumnsType<T> => [
  { title: 'Назва', dataIndex: 'name', key: 'name', width: 200 },
  ...timestampColumns<T>().map((column) => ({ ...column, width: 120 })),
];

const TEMPLATE_COLUMNS = measurementColumns<Measurement>();
const COMPANY_COLUMNS = measurementColumns<CompanyMeasurement>();

const TEMPLATE_TEXTS: TemplateItemTexts = {
  label: 'Стандартні одиниці виміру',
  searchLabel: 'Пошук стандартних одиниць виміру',
  emptyText: 'Стандартних одиниць виміру ще немає',
  createTitle: 'Нова стандартна одиниця виміру',
  editTitle: 'Редагувати одиницю виміру',
  forCompanyTitle: 'Нова одиниця виміру для закладу',
  deleteTitle: 'Видалити одиницю виміру?',
  deleteText: (name) =>
    `Одиницю виміру «${name}» буде видалено. Одиницю, яку використовує хоча б один матеріал, видалити не можна.`,
};

const COMPANY_TEXTS: CompanyItemTexts = {
  label: 'Одиниці виміру закладів',
  searchLabel: 'Пошук одиниць виміру закладів',
  emptyText: 'Заклади ще не додали власних одиниць виміру',
};

function TemplateMeasurementsSection({
  renderForm,
}: {
  renderForm: RenderItemForm<MeasurementInput, MeasurementValues>;
}) {
  const search = usePagedSearch();
  const measurements = useTemplateMeasurements(search.params);
  const calls = {
    creation: useCreateTemplateMeasurement(),
    update: useUpdateTemplateMeasurement(),
    deletion: useDeleteTemplateMeasurement(),
  };

  return (
    <TemplateItemsSection<Measurement, MeasurementInput, MeasurementValues>
      idPrefix="template-measurement"
      texts={TEMPLATE_TEXTS}
      columns={TEMPLATE_COLUMNS}
      search={search}
      query={measurements}
      renderForm={renderForm}
      toValues={(measurement) => ({ name: measurement.name })}
      calls={calls}
    />
  );
}

function CompanyMeasurementsSection() {
  const search = usePagedSearch();
  const measurements = useCompanyMeasurements(search.params);
  const copy = useCopyMeasurementToTemplates();

  return (
    <CompanyItemsTable<CompanyMeasurement>
      texts={COMPANY_TEXTS}
      columns={COMPANY_COLUMNS}
      search={search}
      query={measurements}
      copyText={(measurement) => `Одиницю виміру «${measurement.name}» буде додано до стандартних.`}
      copy={copy}
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
    <AdminItemsSections
      templates={<TemplateMeasurementsSection renderForm={renderForm} />}
      companies={<CompanyMeasurementsSection />}
    />
  );
}
