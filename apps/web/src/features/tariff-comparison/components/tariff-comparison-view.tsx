import {
  BED_BANDS,
  COMPARISON_ARTICLES,
  HIDDEN_REASON_TEXTS,
  OBLASTS,
  TARIFF_COMPARISON_MESSAGES,
  benchmarkSentence,
  standingText,
  type BedBand,
  type BenchmarkQuery,
  type BenchmarkService,
  type Oblast,
} from '@medcalc/domain';
import { DownloadOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Empty,
  Flex,
  Grid,
  Select,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

import { LoadError } from '@/components/ui/load-error';
import { LoadingBlock } from '@/components/ui/loading-block';
import { paths } from '@/config/paths';
import { useKeyboardScroll } from '@/hooks/use-keyboard-scroll';
import { ApiRequestError } from '@/lib/api-client';
import { EMPTY_VALUE_TEXT, formatMoney } from '@/utils/format';

import { useDownloadBenchmark } from '../api/download-benchmark';
import { useBenchmark } from '../api/get-benchmark';
import { BenchmarkChart } from './benchmark-chart';

const ALL = '';
const OBLAST_OPTIONS = [
  { value: ALL, label: 'Усі області' },
  ...OBLASTS.map((oblast) => ({ value: oblast, label: oblast })),
];
const SIZE_OPTIONS = [
  { value: ALL, label: 'Будь-який розмір' },
  ...BED_BANDS.map((band) => ({ value: band.value, label: band.label })),
];

const whole = (value: number) => `${formatMoney(value, 0)} грн`;

/** The oblast and size filters (and what sits beside them, the XLSX button of a participant). */
export function BenchmarkFilters({
  query,
  onChange,
  children,
}: {
  query: BenchmarkQuery;
  onChange: (update: (current: BenchmarkQuery) => BenchmarkQuery) => void;
  children?: ReactNode;
}) {
  const oblastId = useId();
  const sizeId = useId();
  return (
    <Flex wrap gap={16} style={{ marginBottom: 16 }}>
      <Flex vertical gap={4} style={{ minWidth: 220, flex: '1 1 220px', maxWidth: 320 }}>
        <label htmlFor={oblastId}>Область</label>
        <Select<string>
          id={oblastId}
          value={query.oblast ?? ALL}
          options={OBLAST_OPTIONS}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(value) =>
            onChange((current) => ({
              ...current,
              oblast: (value || undefined) as Oblast | undefined,
            }))
          }
        />
      </Flex>
      <Flex vertical gap={4} style={{ minWidth: 220, flex: '1 1 220px', maxWidth: 320 }}>
        <label htmlFor={sizeId}>Розмір закладу</label>
        <Select<string>
          id={sizeId}
          value={query.size ?? ALL}
          options={SIZE_OPTIONS}
          onChange={(value) =>
            onChange((current) => ({
              ...current,
              size: (value || undefined) as BedBand | undefined,
            }))
          }
        />
      </Flex>
      {children}
    </Flex>
  );
}

/**
 * Issue 41, «Порівняння тарифів»: the institution's template services among the other taking-part institutions —
 * filters by oblast and size, a table of all services, then per service the chart (box and our mark) and the cost
 * articles beside ours. A company not taking part is told how to join (give to get).
 */
export function TariffComparisonView({ companyIdentifier }: { companyIdentifier: string }) {
  const [query, setQuery] = useState<BenchmarkQuery>({});
  const benchmark = useBenchmark(companyIdentifier, query);
  const download = useDownloadBenchmark(companyIdentifier);
  if (benchmark.isPending)
    return <LoadingBlock label="Порівняння тарифів: завантаження…" rows={3} />;
  if (benchmark.isError) {
    if (benchmark.error instanceof ApiRequestError && benchmark.error.status === 403)
      return (
        <Alert
          type="info"
          showIcon
          title={TARIFF_COMPARISON_MESSAGES.notParticipating}
          description={<Link to={paths.company}>Перейти до даних закладу</Link>}
        />
      );
    return <LoadError onRetry={() => void benchmark.refetch()} />;
  }
  return (
    <>
      <BenchmarkFilters query={query} onChange={setQuery}>
        <Button
          icon={<DownloadOutlined />}
          loading={download.isPending}
          onClick={() => download.mutate(query)}
          style={{ alignSelf: 'flex-end' }}
        >
          Завантажити XLSX
        </Button>
      </BenchmarkFilters>
      <BenchmarkServices
        services={benchmark.data.services}
        empty="Немає затверджених послуг, створених із шаблонів: порівнювати поки нічого."
      />
    </>
  );
}

/**
 * The services of a comparison: the table of all, then a card per service. In the administrator's view (every
 * `ourTariff` null) the columns and marks of «ours» are left out.
 */
export function BenchmarkServices({
  services,
  empty,
}: {
  services: BenchmarkService[];
  empty: string;
}) {
  if (services.length === 0) return <Empty description={empty} />;
  const withOurs = services.some((service) => service.ourTariff !== null);
  return (
    <>
      <SummaryTable services={services} withOurs={withOurs} />
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 420px), 1fr))',
          gap: 16,
          marginTop: 24,
        }}
      >
        {services.map((service) => (
          <ServiceCard key={service.templateId} service={service} withOurs={withOurs} />
        ))}
      </div>
    </>
  );
}

function SummaryTable({ services, withOurs }: { services: BenchmarkService[]; withOurs: boolean }) {
  const ours = (column: TableColumnsType<BenchmarkService>[number]) => (withOurs ? [column] : []);
  // Narrower than this (a phone), the table scrolls sideways inside itself, reachable by the keyboard, the
  // service's name kept in sight beside its figures.
  const scrollRef = useKeyboardScroll('Порівняння тарифів: таблиця');
  const isPhone = Grid.useBreakpoint().xs === true;
  return (
    <div ref={scrollRef}>
      <Table<BenchmarkService>
        rowKey="templateId"
        dataSource={services}
        pagination={false}
        size="small"
        // Long template names wrap within the page's width instead of pushing the figures out of it.
        scroll={{ x: withOurs ? 860 : 640 }}
        columns={[
          isPhone
            ? { title: 'Послуга', dataIndex: 'name', width: 150, fixed: 'left' as const }
            : { title: 'Послуга', dataIndex: 'name', width: '40%' },
          ...ours({
            title: 'Ваш тариф, грн',
            align: 'right',
            render: (_, row) =>
              row.ourTariff === null ? EMPTY_VALUE_TEXT : formatMoney(row.ourTariff),
          }),
          {
            title: 'Закладів',
            align: 'right',
            render: (_, row) => row.statistics?.n ?? EMPTY_VALUE_TEXT,
          },
          {
            title: '25-й процентиль',
            align: 'right',
            render: (_, row) => (row.statistics ? whole(row.statistics.p25) : EMPTY_VALUE_TEXT),
          },
          {
            title: 'Медіана',
            align: 'right',
            render: (_, row) => (row.statistics ? whole(row.statistics.median) : EMPTY_VALUE_TEXT),
          },
          {
            title: '75-й процентиль',
            align: 'right',
            render: (_, row) => (row.statistics ? whole(row.statistics.p75) : EMPTY_VALUE_TEXT),
          },
          ...ours({
            title: 'Ваш процентиль',
            align: 'right',
            render: (_, row) =>
              (row.statistics && standingText(row.statistics)) ?? EMPTY_VALUE_TEXT,
          }),
        ]}
      />
    </div>
  );
}

function ServiceCard({ service, withOurs }: { service: BenchmarkService; withOurs: boolean }) {
  const sentence = benchmarkSentence(service);
  return (
    <Card
      size="small"
      // The whole name, wrapped: antd cuts a card's title to one line.
      title={<h2 style={{ margin: 0, fontSize: 15, whiteSpace: 'normal' }}>{service.name}</h2>}
    >
      {service.statistics && sentence ? (
        <figure style={{ margin: 0 }}>
          <figcaption style={{ fontSize: 13 }}>{sentence}</figcaption>
          <BenchmarkChart service={service} />
          <Table
            rowKey="key"
            size="small"
            pagination={false}
            dataSource={service.statistics.articles}
            columns={[
              {
                title: 'Стаття витрат, % собівартості',
                render: (_, row) =>
                  COMPARISON_ARTICLES.find((article) => article.key === row.key)?.label ?? row.key,
              },
              { title: 'Медіана', align: 'right', render: (_, row) => `${row.median} %` },
              ...(withOurs
                ? [
                    {
                      title: 'Ваш заклад',
                      align: 'right' as const,
                      render: (_: unknown, row: { ours: number | null }) =>
                        row.ours === null ? EMPTY_VALUE_TEXT : `${row.ours} %`,
                    },
                  ]
                : []),
            ]}
          />
        </figure>
      ) : (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {service.hidden ? HIDDEN_REASON_TEXTS[service.hidden] : null}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
