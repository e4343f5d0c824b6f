import {
  PRICE_ROUNDING_LABELS,
  PRICE_ROUNDINGS,
  VAT_MODE_LABELS,
  VAT_MODES,
  type PriceRounding,
  type VatMode,
} from '@medcalc/domain';
import { Flex, Select, Typography } from 'antd';
import { useId } from 'react';

const ROUNDING_OPTIONS = PRICE_ROUNDINGS.map((value) => ({
  value,
  label: PRICE_ROUNDING_LABELS[value],
}));

const VAT_OPTIONS = VAT_MODES.map((value) => ({ value, label: VAT_MODE_LABELS[value] }));

/**
 * What a service's VAT select shows when closed: short enough for the table's column, whose header says «ПДВ»
 * (the list itself gives the full labels, with the Tax Code's point).
 */
const VAT_SHORT_LABELS: Readonly<Record<VatMode, string>> = {
  exempt: 'Звільнено',
  vat20: 'ПДВ 20 %',
};

const shortVatLabel = (mode: unknown): string =>
  typeof mode === 'string' && Object.hasOwn(VAT_SHORT_LABELS, mode)
    ? VAT_SHORT_LABELS[mode as VatMode]
    : String(mode);

/**
 * Step 5, above the tables (issue 18): how the order's final prices are rounded (docs/methodology.md "Rounding
 * of the final price"). The choice is the order's, so it applies to the tariff of every service; the difference
 * is a row of each калькуляція.
 */
export function PriceRoundingSelect({
  value,
  disabled,
  onChange,
}: {
  value: PriceRounding;
  disabled: boolean;
  onChange: (value: PriceRounding) => void;
}) {
  const id = useId();
  return (
    <Flex vertical gap={4}>
      <Flex wrap gap={8} align="center">
        <label htmlFor={id}>Округлення тарифу</label>
        <Select<PriceRounding>
          id={id}
          value={value}
          options={ROUNDING_OPTIONS}
          disabled={disabled}
          onChange={onChange}
          style={{ width: 260, maxWidth: '100%' }}
        />
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        Застосовується до тарифу кожної послуги замовлення (половина — вгору); різниця показана в
        калькуляції окремим рядком.
      </Typography.Text>
    </Flex>
  );
}

/**
 * A service's VAT (issue 18): exempt, the default for medical practice (Tax Code 197.1.5), or 20 % for a service
 * that is not medical practice. `label` names the service, as the percent inputs beside it do.
 */
export function VatSelect({
  label,
  value,
  disabled,
  onChange,
}: {
  label: string;
  value: VatMode;
  disabled: boolean;
  onChange: (value: VatMode) => void;
}) {
  return (
    <Select<VatMode>
      aria-label={label}
      value={value}
      options={VAT_OPTIONS}
      labelRender={({ value: mode }) => shortVatLabel(mode)}
      popupMatchSelectWidth={false}
      disabled={disabled}
      onChange={onChange}
      // The short labels fit in 120 px, which leaves step 5's eight columns room at 1 366 px.
      style={{ width: 120 }}
    />
  );
}
