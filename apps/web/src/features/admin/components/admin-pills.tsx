import type { CompanyPill, Pill, PillInput } from '@medcalc/domain';
import type { TableColumnsType } from 'antd';

import { NoWrap } from '@/components/ui/no-wrap';
import { timestampColumns } from '@/components/ui/paged-table';
import { formatPrice } from '@/utils/format';

import { useCopyPillToTemplates } from '../api/copy-pill-to-templates';
import { useCreateTemplatePill } from '../api/create-template-pill';
import { useDeleteTemplatePill } from '../api/delete-template-pill';
import { useCompanyPills } from '../api/get-company-pills';
import { useTemplatePills } from '../api/get-template-pills';
import { useUpdateTemplatePill } from '../api/update-template-pill';

import { adminItemsTab } from './admin-items-sections';
import type { CompanyItemTexts } from './company-items-table';
import type { TemplateItemTexts } from './template-items-section';

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
    render: (value: number) => <NoWrap>{formatPrice(value)}</NoWrap>,
  },
  ...timestampColumns<T>().map((column) => ({ ...column, width: 120 })),
];

const TEMPLATE_COLUMNS = pillColumns<Pill>();
const COMPANY_COLUMNS = pillColumns<CompanyPill>();

const TEMPLATE_TEXTS: TemplateItemTexts = {
  label: 'Матеріали шаблонів',
  searchLabel: 'Пошук матеріалів шаблонів',
  emptyText: 'Матеріалів шаблонів ще немає',
  createTitle: 'Новий матеріал шаблонів',
  editTitle: 'Редагувати матеріал',
  forCompanyTitle: 'Новий матеріал для закладу',
  deleteTitle: 'Видалити матеріал?',
  deleteText: (name) =>
    `Матеріал шаблонів «${name}» буде видалено. Розрахунки, у яких він уже є, зберігають свою копію.`,
};

const COMPANY_TEXTS: CompanyItemTexts = {
  label: 'Матеріали закладів',
  searchLabel: 'Пошук матеріалів закладів',
  emptyText: 'Заклади ще не додали власних матеріалів',
};

/**
 * Spec §2 Admin panel → Consumable materials: the template materials (create, edit, delete, add for a company)
 * and the materials companies made (with their company; add to templates). The material form comes from the
 * page (the pills feature's `PillForm`, with the standard units).
 */
export const AdminPills = adminItemsTab<Pill, CompanyPill, PillInput, PillValues>({
  templates: {
    idPrefix: 'template-pill',
    texts: TEMPLATE_TEXTS,
    columns: TEMPLATE_COLUMNS,
    toValues: (pill) => ({
      name: pill.name,
      measurementType: pill.measurementType,
      price: pill.price,
    }),
    usePage: useTemplatePills,
    useCreation: useCreateTemplatePill,
    useUpdate: useUpdateTemplatePill,
    useDeletion: useDeleteTemplatePill,
  },
  companies: {
    texts: COMPANY_TEXTS,
    columns: COMPANY_COLUMNS,
    copyText: (pill) =>
      `До матеріалів шаблонів буде додано «${pill.name}» (${pill.measurementType}, ${formatPrice(pill.price)} грн).`,
    usePage: useCompanyPills,
    useCopy: useCopyPillToTemplates,
  },
});
