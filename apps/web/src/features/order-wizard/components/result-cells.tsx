import { RightOutlined } from '@ant-design/icons';
import { calculationContentSchema } from '@medcalc/domain';
import { Flex, Spin, Typography } from 'antd';

import { NoWrap } from '@/components/ui/no-wrap';
import { NumberInput } from '@/components/ui/number-input';
import { formatMoney } from '@/utils/format';

/** Labels of step 5's percent inputs (the table's headers, the phone card's labels, the inputs' names). */
export const PERCENT_LABELS = { bonus: 'Премія, %', profit: 'Рентабельність, %' } as const;

/**
 * Labels of step 5's amounts (the table's headers, the phone card's labels): the cost, the tariff без ПДВ
 * (`summaryWithProfit`) and the final tariff with its VAT and rounding (issue 18).
 */
export const AMOUNT_LABELS = {
  summary: 'Загальні витрати, грн',
  summaryWithProfit: 'Вартість (тариф без ПДВ), грн',
  tariff: 'Тариф, грн',
} as const;

/** Why a bonus or profitability percent of the draft cannot be used (the domain's rule), or undefined. */
const percentError = (key: 'bonus' | 'profit', value: number | null): string | undefined =>
  calculationContentSchema.shape[key].safeParse(value).error?.issues[0]?.message;

/**
 * An editable percent of a service (spec §2 step 5: bonus and profitability are editable numbers, bonus in
 * steps of 1, spec §5). Every change goes to the draft as typed: an emptied input as `null` (the reducer keeps
 * it, as step 2 does), a value the domain refuses as it is, with the schema's reason under the input — never
 * clamped or silently replaced by 0.
 */
export function PercentInput({
  label,
  field,
  value,
  disabled,
  capMessage,
  onChange,
}: {
  label: string;
  field: 'bonus' | 'profit';
  /**
   * Issue 35: why the typed profitability exceeds the founder's cap (the domain's message), shown under the input
   * as it is typed; Calculate refuses it with the same words.
   */
  capMessage?: string | undefined;
  /** `null` when the input was emptied (the draft keeps that until a number is typed). */
  value: number | null;
  disabled: boolean;
  onChange: (value: number | null) => void;
}) {
  const error = percentError(field, value) ?? capMessage;
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

/** A money cell of the answer: a spinner while the preview is being recomputed (spec §2 step 5). */
export function CostCell({
  value,
  isRecomputing,
}: {
  value: string | undefined;
  isRecomputing: boolean;
}) {
  if (isRecomputing) {
    return (
      <span role="status" aria-label="Розрахунок…">
        <Spin size="small" />
      </span>
    );
  }
  return <NoWrap>{formatMoney(value)}</NoWrap>;
}

/** The chevron of a service's «show the калькуляція» toggle: it points down while the breakdown is open. */
export function ExpandChevron({ isOpen }: { isOpen: boolean }) {
  return (
    <RightOutlined
      aria-hidden
      style={{ transition: 'transform 0.2s', transform: isOpen ? 'rotate(90deg)' : undefined }}
    />
  );
}
