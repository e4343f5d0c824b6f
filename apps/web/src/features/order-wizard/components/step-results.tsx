import {
  capExceededMessage,
  exceedsProfitabilityCap,
  canDownloadDocuments,
  withoutSubject,
  type ProfitabilityResult,
  type ProfitabilityService,
  type WizardCalculationItem,
  type WizardCalculations,
} from '@medcalc/domain';
import {
  Alert,
  Button,
  Card,
  Empty,
  Flex,
  Grid,
  Spin,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { lazy, Suspense, type Dispatch } from 'react';

import { LoadingBlock } from '@/components/ui/loading-block';
import { useCompanyIdentifier } from '@/hooks/use-company-identifier';
import { useApprovalSettings } from '@/lib/queries/approval-settings';
import { ApiRequestError } from '@/lib/api-client';

import { useCalculateOnline } from '../api/calculate-online';
import { vatModeOf, type OrderDraft, type OrderDraftAction } from '../stores/order-draft';
import { serviceAt } from '../utils/error-paths';

import { BedDayCard } from './bed-day-card';
import { CostingBreakdown } from './costing-breakdown';
import { CostingDownloadButton } from './costing-download-button';
import { PriceRoundingSelect, VatSelect } from './price-selects';
import {
  AMOUNT_LABELS,
  CostCell,
  ExpandChevron,
  PERCENT_LABELS,
  PercentInput,
} from './result-cells';
import { ServiceResultCard, tariffOf } from './service-result-card';
import { StepResultsBenchmark } from './step-results-benchmark';

// Only step 5 draws charts: the charting library is a chunk of its own, fetched when this step first opens.
const CostStructureChart = lazy(() =>
  import('./cost-structure-chart').then((module) => ({ default: module.CostStructureChart })),
);

type StepResultsProps = {
  draft: OrderDraft;
  dispatch: Dispatch<OrderDraftAction>;
  /** The order is on approval or approved: the numbers show; bonus, profitability, VAT and rounding are fixed. */
  readOnly: boolean;
};

/** A service of the draft as a row of its category's table. */
type ServiceRow = WizardCalculationItem & { category: string };

/** The amounts of step 5's table: each from the preview's answer for the row's service. */
const AMOUNT_OF = {
  summary: (service) => service?.summary,
  summaryWithProfit: (service) => service?.summaryWithProfit,
  // The price the patient pays: «Тариф без ПДВ» with its VAT, rounded as the order says (issue 18).
  tariff: tariffOf,
} satisfies Record<keyof typeof AMOUNT_LABELS, (s?: ProfitabilityService) => string | undefined>;

type Column = TableColumnsType<ServiceRow>[number];

/** The service of the answer for a category and calculation id. */
const answerKey = (category: string, id: number) => `${category}\u0000${id}`;

function indexAnswer(answer: ProfitabilityResult | undefined): Map<string, ProfitabilityService> {
  const byKey = new Map<string, ProfitabilityService>();
  for (const group of answer ?? []) {
    for (const service of group.calculations) {
      byKey.set(answerKey(group.category, service.id), service);
    }
  }
  return byKey;
}

/**
 * The messages of a refused preview (422), each with the service it is about when its path is in one
 * (`calculations.{category}.{index}.…`, read by the domain's `parseFieldPath`; category names may hold dots).
 */
function describeFieldErrors(
  errors: Readonly<Record<string, readonly string[]>>,
  calculations: WizardCalculations,
): string[] {
  const lines = Object.entries(errors).flatMap(([path, messages]) => {
    const first = messages[0];
    if (first === undefined) return [];
    const service = serviceAt(path, calculations);
    return [service ? `«${service.item.name}»: ${withoutSubject(first)}` : first];
  });
  return [...new Set(lines)];
}

/**
 * The reason of a failed preview for the user: the server's Ukrainian message (or the client's network
 * message). An answer without a message, or one that did not match the contract, gets a sentence of its own
 * rather than `HTTP 500` or a validation library's English.
 */
function failureText(error: Error): string {
  if (error instanceof ApiRequestError && !error.isUnexplained) return error.message;
  return 'Сервер не зміг розрахувати вартість. Спробуйте ще раз трохи згодом.';
}

/**
 * Wizard step 5, profitability (spec §2 "Step 5"). Per category a table of service code, name, bonus %, total
 * costs (собівартість), profitability %, the tariff без ПДВ, VAT and the final tariff; bonus, profitability and VAT are edited here,
 * and above the tables the order's rounding of the final price (issue 18). Every amount is the server's answer
 * to calculate-online, which runs the domain engine, so what this step shows is what Calculate stores. Each
 * service expands to its калькуляція (docs/methodology.md "Formulas"), and a chart per category shows what each
 * service's tariff is made of, then the line of the tariff comparison for its services that have one (issue 41).
 * Under the tables, the institution's bed-day figures (docs/methodology.md "Inpatient side").
 */
export function StepResults({ draft, dispatch, readOnly }: StepResultsProps) {
  // Issue 35: the founder's profitability cap, marked at each service's field as it is typed.
  const approvalSettings = useApprovalSettings(useCompanyIdentifier()).data;
  const capMessageOf = (profit: number | null) =>
    approvalSettings &&
    profit !== null &&
    exceedsProfitabilityCap(profit, approvalSettings.profitabilityCap)
      ? capExceededMessage(profit, approvalSettings)
      : undefined;
  const preview = useCalculateOnline(draft);
  const { isRecomputing } = preview;
  const services = indexAnswer(preview.data);
  const categories = Object.entries(draft.calculations).filter(([, items]) => items.length > 0);

  const failure = preview.isError && !isRecomputing ? preview.error : null;
  const failureLines =
    failure instanceof ApiRequestError
      ? describeFieldErrors(failure.errors, draft.calculations)
      : [];

  const screens = Grid.useBreakpoint();
  // Eight columns do not fit a phone: there each service is a card, its figures one under another.
  const isPhone = screens.xs === true;

  // The printed калькуляція of a service exists once the order is calculated (formed, sent, confirmed).
  const costingDownload = (row: ServiceRow) =>
    canDownloadDocuments(draft.status) ? (
      <div>
        <CostingDownloadButton
          identifier={draft.identifier}
          calculationId={row.id}
          name={row.name}
        />
      </div>
    ) : null;

  // The code is the service's number in the company (issue 23), which only the server's answer carries.
  const codeOf = (category: string, row: ServiceRow) =>
    services.get(answerKey(category, row.id))?.companyId ?? '';

  const percentInput = (category: string, row: ServiceRow, field: 'bonus' | 'profit') => (
    <PercentInput
      label={`${PERCENT_LABELS[field]} — ${row.name}`}
      field={field}
      value={row.calculation[field]}
      disabled={readOnly}
      capMessage={field === 'profit' ? capMessageOf(row.calculation.profit) : undefined}
      onChange={(value) =>
        dispatch({ type: 'setCalculationKey', category, id: row.id, key: field, value })
      }
    />
  );

  const vatSelect = (category: string, row: ServiceRow) => (
    <VatSelect
      label={`ПДВ — ${row.name}`}
      value={vatModeOf(row.calculation)}
      disabled={readOnly}
      onChange={(vat) => dispatch({ type: 'setServiceVat', category, id: row.id, vat })}
    />
  );

  const serviceOf = (category: string, row: ServiceRow) =>
    services.get(answerKey(category, row.id));

  const amountColumn = (category: string, key: keyof typeof AMOUNT_OF): Column => ({
    title: AMOUNT_LABELS[key],
    key,
    align: 'right',
    width: 120,
    render: (_, row) => {
      const cell = (
        <CostCell value={AMOUNT_OF[key](serviceOf(category, row))} isRecomputing={isRecomputing} />
      );
      return key === 'tariff' ? <strong>{cell}</strong> : cell;
    },
  });
  const percentColumn = (category: string, field: 'bonus' | 'profit'): Column => ({
    title: PERCENT_LABELS[field],
    key: field,
    width: 128,
    render: (_, row) => percentInput(category, row, field),
  });

  // Widths (which long names and headers wrap to) keep the eight columns and the expand button within the
  // page's 1 168 px on a laptop (1 366 px): the tariff без ПДВ and the final tariff both show without expanding.
  const columnsFor = (category: string): TableColumnsType<ServiceRow> => [
    {
      title: 'Код послуги',
      key: 'code',
      width: 96,
      render: (_, row) => codeOf(category, row),
    },
    { title: 'Назва послуги', dataIndex: 'name', key: 'name', width: 190 },
    percentColumn(category, 'bonus'),
    amountColumn(category, 'summary'),
    percentColumn(category, 'profit'),
    amountColumn(category, 'summaryWithProfit'),
    { title: 'ПДВ', key: 'vat', width: 152, render: (_, row) => vatSelect(category, row) },
    amountColumn(category, 'tariff'),
  ];

  if (categories.length === 0) {
    return <Empty description="У замовленні немає послуг для розрахунку." />;
  }

  return (
    <Flex vertical gap={24}>
      <PriceRoundingSelect
        value={draft.priceRounding}
        disabled={readOnly}
        onChange={(priceRounding) => dispatch({ type: 'setPriceRounding', priceRounding })}
      />
      {failure !== null ? (
        <Alert
          type="error"
          showIcon
          title="Не вдалося розрахувати вартість послуг"
          description={
            <>
              <div>{failureText(failure)}</div>
              {failureLines.length > 0 ? (
                <ul style={{ margin: '8px 0 0', paddingInlineStart: 20 }}>
                  {failureLines.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              ) : null}
            </>
          }
          action={
            <Button onClick={() => void preview.refetch()} disabled={preview.isFetching}>
              Спробувати ще раз
            </Button>
          }
        />
      ) : null}
      {categories.map(([category, items]) => {
        const rows: ServiceRow[] = items.map((item) => ({ ...item, category }));
        const answered = rows.flatMap((row) => {
          const service = serviceOf(category, row);
          return service ? [service] : [];
        });
        return (
          <section key={category} aria-label={category}>
            <Typography.Title level={3} style={{ fontSize: 18 }}>
              {category}
            </Typography.Title>
            {isPhone ? (
              <Flex vertical gap={12} role="list" aria-label={`Рентабельність: ${category}`}>
                {rows.map((row) => (
                  <ServiceResultCard
                    key={row.id}
                    item={row}
                    code={codeOf(category, row)}
                    bonus={percentInput(category, row, 'bonus')}
                    profit={percentInput(category, row, 'profit')}
                    vat={vatSelect(category, row)}
                    priceRounding={draft.priceRounding}
                    service={serviceOf(category, row)}
                    isRecomputing={isRecomputing}
                    download={costingDownload(row)}
                  />
                ))}
              </Flex>
            ) : (
              <Table<ServiceRow>
                aria-label={`Рентабельність: ${category}`}
                columns={columnsFor(category)}
                dataSource={rows}
                rowKey="id"
                pagination={false}
                scroll={{ x: 'max-content' }}
                expandable={{
                  expandedRowRender: (row) => (
                    <Flex vertical gap={8}>
                      <CostingBreakdown
                        item={row}
                        costing={serviceOf(category, row)?.costing}
                        priceRounding={draft.priceRounding}
                        isRecomputing={isRecomputing}
                      />
                      {costingDownload(row)}
                    </Flex>
                  ),
                  expandIcon: ({ expanded, onExpand, record }) => (
                    <Button
                      type="text"
                      size="small"
                      aria-expanded={expanded}
                      aria-label={`Калькуляція «${record.name}»`}
                      title={expanded ? 'Сховати калькуляцію' : 'Показати калькуляцію'}
                      icon={<ExpandChevron isOpen={expanded} />}
                      onClick={(event) => onExpand(record, event)}
                    />
                  ),
                }}
              />
            )}
            {answered.length > 0 ? (
              <Card size="small" title="Структура вартості послуг" style={{ marginTop: 16 }}>
                <Suspense fallback={<LoadingBlock label="Діаграма: завантаження…" rows={3} />}>
                  <Spin spinning={isRecomputing}>
                    <CostStructureChart category={category} services={answered} />
                  </Spin>
                </Suspense>
              </Card>
            ) : null}
            <StepResultsBenchmark
              identifier={draft.identifier}
              category={category}
              services={rows}
            />
          </section>
        );
      })}
      <BedDayCard companyInfo={draft.companyInfo} />
    </Flex>
  );
}
