import {
  EQUIPMENT_FIELD_LABELS,
  EQUIPMENT_REGISTER_FIELDS,
  MAX_INVENTORY_NUMBER_LENGTH,
  SUGGESTED_HOURS_PER_YEAR,
  equipmentInputSchema,
  type EquipmentInput,
} from '@medcalc/domain';
import { Typography } from 'antd';
import { useWatch, type Control } from 'react-hook-form';
import type { z } from 'zod';

import { Form, FormActions, nameCount, nameField, TextFields } from '@/components/ui/form';
import { NumberField } from '@/components/ui/number-field';
import type { ItemFormProps } from '@/components/ui/reference-list';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { withServerErrors } from '@/lib/form-errors';
import { EMPTY_VALUE_TEXT, formatMinuteRate, formatQuantity } from '@/utils/format';

import { rateValuesOf } from '../utils/rate-values';

/** What the inputs hold; a number input reports `null` while it is empty, which the schema rejects (S: 0). */
export type EquipmentFormValues = z.input<typeof equipmentInputSchema>;

/** A new row starts with S = 0 and the suggested T, one shift of the 38.5-hour week (docs/methodology.md). */
export const EMPTY_EQUIPMENT: EquipmentFormValues = {
  name: '',
  inventoryNumber: '',
  firstCost: null,
  residualValue: 0,
  usefulLifeYears: null,
  hoursPerYear: SUGGESTED_HOURS_PER_YEAR,
};

/**
 * The cost of one minute as it is typed (issue 38): «2,0614 грн/хв» once V, S, N and T are values the register
 * takes, «—» until then. Read out politely as it changes.
 */
function MinuteRate({
  control,
}: {
  control: Control<EquipmentFormValues, unknown, EquipmentInput>;
}) {
  const [firstCost, residualValue, usefulLifeYears, hoursPerYear] = useWatch({
    control,
    name: ['firstCost', 'residualValue', 'usefulLifeYears', 'hoursPerYear'],
  });
  const values = rateValuesOf({ firstCost, residualValue, usefulLifeYears, hoursPerYear });
  return (
    <Typography.Paragraph>
      Вартість однієї хвилини:{' '}
      <output aria-live="polite" aria-label="Вартість однієї хвилини">
        <strong>{values === null ? EMPTY_VALUE_TEXT : `${formatMinuteRate(values)} грн/хв`}</strong>
      </output>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
        (V − S) / N / (T × 60)
      </Typography.Text>
    </Typography.Paragraph>
  );
}

/**
 * A row of the equipment register (docs/methodology.md "Equipment depreciation"): name, inventory number, first
 * cost V and residual value S in UAH, useful life N in whole years, planned hours of use a year T (suggested
 * 1 940,4), checked with the domain schema, and the cost of one minute shown as it is typed.
 */
export function EquipmentForm({
  idPrefix,
  defaultValues = EMPTY_EQUIPMENT,
  submitText,
  isPending,
  onSubmit,
  onCancel,
  withInventoryNumber = true,
}: ItemFormProps<EquipmentInput, EquipmentFormValues> & {
  /** The template equipment has none (an inventory number is each institution's own): no field for it. */
  withInventoryNumber?: boolean;
}) {
  const { control, handleSubmit, setError } = useSchemaForm(equipmentInputSchema, defaultValues, {
    unsavedMessage: 'Обладнання не збережено. Якщо піти зі сторінки, введене буде втрачено.',
  });
  const send = withServerErrors(setError, [...EQUIPMENT_REGISTER_FIELDS], onSubmit);

  return (
    <Form onSubmit={handleSubmit(send)} aria-label={submitText}>
      <TextFields
        control={control}
        fields={[
          {
            ...nameField('name', `${idPrefix}-name`, EQUIPMENT_FIELD_LABELS.name),
            placeholder: 'Наприклад, Ультразвуковий сканер',
          },
          ...(withInventoryNumber
            ? [
                {
                  name: 'inventoryNumber' as const,
                  id: `${idPrefix}-inventory-number`,
                  label: `${EQUIPMENT_FIELD_LABELS.inventoryNumber} (необов’язково)`,
                  count: nameCount(MAX_INVENTORY_NUMBER_LENGTH),
                },
              ]
            : []),
        ]}
      />
      <NumberField
        control={control}
        name="firstCost"
        id={`${idPrefix}-first-cost`}
        label={`${EQUIPMENT_FIELD_LABELS.firstCost} (V), грн`}
        step={1000}
        placeholder="заповніть"
      />
      <NumberField
        control={control}
        name="residualValue"
        id={`${idPrefix}-residual-value`}
        label={`${EQUIPMENT_FIELD_LABELS.residualValue} (S), грн`}
        step={100}
        placeholder="0,00"
      />
      <NumberField
        control={control}
        name="usefulLifeYears"
        id={`${idPrefix}-useful-life`}
        label={`${EQUIPMENT_FIELD_LABELS.usefulLifeYears} (N)`}
        step={1}
        precision={0}
        placeholder="заповніть"
      />
      <NumberField
        control={control}
        name="hoursPerYear"
        id={`${idPrefix}-hours-per-year`}
        label={`${EQUIPMENT_FIELD_LABELS.hoursPerYear} (T)`}
        step={1}
        precision={1}
        placeholder={formatQuantity(SUGGESTED_HOURS_PER_YEAR)}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: -8, fontSize: 13 }}>
        Рекомендовано {formatQuantity(SUGGESTED_HOURS_PER_YEAR)} год: одна зміна при 38,5-годинному
        тижні (21 день × 12 місяців × 7,7 год).
      </Typography.Paragraph>
      <MinuteRate control={control} />
      <FormActions submitText={submitText} isPending={isPending} onCancel={onCancel} />
    </Form>
  );
}
