import { ORDER_STATUS_LABELS, UNKNOWN_STATUS_LABEL, type CalculatedService } from '@medcalc/domain';
import { Flex, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';

import { PagedTable, timestampColumns } from '@/components/ui/paged-table';
import { SearchInput } from '@/components/ui/search-input';
import { buildOrderWizardPath } from '@/config/paths';
import { usePagedSearch } from '@/hooks/use-paged-search';
import { formatMoney } from '@/utils/format';

import { useCalculatedServices } from '../api/get-calculated-services';

/** Spec §8 empty state 'Calculations were not created'. */
export const NO_CALCULATIONS_TEXT = 'Калькуляції ще не створені';

const money = (value: string | null) => (
  <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(value)}</span>
);

const COLUMNS: TableColumnsType<CalculatedService> = [
  { title: 'Код', dataIndex: 'code', key: 'code' },
  // Widths, which long names, headers and dates wrap to, keep a whole row on a laptop's screen.
  {
    title: 'Назва послуги',
    key: 'name',
    width: 240,
    render: (_, service) => (
      <Flex vertical>
        <span>{service.name}</span>
        {service.categoryName ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {service.categoryName}
          </Typography.Text>
        ) : null}
      </Flex>
    ),
  },
  {
    title: 'Замовлення',
    key: 'order',
    width: 180,
    render: (_, service) => (
      <Link to={buildOrderWizardPath(service.orderIdentifier)}>{service.orderName}</Link>
    ),
  },
  {
    title: 'Статус',
    dataIndex: 'orderStatus',
    key: 'orderStatus',
    width: 150,
    render: (status: CalculatedService['orderStatus']) =>
      ORDER_STATUS_LABELS[status] ?? UNKNOWN_STATUS_LABEL,
  },
  {
    title: 'Собівартість, грн',
    dataIndex: 'summary',
    key: 'summary',
    align: 'right',
    width: 120,
    render: money,
  },
  {
    title: 'Тариф без ПДВ, грн',
    dataIndex: 'summaryWithProfit',
    key: 'summaryWithProfit',
    align: 'right',
    width: 120,
    render: money,
  },
  // '23 Лист 2026' over '21:40'.
  ...timestampColumns<CalculatedService>().map((column) => ({ ...column, width: 120 })),
];

/**
 * The company's calculated services (spec §2 "Calculations"): code, name, the order it was calculated in (a
 * link into that order's wizard), the order's status text, cost and tariff, created and updated. Search
 * applies after the 1-second pause, paging 5–25 rows (spec §4, §9).
 */
export function CalculatedServicesTable({ companyIdentifier }: { companyIdentifier: string }) {
  const search = usePagedSearch();
  const { params } = search;
  const services = useCalculatedServices({ companyIdentifier, ...params });

  return (
    <>
      <Flex wrap gap={16} style={{ marginBottom: 16 }}>
        <SearchInput
          label="Пошук послуг"
          placeholder="Пошук за назвою послуги"
          value={search.searchText}
          onChange={search.setSearchText}
        />
      </Flex>
      <PagedTable<CalculatedService>
        label="Розраховані послуги"
        columns={COLUMNS}
        rowKey="id"
        rows={services.data?.data}
        meta={services.data?.meta}
        perPage={params.perPage}
        onPageChange={search.setPage}
        isLoading={services.isPending}
        isFetching={services.isFetching}
        isError={services.isError}
        onRetry={() => void services.refetch()}
        emptyText={
          params.search ? `Нічого не знайдено за запитом «${params.search}»` : NO_CALCULATIONS_TEXT
        }
      />
    </>
  );
}
