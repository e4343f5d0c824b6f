import type { PriceRounding, ProfitabilityService, WizardCalculationItem } from '@medcalc/domain';
import { Button, Card, Descriptions, Typography } from 'antd';
import { useState, type ReactNode } from 'react';

import { CostingBreakdown } from './costing-breakdown';
import { AMOUNT_LABELS, CostCell, ExpandChevron, PERCENT_LABELS } from './result-cells';

/** The tariff the patient pays (issue 18): the answer's final price, or the tariff без ПДВ of an older answer. */
export const tariffOf = (service: ProfitabilityService | undefined): string | undefined =>
  service?.costing.price?.tariff ?? service?.summaryWithProfit;

/**
 * A service of step 5 on a phone: its code and name, then bonus, total costs, profitability, the tariff without
 * VAT, the VAT choice and the final tariff one under another (the table's columns, same labels and inputs), and
 * its калькуляція behind a button.
 */
export function ServiceResultCard({
  item,
  code,
  bonus,
  profit,
  vat,
  priceRounding,
  service,
  isRecomputing,
  download,
}: {
  item: WizardCalculationItem;
  code: string;
  bonus: ReactNode;
  profit: ReactNode;
  /** The service's VAT select. */
  vat: ReactNode;
  priceRounding: PriceRounding;
  service: ProfitabilityService | undefined;
  isRecomputing: boolean;
  /** The «Калькуляція (PDF)» download, once the order's documents exist; null before. */
  download: ReactNode;
}) {
  const [isOpen, setOpen] = useState(false);
  return (
    <Card size="small" role="listitem" aria-label={`Послуга: ${item.name}`}>
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">{code}</Typography.Text>{' '}
        <Typography.Text strong>{item.name}</Typography.Text>
      </Typography.Paragraph>
      <Descriptions
        size="small"
        column={1}
        colon={false}
        // Each label level with its input or amount.
        styles={{ label: { alignItems: 'center' }, content: { alignItems: 'center' } }}
        items={[
          { key: 'bonus', label: PERCENT_LABELS.bonus, children: bonus },
          {
            key: 'summary',
            label: AMOUNT_LABELS.summary,
            children: <CostCell value={service?.summary} isRecomputing={isRecomputing} />,
          },
          { key: 'profit', label: PERCENT_LABELS.profit, children: profit },
          {
            key: 'summaryWithProfit',
            label: AMOUNT_LABELS.summaryWithProfit,
            children: <CostCell value={service?.summaryWithProfit} isRecomputing={isRecomputing} />,
          },
          { key: 'vat', label: 'ПДВ', children: vat },
          {
            key: 'tariff',
            label: AMOUNT_LABELS.tariff,
            children: (
              <strong>
                <CostCell value={tariffOf(service)} isRecomputing={isRecomputing} />
              </strong>
            ),
          },
        ]}
      />
      <Button
        type="link"
        style={{ paddingInline: 0 }}
        aria-expanded={isOpen}
        aria-label={`${isOpen ? 'Сховати' : 'Показати'} калькуляцію «${item.name}»`}
        icon={<ExpandChevron isOpen={isOpen} />}
        onClick={() => setOpen(!isOpen)}
      >
        {isOpen ? 'Сховати калькуляцію' : 'Показати калькуляцію'}
      </Button>
      {isOpen ? (
        <CostingBreakdown
          item={item}
          costing={service?.costing}
          priceRounding={priceRounding}
          isRecomputing={isRecomputing}
        />
      ) : null}
      {download}
    </Card>
  );
}
