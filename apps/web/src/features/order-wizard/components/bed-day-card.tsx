import { computeBedDayCosts, type CompanyInfo } from '@medcalc/domain';
import { Card, Descriptions, Typography } from 'antd';

import { NoWrap } from '@/components/ui/no-wrap';
import { formatMoney } from '@/utils/format';

const money = (value: string | null) => <NoWrap>{formatMoney(value)} грн</NoWrap>;

/**
 * The inpatient figures of the institution (docs/methodology.md "Inpatient side"): the annual cost of stay and
 * of patients' food, and each per bed-day, N = beds × 365. They depend on the institution data only, so they are
 * computed here with the domain's `computeBedDayCosts` — the same function the server uses — from the draft's
 * step-1 data, and follow every edit there.
 */
export function BedDayCard({ companyInfo }: { companyInfo: CompanyInfo }) {
  const costs = computeBedDayCosts(companyInfo);

  return (
    <Card size="small" title="Вартість ліжко-дня (стаціонар)">
      {costs.bedDays === 0 ? (
        <Typography.Text type="secondary">
          Кількість ліжок у даних закладу не вказано, тож вартість ліжко-дня не розраховується.
        </Typography.Text>
      ) : (
        <Descriptions
          size="small"
          column={1}
          bordered
          aria-label="Вартість ліжко-дня"
          items={[
            {
              key: 'bedDays',
              label: 'Ліжко-днів на рік (ліжка × 365)',
              children: formatMoney(costs.bedDays, 0),
            },
            {
              key: 'stayPerBedDay',
              label: 'Перебування, за ліжко-день',
              children: money(costs.stayPerBedDay),
            },
            {
              key: 'foodPerBedDay',
              label: 'Харчування, за ліжко-день',
              children: money(costs.foodPerBedDay),
            },
            {
              key: 'stayPerYear',
              label: 'Перебування, на рік',
              children: money(costs.stayPerYear),
            },
            { key: 'foodPerYear', label: 'Харчування, на рік', children: money(costs.foodPerYear) },
          ]}
        />
      )}
    </Card>
  );
}
