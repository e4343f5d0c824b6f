import { RightOutlined } from '@ant-design/icons';
import {
  calculationContentSchema,
  canDownloadDocuments,
  formatServiceCode,
  type ProfitabilityResult,
  type ProfitabilityService,
  type WizardCalculationItem,
  type WizardCalculations,
} from '@medcalc/domain';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Grid,
  Spin,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { lazy, Suspense, useMemo, useState, type Dispatch, type ReactNode } from 'react';

import { LoadingBlock } from '@/components/ui/loading-block';
import { NumberInput } from '@/components/ui/number-input';
import { ApiRequestError } from '@/lib/api-client';
import { formatMoney } from '@/utils/format';

import { useCalculateOnline } from '../api/calculate-online';
import type { OrderDraft, OrderDraftAction } from '../stores/order-draft';

import { BedDayCard } from './bed-day-card';
import { CostingBreakdown } from './costing-breakdown';
import { CostingDownloadButton } from './costing-download-button';

// Only step 5 draws charts: the charting library is a chunk of its own, fetched when this step first opens.
const CostStructureChart = lazy(() =>
  import('./cost-structure-chart').then((module) => ({ default: module.CostStructureChart })),
);

type StepResultsProps = {
  draft: OrderDraft;
  dispatch: Dispatch<OrderDraftAction>;
  /** The order is on approval or approved: the numbers show, bonus and profitability cannot be changed. */
  readOnly: boolean;
};

/** A service of the draft as a row of its category's table. */
type ServiceRow = WizardCalculationItem & { category: string };

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
 * The messages of a refused preview (422), each with the service it is about when its path names one
 * (`calculations.{category}.{index}.calculation.…`). Category names may contain dots, so paths are matched
 * against the draft's own prefixes rather than split.
 */
function describeFieldErrors(
  errors: Readonly<Record<string, readonly string[]>>,
  calculations: WizardCalculations,
): string[] {
  const prefixes: { prefix: string; name: string }[] = [];
  for (const [category, items] of Object.entries(calculations)) {
    items.forEach((item, index) => {
      prefixes.push({ prefix: `calculations.${category}.${index}.`, name: item.name });
    });
  }
  const lines = Object.entries(errors).flatMap(([path, messages]) => {
    const first = messages[0];
    if (first === undefined) return [];
    const service = prefixes.find(({ prefix }) => path.startsWith(prefix));
    return [service ? `«${service.name}»: ${first}` : first];
  });
  return [...new Set(lines)];
}

/**
 * The reason of a failed preview for the user: the server's Ukrainian message (or the client's network
 * message). An answer without a message, or one that did not match the contract, gets a sentence of its own
 * rather than `HTTP 500` or a validation library's English.
 */
function failureText(error: Error): string {
  if (error instanceof ApiRequestError && !/^HTTP \d+$/.test(error.message)) return error.message;
  return 'Сервер не зміг розрахувати вартість. Спробуйте ще раз трохи згодом.';
}

/** Why a bonus or profitability percent of the draft cannot be used (the domain's rule), or undefined. */
const percentError = (key: 'bonus' | 'profit', value: number | null): string | undefined =>
  calculationContentSchema.shape[key].safeParse(value).error?.issues[0]?.message;

/**
 * An editable percent of a service (spec §2 step 5: bonus and profitability are editable numbers, bonus in
 * steps of 1, spec §5). Every change goes to the draft as typed: an emptied input as `null` (the reducer keeps
 * it, as step 2 does), a value the domain refuses as it is, with the schema's reason under the input — never
 * clamped or silently replaced by 0.
 */
function PercentInput({
  label,
  field,
  value,
  disabled,
  onChange,
}: {
  label: string;
  field: 'bonus' | 'profit';
  /** `null` when the input was emptied (the draft keeps that until a number is typed). */
  value: number | null;
  disabled: boolean;
  onChange: (value: number | null) => void;
}) {
  const error = percentError(field, value);
  return (
    <Flex vertical gap={2}>
      <NumberInput
        aria-label={label}
        aria-invalid={error !== undefined}
        status={error !== undefined ? 'error' : undefined}
        value={value}
        precision={0}
        step={1}
        disabled={disabled}
        style={{ width: 96 }}
        onChange={onChange}
      />
      {error !== undefined ? (
        <Typography.Text type="danger" style={{ fontSize: 12, maxWidth: 160 }}>
          {error}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

const PERCENT_LABELS = { bonus: 'Премія, %', profit: 'Рентабельність, %' } as const;

/**
 * A service of step 5 on a phone: its code and name, then bonus, total costs, profitability and tariff one under
 * another (the table's columns, same labels and inputs), and its калькуляція behind a button.
 */
function ServiceCard({
  row,
  code,
  bonus,
  profit,
  service,
  isRecomputing,
  download,
}: {
  row: ServiceRow;
  code: string;
  bonus: ReactNode;
  profit: ReactNode;
  service: ProfitabilityService | undefined;
  isRecomputing: boolean;
  /** The «Калькуляція (PDF)» download, once the order's documents exist; null before. */
  download: ReactNode;
}) {
  const [isOpen, setOpen] = useState(false);
  return (
    <Card size="small" role="listitem" aria-label={`Послуга: ${row.name}`}>
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">{code}</Typography.Text>{' '}
        <Typography.Text strong>{row.name}</Typography.Text>
      </Typography.Paragraph>
      <Descriptions
        size="small"
        column={1}
        colon={false}
        // Each label level with its input or amount.
        styles={{ label: { alignItems: 'center' }, content: { alignItems: 'center' } }}
        items={[
          { key: 'bonus', label: 'Премія, %', children: bonus },
          {
            key: 'summary',
            label: 'Загальні витрати, грн',
            children: <CostCell value={service?.summary} isRecomputing={isRecomputing} />,
          },
          { key: 'profit', label: 'Рентабельність, %', children: profit },
          {
            key: 'summaryWithProfit',
            label: 'Вартість (тариф без ПДВ), грн',
            children: (
              <strong>
                <CostCell value={service?.summaryWithProfit} isRecomputing={isRecomputing} />
              </strong>
            ),
          },
        ]}
      />
      <Button
        type="link"
        style={{ paddingInline: 0 }}
        aria-expanded={isOpen}
        aria-label={`${isOpen ? 'Сховати' : 'Показати'} калькуляцію «${row.name}»`}
        icon={
          <RightOutlined
            aria-hidden
            style={{
              transition: 'transform 0.2s',
              transform: isOpen ? 'rotate(90deg)' : undefined,
            }}
          />
        }
        onClick={() => setOpen(!isOpen)}
      >
        {isOpen ? 'Сховати калькуляцію' : 'Показати калькуляцію'}
      </Button>
      {isOpen ? (
        <CostingBreakdown item={row} costing={service?.costing} isRecomputing={isRecomputing} />
      ) : null}
      {download}
    </Card>
  );
}

/** A money cell of the answer: a spinner while the preview is being recomputed (spec §2 step 5). */
function CostCell({ value, isRecomputing }: { value: string | undefined; isRecomputing: boolean }) {
  if (isRecomputing) {
    return (
      <span role="status" aria-label="Розрахунок…">
        <Spin size="small" />
      </span>
    );
  }
  return <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(value)}</span>;
}

/**
 * Wizard step 5, profitability (spec §2 "Step 5"). Per category a table of service code, name, bonus %, total
 * costs (собівартість), profitability % and the tariff without VAT; bonus and profitability are edited here.
 * Every amount is the server's answer to calculate-online, which runs the domain engine, so what this step shows
 * is what Calculate stores. Each service expands to its калькуляція (docs/methodology.md "Formulas"), and a chart
 * per category shows what each service's tariff is made of. Under the tables, the institution's bed-day
 * figures (docs/methodology.md "Inpatient side").
 */
export function StepResults({ draft, dispatch, readOnly }: StepResultsProps) {
  const preview = useCalculateOnline(draft);
  const { isRecomputing } = preview;
  const services = useMemo(() => indexAnswer(preview.data), [preview.data]);
  const categories = Object.entries(draft.calculations).filter(([, items]) => items.length > 0);

  const failure = preview.isError && !isRecomputing ? preview.error : null;
  const failureLines =
    failure instanceof ApiRequestError
      ? describeFieldErrors(failure.errors, draft.calculations)
      : [];

  const screens = Grid.useBreakpoint();
  // Six columns do not fit a phone: there each service is a card, its figures one under another.
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

  const codeOf = (category: string, row: ServiceRow) =>
    services.get(answerKey(category, row.id))?.companyId ?? formatServiceCode(row.id);

  const percentInput = (category: string, row: ServiceRow, field: 'bonus' | 'profit') => (
    <PercentInput
      label={`${PERCENT_LABELS[field]} — ${row.name}`}
      field={field}
      value={row.calculation[field]}
      disabled={readOnly}
      onChange={(value) =>
        dispatch({ type: 'setCalculationKey', category, id: row.id, key: field, value })
      }
    />
  );

  const columnsFor = (category: string): TableColumnsType<ServiceRow> => [
    {
      title: 'Код послуги',
      key: 'code',
      width: 110,
      render: (_, row) => codeOf(category, row),
    },
    // Widths (which long names and headers wrap to) keep the tariff, the last column, on a laptop's screen.
    { title: 'Назва послуги', dataIndex: 'name', key: 'name', width: 320 },
    {
      title: 'Премія, %',
      key: 'bonus',
      width: 120,
      render: (_, row) => percentInput(category, row, 'bonus'),
    },
    {
      title: 'Загальні витрати, грн',
      key: 'summary',
      align: 'right',
      width: 130,
      render: (_, row) => (
        <CostCell
          value={services.get(answerKey(category, row.id))?.summary}
          isRecomputing={isRecomputing}
        />
      ),
    },
    {
      title: 'Рентабельність, %',
      key: 'profit',
      width: 130,
      render: (_, row) => percentInput(category, row, 'profit'),
    },
    {
      title: 'Вартість (тариф без ПДВ), грн',
      key: 'summaryWithProfit',
      align: 'right',
      width: 150,
      render: (_, row) => (
        <CostCell
          value={services.get(answerKey(category, row.id))?.summaryWithProfit}
          isRecomputing={isRecomputing}
        />
      ),
    },
  ];

  if (categories.length === 0) {
    return <Empty description="У замовленні немає послуг для розрахунку." />;
  }

  return (
    <Flex vertical gap={24}>
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
        const answered = items.flatMap((item) => {
          const service = services.get(answerKey(category, item.id));
          return service ? [service] : [];
        });
        return (
          <section key={category} aria-label={category}>
            <Typography.Title level={3} style={{ fontSize: 18 }}>
              {category}
            </Typography.Title>
            {isPhone ? (
              <Flex vertical gap={12} role="list" aria-label={`Рентабельність: ${category}`}>
                {rows.map((row) => {
                  const service = services.get(answerKey(category, row.id));
                  return (
                    <ServiceCard
                      key={row.id}
                      row={row}
                      code={codeOf(category, row)}
                      bonus={percentInput(category, row, 'bonus')}
                      profit={percentInput(category, row, 'profit')}
                      service={service}
                      isRecomputing={isRecomputing}
                      download={costingDownload(row)}
                    />
                  );
                })}
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
                        costing={services.get(answerKey(category, row.id))?.costing}
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
                      icon={
                        <RightOutlined
                          aria-hidden
                          style={{
                            transition: 'transform 0.2s',
                            transform: expanded ? 'rotate(90deg)' : undefined,
                          }}
                        />
                      }
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
          </section>
        );
      })}
      <BedDayCard companyInfo={draft.companyInfo} />
    </Flex>
  );
}
