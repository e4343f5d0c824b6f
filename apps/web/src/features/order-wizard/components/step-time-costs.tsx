import { DeleteOutlined } from '@ant-design/icons';
import {
  calculationContentSchema,
  formatStaffRateLabel,
  wizardCalculationItemSchema,
  type StaffRate,
  type WizardCalculationItem,
} from '@medcalc/domain';
import { Form as AntForm, Button, Checkbox, Col, Grid, Input, Modal, Row } from 'antd';
import { memo, use, useState } from 'react';

import { useStaff } from '@/lib/queries/staff';
import type { ServiceRef } from '../stores/order-draft';
import { calculationKeyPath } from '../utils/error-paths';
import { valueIssue } from '../utils/schema-issues';

import { lineRowProps, ServiceLinesCard } from './service-lines-card';
import { ServiceSections, type ServiceCardProps, type WizardStepProps } from './service-sections';
import {
  ServiceBonusContext,
  serviceBonus,
  StaffCostTotal,
  StaffLineRow,
  type StaffChoices,
} from './staff-line-row';
import { describedBy, nameCount } from '@/components/ui/form';
import { WIZARD_ITEM_LAYOUT, WizardField, WizardNumberField } from './wizard-field';

const staffRateLabel = (rate: StaffRate) =>
  formatStaffRateLabel({
    qualification: rate.qualification,
    category: rate.category,
    scientificDegree: rate.scientific_degree,
  });

const countStaffLines = (item: WizardCalculationItem) => item.calculation.stuff.length;

/**
 * Step 2 "Time costs" (spec §2): per category and service, the service name, the chronometry checkbox, the bonus
 * and the staff lines (qualification from the company's staffing table, salary, minutes, working conditions,
 * working day and the line's cost by the domain's formula), with lines added and deleted and a service removed
 * from the order.
 */
export function StepTimeCosts({
  draft,
  dispatch,
  readOnly,
  companyIdentifier,
  fieldErrors,
}: WizardStepProps) {
  const staff = useStaff(companyIdentifier);
  const isPhone = Grid.useBreakpoint().xs === true;
  const [removing, setRemoving] = useState<(ServiceRef & { name: string }) | null>(null);

  // The compiler keeps `choices` and `askToRemove` the same objects while what they read stays the same, so a
  // service card re-renders only when its own service changes (an order may hold 200).
  const rates = staff.data ?? [];
  const choices: StaffChoices = {
    rates,
    options: rates.map((rate) => ({ value: rate.id, label: staffRateLabel(rate) })),
    isLoading: staff.isPending,
    isPhone,
  };
  const askToRemove = (service: ServiceRef & { name: string }) => setRemoving(service);

  return (
    <>
      <ServiceSections
        calculations={draft.calculations}
        loadError={
          staff.isError ? 'Не вдалося завантажити штатний розпис: посади не можна обрати.' : null
        }
        onRetry={() => void staff.refetch()}
        countLines={countStaffLines}
        renderService={(category, item, index) => (
          <ServiceTimeCosts
            key={item.id}
            category={category}
            index={index}
            item={item}
            dispatch={dispatch}
            readOnly={readOnly}
            staff={choices}
            fieldErrors={fieldErrors}
            onRemove={askToRemove}
          />
        )}
      />
      <Modal
        open={removing !== null}
        title="Прибрати послугу із замовлення?"
        okText="Так, прибрати"
        okButtonProps={{ danger: true }}
        cancelText="Скасувати"
        destroyOnHidden
        onCancel={() => setRemoving(null)}
        onOk={() => {
          if (removing) {
            dispatch({ type: 'removeCalculation', category: removing.category, id: removing.id });
          }
          setRemoving(null);
        }}
      >
        Послугу «{removing?.name}» буде прибрано із замовлення разом з усіма її витратами. Її вже
        оплачено у складі замовлення, і повернути її після збереження не вийде.
      </Modal>
    </>
  );
}

/**
 * The service's bonus field. It reads the bonus from {@link ServiceBonusContext}, as the lines' costs and the card's
 * total do, so a keystroke in it re-renders these and not the card around them.
 */
function BonusField({
  id,
  serverError,
  onChange,
}: {
  id: string;
  /** The server's message of the last save about the bonus. */
  serverError: string | undefined;
  onChange: (value: number | null) => void;
}) {
  const bonus = serviceBonus(use(ServiceBonusContext));
  return (
    <WizardNumberField
      id={id}
      label="Премія, %"
      error={valueIssue(calculationContentSchema.shape.bonus, bonus) ?? serverError}
      value={bonus}
      onChange={onChange}
    />
  );
}

// The props are named one by one, not gathered as `...card`: the compiler takes a rest object as something a call
// (lineRowProps) may change, and then kept the whole card in one block that each keystroke in the service rendered
// again (its name field and buttons with its bonus). Named, each part re-renders only with what it shows, and a
// keystroke in the bonus re-renders only what reads it from the context (docs/performance.md "Phone").
const ServiceTimeCosts = memo(function ServiceTimeCosts({
  category,
  index,
  item,
  dispatch,
  readOnly,
  fieldErrors,
  staff,
  onRemove,
}: ServiceCardProps & {
  staff: StaffChoices;
  onRemove: (service: ServiceRef & { name: string }) => void;
}) {
  const ref = { category, id: item.id };
  const { calculation } = item;
  const prefix = `service-${item.id}`;
  const nameError =
    valueIssue(wizardCalculationItemSchema.shape.name, item.name) ??
    fieldErrors[calculationKeyPath(category, index, 'name')];
  const stuffError = fieldErrors[calculationKeyPath(category, index, 'stuff')];

  return (
    <ServiceBonusContext value={calculation.bonus}>
      <ServiceLinesCard
        name={item.name}
        extra={
          readOnly ? null : (
            <Button
              type="text"
              danger
              icon={<DeleteOutlined aria-hidden />}
              onClick={() => onRemove({ category, id: item.id, name: item.name })}
              aria-label={`Прибрати послугу «${item.name}» із замовлення`}
            >
              Прибрати
            </Button>
          )
        }
        listLabel="Витрати часу"
        listError={stuffError}
        lines={calculation.stuff.map((line, lineIndex) => (
          <StaffLineRow
            // Lines have no id of their own; a deleted line shifts the rest, as the server's paths do.
            key={lineIndex}
            // Of the service only its id: the lines stay the same array while the bonus changes.
            {...lineRowProps(
              { category, index, item: { id: item.id }, dispatch, readOnly, fieldErrors },
              'stuff',
              lineIndex,
            )}
            line={line}
            staff={staff}
          />
        ))}
        emptyText="Витрат часу ще немає."
        readOnly={readOnly}
        addLabel="Додати витрати часу"
        onAdd={() => dispatch({ type: 'addStuffLine', ...ref })}
        total={<StaffCostTotal lines={calculation.stuff} />}
      >
        {/* The compiler keeps this row while the service's own fields stay the same: typing in a line skips it. */}
        <Row gutter={16} align="bottom">
          <Col xs={24} lg={12}>
            <WizardField id={`${prefix}-name`} label="Назва послуги" error={nameError}>
              <Input
                {...describedBy(`${prefix}-name`, nameError)}
                value={item.name}
                count={nameCount()}
                onChange={(event) =>
                  dispatch({
                    type: 'setCalculationKey',
                    category,
                    id: item.id,
                    key: 'name',
                    value: event.target.value,
                  })
                }
              />
            </WizardField>
          </Col>
          <Col xs={12} lg={4}>
            <BonusField
              id={`${prefix}-bonus`}
              serverError={fieldErrors[calculationKeyPath(category, index, 'bonus')]}
              onChange={(value) =>
                dispatch({ type: 'setCalculationKey', category, id: item.id, key: 'bonus', value })
              }
            />
          </Col>
          <Col xs={24} lg={8}>
            <AntForm.Item {...WIZARD_ITEM_LAYOUT} style={{ marginBottom: 12 }}>
              <Checkbox
                checked={calculation.chronometry === true}
                onChange={(event) =>
                  dispatch({
                    type: 'setCalculationKey',
                    category,
                    id: item.id,
                    key: 'chronometry',
                    value: event.target.checked,
                  })
                }
              >
                Додати акт хронометражу до калькуляції
              </Checkbox>
            </AntForm.Item>
          </Col>
        </Row>
      </ServiceLinesCard>
    </ServiceBonusContext>
  );
});
