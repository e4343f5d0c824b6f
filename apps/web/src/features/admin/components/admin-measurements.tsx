import type { CompanyMeasurement, Measurement, MeasurementInput } from '@medcalc/domain';
import type { TableColumnsType } from 'antd';

import { timestampColumns } from '@/components/ui/paged-table';

import { useCopyMeasurementToTemplates } from '../api/copy-measurement-to-templates';
import { useCreateTemplateMeasurement } from '../api/create-template-measurement';
import { useDeleteTemplateMeasurement } from '../api/delete-template-measurement';
import { useCompanyMeasurements } from '../api/get-company-measurements';
import { useTemplateMeasurements } from '../api/get-template-measurements';
import { useUpdateTemplateMeasurement } from '../api/update-template-measurement';

import { adminItemsTab } from './admin-items-sections';
import type { CompanyItemTexts } from './company-items-table';
import type { TemplateItemTexts } from './template-items-section';

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

/**
 * Spec §2 Admin panel → Units of measurement: the standard units (create, edit, delete, add for a company) and
 * the units companies made (with their company; add to templates). The unit form comes from the page (the
 * measurements feature's `MeasurementForm`).
 */
export const AdminMeasurements = adminItemsTab<
  Measurement,
  CompanyMeasurement,
  MeasurementInput,
  MeasurementValues
>({
  templates: {
    idPrefix: 'template-measurement',
    texts: TEMPLATE_TEXTS,
    columns: TEMPLATE_COLUMNS,
    toValues: (measurement) => ({ name: measurement.name }),
    usePage: useTemplateMeasurements,
    useCreation: useCreateTemplateMeasurement,
    useUpdate: useUpdateTemplateMeasurement,
    useDeletion: useDeleteTemplateMeasurement,
  },
  companies: {
    texts: COMPANY_TEXTS,
    columns: COMPANY_COLUMNS,
    copyText: (measurement) => `Одиницю виміру «${measurement.name}» буде додано до стандартних.`,
    usePage: useCompanyMeasurements,
    useCopy: useCopyMeasurementToTemplates,
  },
});
