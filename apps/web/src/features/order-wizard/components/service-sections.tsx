import type { WizardCalculationItem, WizardCalculations } from '@medcalc/domain';
import { Alert, Button, Empty, Flex, Typography } from 'antd';
import type { Dispatch, ReactNode } from 'react';

import type { OrderDraft, OrderDraftAction } from '../stores/order-draft';
import type { FieldErrors } from '../utils/error-paths';

/** Props of a wizard step that edits the order's services. */
export type WizardStepProps = {
  draft: OrderDraft;
  dispatch: Dispatch<OrderDraftAction>;
  readOnly: boolean;
  companyIdentifier: string;
  fieldErrors: FieldErrors;
};

/**
 * The services of the order, per category (steps 2 and 3): a retry banner when the step's reference list did not
 * load, "no services" when the order has none, else a titled section per category with one card per service.
 */
export function ServiceSections({
  calculations,
  loadError,
  onRetry,
  renderService,
}: {
  calculations: WizardCalculations;
  /** The banner's text when the reference list failed to load, else null. */
  loadError: string | null;
  onRetry: () => void;
  renderService: (category: string, item: WizardCalculationItem, index: number) => ReactNode;
}) {
  const categories = Object.entries(calculations);
  return (
    <>
      {loadError !== null ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={loadError}
          action={
            <Button size="small" onClick={onRetry}>
              Спробувати ще раз
            </Button>
          }
        />
      ) : null}
      {categories.length === 0 ? (
        <Empty description="У замовленні немає послуг." />
      ) : (
        <Flex vertical gap={24}>
          {categories.map(([category, items]) => (
            <section key={category} aria-label={category}>
              <Typography.Title level={3} style={{ fontSize: 20 }}>
                {category}
              </Typography.Title>
              <Flex vertical gap={16}>
                {items.map((item, index) => renderService(category, item, index))}
              </Flex>
            </section>
          ))}
        </Flex>
      )}
    </>
  );
}
