import type { CalculatedService } from '@medcalc/domain';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';

import { NoWrap } from '@/components/ui/no-wrap';
import { SearchedPagedTable, timestampColumns } from '@/components/ui/paged-table';
import { orderStatusColumn, serviceNameColumn } from '@/components/ui/service-columns';
import { buildOrderWizardPath } from '@/config/paths';
import { usePagedSearch } from '@/hooks/use-paged-search';
import { formatMoney } from '@/utils/format';

import { useCalculatedServices } from '../api/get-calculated-services';

/** Spec §8 empty state 'Calculations were not created'. */
export const NO_CALCULATIONS_TEXT = 'Калькуляції ще не створені';

const money = (value: string | null) => <NoWrap>{formatMoney(value)}</NoWrap>;

/**
 * Issue 33: every column fits a 1366 px laptop without scrolling sideways (the page's content is about 1 170 px
 * wide there): 1 120 px of columns, whose headers, names and dates wrap.
 */
const COLUMNS: TableColumnsType<CalculatedService> = [
  { title: 'Код', dataIndex: 'code', key: 'code', width: 72 },
  { ...serviceNameColumn<CalculatedService>(), width: 212 },
  {
    title: 'Замовлення',
    key: 'order',
    width: 150,
    render: (_, service) => (
      <Link to={buildOrderWizardPath(service.orderIdentifier)}>{service.orderName}</Link>
    ),
  },
  { ...orderStatusColumn<CalculatedService>(), width: 124 },
  {
    title: 'Собівартість, грн',
    dataIndex: 'summary',
    key: 'summary',
    align: 'right',
    width: 132,
    render: money,
  },
  {
    title: 'Тариф без ПДВ, грн',
    dataIndex: 'summaryWithProfit',
    key: 'summaryWithProfit',
    align: 'right',
    width: 108,
    render: money,
  },
  // The price the institution charges: with VAT and the order's rounding (issue 18), the калькуляція's «Тариф».
  {
    title: 'Тариф, грн',
    dataIndex: 'tariff',
    key: 'tariff',
    align: 'right',
    width: 104,
    render: (value: string | null) => <strong>{money(value)}</strong>,
  },
  // '23.11.2026' over '21:40'.
  ...timestampColumns<CalculatedService>().map((column) => ({ ...column, width: 104 })),
];

/**
 * The company's calculated services (spec §2 "Calculations"): code, name, the order it was calculated in (a
 * link into that order's wizard), the order's status text, cost, tariff without VAT and the final tariff,
 * created and updated. Search
 * applies after the 1-second pause, paging 5–25 rows (spec §4, §9).
 */
export function CalculatedServicesTable({ companyIdentifier }: { companyIdentifier: string }) {
  const search = usePagedSearch();
  const services = useCalculatedServices({ companyIdentifier, ...search.params });

  return (
    <SearchedPagedTable<CalculatedService>
      label="Розраховані послуги"
      searchLabel="Пошук послуг"
      searchPlaceholder="Пошук за назвою послуги"
      emptyText={NO_CALCULATIONS_TEXT}
      columns={COLUMNS}
      search={search}
      query={services}
    />
  );
}
