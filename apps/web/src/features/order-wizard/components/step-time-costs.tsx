import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  calculationContentSchema,
  computeStaffLineCost,
  formatStaffRateLabel,
  stuffLineSchema,
  sumMoney,
  WORKING_DAY_HOURS,
  wizardCalculationItemSchema,
  type StaffRate,
  type StuffLine,
  type WizardCalculationItem,
} from '@medcalc/domain';
import {
  Form as AntForm,
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Flex,
  Grid,
  Input,
  Modal,
  Row,
  Select,
  Spin,
  Typography,
} from 'antd';
import { memo, useCallback, useMemo, useState, type Dispatch } from 'react';

import { NumberInput } from '@/components/ui/number-input';
import { formatMoney } from '@/utils/format';

import { useStaff } from '@/lib/queries/staff';
import type { OrderDraftAction, ServiceRef } from '../stores/order-draft';
import { calculationKeyPath, stuffFieldPath, type FieldErrors } from '../utils/error-paths';
import { schemaIssues, valueIssue } from '../utils/schema-issues';

import { ServiceSections, type WizardStepProps } from './service-sections';
import { WizardFieldsForm } from './wizard-fields-form';
import { describedBy, WizardField } from './wizard-field';

/** Spec §5: the working day is chosen from the list; 7.7 h reads '7,7 год'. */
const WORKING_DAY_OPTIONS = WORKING_DAY_HOURS.map((hours) => ({
  value: hours,
  label: `${String(hours).replace('.', ',')} год`,
}));

/** Spec §8 "Missing qualification in step 2": the template's qualification is not in the staffing table. */
export const missingQualificationMessage = (name: string) =>
  `Кваліфікації «${name}» немає у вашому штатному розписі. Оберіть посаду зі штатного розпису.`;

const staffRateLabel = (rate: StaffRate) =>
  formatStaffRateLabel({
    qualification: rate.qualification,
    category: rate.category,
    scientificDegree: rate.scientific_degree,
  });

type StaffChoices = {
  rates: readonly StaffRate[];
  options: { value: number; label: string }[];
  isLoading: boolean;
  /** A phone: the list is as wide as the field (a wider one would open past the screen's left edge). */
  isPhone: boolean;
};

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

  const choices = useMemo<StaffChoices>(() => {
    const rates = staff.data ?? [];
    return {
      rates,
      options: rates.map((rate) => ({ value: rate.id, label: staffRateLabel(rate) })),
      isLoading: staff.isPending,
      isPhone,
    };
  }, [staff.data, staff.isPending, isPhone]);

  // Stable, so a service card re-renders only when its own service changes (an order may hold 200).
  const askToRemove = useCallback(
    (service: ServiceRef & { name: string }) => setRemoving(service),
    [],
  );

  return (
    <WizardFieldsForm>
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
    </WizardFieldsForm>
  );
}

const ServiceTimeCosts = memo(function ServiceTimeCosts({
  category,
  index,
  item,
  dispatch,
  readOnly,
  staff,
  fieldErrors,
  onRemove,
}: {
  category: string;
  index: number;
  item: WizardCalculationItem;
  dispatch: Dispatch<OrderDraftAction>;
  readOnly: boolean;
  staff: StaffChoices;
  fieldErrors: FieldErrors;
  onRemove: (service: ServiceRef & { name: string }) => void;
}) {
  const ref = { category, id: item.id };
  const { calculation } = item;
  const prefix = `service-${item.id}`;
  const nameError =
    valueIssue(wizardCalculationItemSchema.shape.name, item.name) ??
    fieldErrors[calculationKeyPath(category, index, 'name')];
  const bonusError =
    valueIssue(calculationContentSchema.shape.bonus, calculation.bonus) ??
    fieldErrors[calculationKeyPath(category, index, 'bonus')];
  const stuffError = fieldErrors[calculationKeyPath(category, index, 'stuff')];
  const total = sumMoney(
    calculation.stuff.map((line) => computeStaffLineCost(line, calculation.bonus ?? 0)),
  );

  // Kept while the service's own fields stay the same: typing in a staff line does not re-render them.
  const serviceFields = useMemo(
    () => (
      <Row gutter={16} align="bottom">
        <Col xs={24} lg={12}>
          <WizardField id={`${prefix}-name`} label="Назва послуги" error={nameError}>
            <Input
              {...describedBy(`${prefix}-name`, nameError)}
              value={item.name}
              maxLength={255}
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
          <WizardField id={`${prefix}-bonus`} label="Премія, %" error={bonusError}>
            <NumberInput
              {...describedBy(`${prefix}-bonus`, bonusError)}
              value={calculation.bonus}
              precision={0}
              step={1}
              style={{ width: '100%' }}
              onChange={(value) =>
                dispatch({ type: 'setCalculationKey', category, id: item.id, key: 'bonus', value })
              }
            />
          </WizardField>
        </Col>
        <Col xs={24} lg={8}>
          <AntForm.Item style={{ marginBottom: 12 }}>
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
    ),
    [
      prefix,
      category,
      item.id,
      item.name,
      calculation.bonus,
      calculation.chronometry,
      nameError,
      bonusError,
      dispatch,
    ],
  );

  return (
    <Card
      size="small"
      title={item.name || 'Послуга без назви'}
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
      role="region"
      aria-label={`Послуга: ${item.name}`}
    >
      {serviceFields}

      {stuffError ? (
        <Alert type="error" showIcon title={stuffError} style={{ marginBottom: 12 }} />
      ) : null}

      <Flex vertical gap={12} role="list" aria-label={`Витрати часу: ${item.name}`}>
        {calculation.stuff.map((line, lineIndex) => (
          <StaffLineRow
            // Lines have no id of their own; a deleted line shifts the rest, as the server's paths do.
            key={lineIndex}
            id={`${prefix}-stuff-${lineIndex}`}
            category={category}
            serviceId={item.id}
            serviceIndex={index}
            lineIndex={lineIndex}
            line={line}
            bonus={calculation.bonus}
            staff={staff}
            readOnly={readOnly}
            fieldErrors={fieldErrors}
            dispatch={dispatch}
          />
        ))}
        {calculation.stuff.length === 0 ? (
          <Typography.Text type="secondary">Витрат часу ще немає.</Typography.Text>
        ) : null}
      </Flex>

      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginTop: 12 }}>
        {readOnly ? (
          <span />
        ) : (
          <Button
            icon={<PlusOutlined aria-hidden />}
            onClick={() => dispatch({ type: 'addStuffLine', ...ref })}
          >
            Додати витрати часу
          </Button>
        )}
        <Typography.Text strong>
          Разом витрати часу: {formatMoney(total.toFixed(2))} грн
        </Typography.Text>
      </Flex>
    </Card>
  );
});

/**
 * One staff line. Memoised with props that stay the same objects while the line does, so a keystroke re-renders
 * the line typed in, not its service's other lines (docs/performance.md "Wizard").
 */
const StaffLineRow = memo(function StaffLineRow({
  id,
  category,
  serviceId,
  serviceIndex,
  lineIndex,
  line,
  bonus,
  staff,
  readOnly,
  fieldErrors,
  dispatch,
}: {
  id: string;
  category: string;
  serviceId: WizardCalculationItem['id'];
  /** The service's position in its category, as in the server's error paths. */
  serviceIndex: number;
  lineIndex: number;
  line: StuffLine;
  /** The service's bonus, %; null while its input is empty (the line then costs as with no bonus). */
  bonus: number | null;
  staff: StaffChoices;
  readOnly: boolean;
  fieldErrors: FieldErrors;
  dispatch: Dispatch<OrderDraftAction>;
}) {
  const number = lineIndex + 1;
  const serverError = (field: keyof StuffLine) =>
    fieldErrors[stuffFieldPath(category, serviceIndex, lineIndex, field)];
  const onChange = useCallback(
    (field: keyof StuffLine, value: StuffLine[keyof StuffLine]) =>
      dispatch({ type: 'setStuffValue', category, id: serviceId, index: lineIndex, field, value }),
    [dispatch, category, serviceId, lineIndex],
  );
  const onDelete = useCallback(
    () => dispatch({ type: 'removeStuffLine', category, id: serviceId, index: lineIndex }),
    [dispatch, category, serviceId, lineIndex],
  );
  const issues = schemaIssues(stuffLineSchema, line);
  const schemaErrorOf = (field: keyof StuffLine) =>
    issues[field] ?? Object.entries(issues).find(([path]) => path.startsWith(`${field}.`))?.[1];
  const errorOf = (field: keyof StuffLine) => schemaErrorOf(field) ?? serverError(field);
  const isMissingQualification = line.quality !== null && line.quality.id === null;
  const cost = computeStaffLineCost(line, bonus ?? 0);
  const hasSalary = line.quality !== null && line.salary !== null;

  const chooseRate = useCallback(
    (rateId: number | undefined) => {
      const rate = staff.rates.find((candidate) => candidate.id === rateId);
      if (rate === undefined) return;
      onChange('quality', { id: rate.id, name: staffRateLabel(rate) });
      onChange('salary', rate.salary);
    },
    [staff.rates, onChange],
  );

  // For a missing qualification the red warning under the line says what the server's message would.
  const qualityError = isMissingQualification ? schemaErrorOf('quality') : errorOf('quality');
  const timeError = errorOf('timeSpend');
  const conditionError = errorOf('conditionPercent');
  const dayError = errorOf('workingDay');
  const salaryError = errorOf('salary');

  // Each cell is kept while what it shows stays the same: a keystroke re-renders the cell typed in and the
  // line's cost, not the line's selects (antd's components cost their style hooks on every render).
  const costText = formatMoney(cost.toFixed(2));
  const qualityCell = useMemo(
    () => (
      <Col xs={24} lg={6}>
        <WizardField id={`${id}-quality`} label="Кваліфікація" error={qualityError}>
          <Select<{ value: number; label: string }>
            {...describedBy(`${id}-quality`, qualityError)}
            labelInValue
            value={
              line.quality !== null && line.quality.id !== null
                ? { value: line.quality.id, label: line.quality.name }
                : undefined
            }
            onChange={(option) => chooseRate(option?.value)}
            options={staff.options}
            placeholder="Оберіть посаду"
            showSearch={{ optionFilterProp: 'label' }}
            notFoundContent={staff.isLoading ? <Spin size="small" /> : 'Опції не знайдено'}
            loading={staff.isLoading}
            listHeight={350}
            style={{ width: '100%' }}
            popupMatchSelectWidth={staff.isPhone}
            // Long qualifications wrap instead of being cut off.
            optionRender={(option) => <span style={{ whiteSpace: 'normal' }}>{option.label}</span>}
          />
        </WizardField>
      </Col>
    ),
    [id, qualityError, line.quality, chooseRate, staff.options, staff.isLoading, staff.isPhone],
  );
  const salaryCell = useMemo(
    () => (
      <Col xs={12} sm={8} lg={3}>
        <WizardField id={`${id}-salary`} label="Оклад, грн" error={salaryError}>
          <Typography.Text id={`${id}-salary`} style={{ display: 'block', paddingTop: 5 }}>
            {hasSalary ? formatMoney(line.salary) : '-'}
          </Typography.Text>
        </WizardField>
      </Col>
    ),
    [id, salaryError, hasSalary, line.salary],
  );
  const timeCell = useMemo(
    () => (
      <Col xs={12} sm={8} lg={4}>
        <WizardField id={`${id}-time`} label="Час виконання, хв" error={timeError}>
          <NumberInput
            {...describedBy(`${id}-time`, timeError)}
            value={line.timeSpend}
            precision={0}
            step={1}
            style={{ width: '100%' }}
            onChange={(value) => onChange('timeSpend', value)}
          />
        </WizardField>
      </Col>
    ),
    [id, timeError, line.timeSpend, onChange],
  );
  const conditionCell = useMemo(
    () => (
      <Col xs={12} sm={8} lg={4}>
        <WizardField id={`${id}-condition`} label="% за умови праці" error={conditionError}>
          <NumberInput
            {...describedBy(`${id}-condition`, conditionError)}
            value={line.conditionPercent}
            precision={2}
            step={0.01}
            style={{ width: '100%' }}
            onChange={(value) => onChange('conditionPercent', value)}
          />
        </WizardField>
      </Col>
    ),
    [id, conditionError, line.conditionPercent, onChange],
  );
  const dayCell = useMemo(
    () => (
      <Col xs={12} sm={8} lg={3}>
        <WizardField id={`${id}-day`} label="Робочий день" error={dayError}>
          <Select<number>
            {...describedBy(`${id}-day`, dayError)}
            value={line.workingDay}
            options={WORKING_DAY_OPTIONS}
            onChange={(value) => onChange('workingDay', value)}
            style={{ width: '100%' }}
          />
        </WizardField>
      </Col>
    ),
    [id, dayError, line.workingDay, onChange],
  );
  const costCell = useMemo(
    () => (
      <Col xs={12} sm={8} lg={3}>
        <WizardField id={`${id}-cost`} label="Вартість, грн">
          <Typography.Text
            id={`${id}-cost`}
            strong
            style={{ display: 'block', paddingTop: 5 }}
            aria-live="polite"
          >
            {costText}
          </Typography.Text>
        </WizardField>
      </Col>
    ),
    [id, costText],
  );
  const deleteCell = useMemo(
    () => (
      <Col xs={12} sm={8} lg={1}>
        {readOnly ? null : (
          <AntForm.Item label={<span aria-hidden> </span>} style={{ marginBottom: 12 }}>
            <Button
              danger
              type="text"
              icon={<DeleteOutlined aria-hidden />}
              aria-label={`Видалити рядок ${number}`}
              onClick={onDelete}
            />
          </AntForm.Item>
        )}
      </Col>
    ),
    [readOnly, number, onDelete],
  );

  return (
    <div
      role="listitem"
      aria-label={`Рядок ${number}`}
      style={{ border: '1px solid rgba(5, 5, 5, 0.08)', borderRadius: 8, padding: '12px 12px 0' }}
    >
      <Row gutter={12} align="top">
        {qualityCell}
        {salaryCell}
        {timeCell}
        {conditionCell}
        {dayCell}
        {costCell}
        {deleteCell}
      </Row>
      {isMissingQualification ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={missingQualificationMessage(line.quality?.name ?? '')}
          style={{ marginBottom: 12 }}
        />
      ) : null}
    </div>
  );
});
