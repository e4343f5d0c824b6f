import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  computeMaterialLineCost,
  pillLineSchema,
  sumMoney,
  type PillLine,
  type WizardCalculationItem,
} from '@medcalc/domain';
import { Form as AntForm, Alert, Button, Card, Col, Flex, Grid, Row, Typography } from 'antd';
import { memo, type Dispatch } from 'react';

import { NumberInput } from '@/components/ui/number-input';
import { formatMoney } from '@/utils/format';

import { useAllPills } from '../api/get-all-pills';
import type { OrderDraftAction } from '../stores/order-draft';
import { calculationKeyPath, pillFieldPath, type FieldErrors } from '../utils/error-paths';
import { schemaIssues } from '../utils/schema-issues';

import { MaterialSelect } from './material-select';
import { ServiceSections, type WizardStepProps } from './service-sections';
import { WizardFieldsForm } from './wizard-fields-form';
import { describedBy, WizardField } from './wizard-field';

const countMaterialLines = (item: WizardCalculationItem) => item.calculation.pills.length;

/**
 * Step 3 "Material costs" (spec §2): per category and service, the material lines (the two-tab dropdown, the
 * unit and price read-only — they are edited in step 4 — the whole-unit spend and the line's cost) and the
 * service's material total; lines are added and deleted here.
 */
export function StepMaterials({
  draft,
  dispatch,
  readOnly,
  companyIdentifier,
  fieldErrors,
}: WizardStepProps) {
  const pills = useAllPills(companyIdentifier);
  const isPhone = Grid.useBreakpoint().xs === true;
  return (
    <WizardFieldsForm>
      <ServiceSections
        calculations={draft.calculations}
        loadError={pills.isError ? 'Не вдалося завантажити матеріали: їх не можна обрати.' : null}
        onRetry={() => void pills.refetch()}
        countLines={countMaterialLines}
        renderService={(category, item, index) => (
          <ServiceMaterials
            key={item.id}
            category={category}
            index={index}
            item={item}
            dispatch={dispatch}
            readOnly={readOnly}
            pills={pills.data}
            isLoading={pills.isPending}
            isPhone={isPhone}
            fieldErrors={fieldErrors}
          />
        )}
      />
    </WizardFieldsForm>
  );
}

/** Memoised: a service card re-renders only when its own service changes. */
const ServiceMaterials = memo(function ServiceMaterials({
  category,
  index,
  item,
  dispatch,
  readOnly,
  pills,
  isLoading,
  isPhone,
  fieldErrors,
}: {
  category: string;
  index: number;
  item: WizardCalculationItem;
  dispatch: Dispatch<OrderDraftAction>;
  readOnly: boolean;
  pills: Parameters<typeof MaterialSelect>[0]['pills'];
  isLoading: boolean;
  isPhone: boolean;
  fieldErrors: FieldErrors;
}) {
  const ref = { category, id: item.id };
  const lines = item.calculation.pills;
  const total = sumMoney(lines.map((line) => computeMaterialLineCost(line)));
  const listError = fieldErrors[calculationKeyPath(category, index, 'pills')];

  return (
    <Card
      size="small"
      title={item.name || 'Послуга без назви'}
      role="region"
      aria-label={`Послуга: ${item.name}`}
    >
      {listError ? (
        <Alert type="error" showIcon title={listError} style={{ marginBottom: 12 }} />
      ) : null}
      <Flex vertical gap={12} role="list" aria-label={`Витрати матеріалів: ${item.name}`}>
        {lines.map((line, lineIndex) => (
          <MaterialLineRow
            key={lineIndex}
            id={`service-${item.id}-pills-${lineIndex}`}
            number={lineIndex + 1}
            line={line}
            pills={pills}
            isLoading={isLoading}
            isPhone={isPhone}
            readOnly={readOnly}
            serverError={(field) => fieldErrors[pillFieldPath(category, index, lineIndex, field)]}
            onChange={(field, value) =>
              dispatch({ type: 'setPillValue', ...ref, index: lineIndex, field, value })
            }
            onDelete={() => dispatch({ type: 'removePillLine', ...ref, index: lineIndex })}
          />
        ))}
        {lines.length === 0 ? (
          <Typography.Text type="secondary">Витрат матеріалів ще немає.</Typography.Text>
        ) : null}
      </Flex>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginTop: 12 }}>
        {readOnly ? (
          <span />
        ) : (
          <Button
            icon={<PlusOutlined aria-hidden />}
            onClick={() => dispatch({ type: 'addPillLine', ...ref })}
          >
            Додати витрати матеріалів
          </Button>
        )}
        <Typography.Text strong>
          Вартість матеріалів: {formatMoney(total.toFixed(2))} грн
        </Typography.Text>
      </Flex>
    </Card>
  );
});

function MaterialLineRow({
  id,
  number,
  line,
  pills,
  isLoading,
  isPhone,
  readOnly,
  serverError,
  onChange,
  onDelete,
}: {
  id: string;
  number: number;
  line: PillLine;
  pills: Parameters<typeof MaterialSelect>[0]['pills'];
  isLoading: boolean;
  isPhone: boolean;
  readOnly: boolean;
  serverError: (field: keyof PillLine) => string | undefined;
  onChange: (field: keyof PillLine, value: PillLine[keyof PillLine]) => void;
  onDelete: () => void;
}) {
  const issues = schemaIssues(pillLineSchema, line);
  const errorOf = (field: keyof PillLine) => issues[field] ?? serverError(field);
  const materialError = errorOf('id') ?? errorOf('name');
  const spendError = errorOf('spend');
  const unitError = errorOf('measurement_type');
  const priceError = errorOf('price');
  const cost = computeMaterialLineCost(line);

  return (
    <div
      role="listitem"
      aria-label={`Рядок ${number}`}
      style={{ border: '1px solid rgba(5, 5, 5, 0.08)', borderRadius: 8, padding: '12px 12px 0' }}
    >
      <Row gutter={12} align="top">
        <Col xs={24} lg={9}>
          <WizardField id={`${id}-material`} label="Матеріал" error={materialError}>
            <MaterialSelect
              {...describedBy(`${id}-material`, materialError)}
              value={{ id: line.id, name: line.name }}
              pills={pills}
              isLoading={isLoading}
              isPhone={isPhone}
              onChoose={(pill) => {
                onChange('id', pill.id);
                onChange('name', pill.name);
                onChange('price', pill.price);
                onChange('measurement_type', pill.measurementType);
              }}
            />
          </WizardField>
        </Col>
        <Col xs={12} sm={6} lg={3}>
          <WizardField id={`${id}-unit`} label="Одиниця виміру" error={unitError}>
            <Typography.Text id={`${id}-unit`} style={{ display: 'block', paddingTop: 5 }}>
              {line.measurement_type || '-'}
            </Typography.Text>
          </WizardField>
        </Col>
        <Col xs={12} sm={6} lg={3}>
          <WizardField id={`${id}-price`} label="Ціна, грн" error={priceError}>
            <Typography.Text id={`${id}-price`} style={{ display: 'block', paddingTop: 5 }}>
              {formatMoney(line.price)}
            </Typography.Text>
          </WizardField>
        </Col>
        {/*
          On a phone spend, cost and the delete button share a row (no row for the button alone), the cost under the
          price above it.
        */}
        <Col xs={12} sm={6} lg={4}>
          <WizardField id={`${id}-spend`} label="Витрата" error={spendError}>
            <NumberInput
              {...describedBy(`${id}-spend`, spendError)}
              value={line.spend}
              precision={0}
              step={1}
              style={{ width: '100%' }}
              onChange={(value) => onChange('spend', value)}
            />
          </WizardField>
        </Col>
        <Col xs={9} sm={6} lg={4}>
          <WizardField id={`${id}-cost`} label="Вартість, грн">
            <Typography.Text id={`${id}-cost`} strong style={{ display: 'block', paddingTop: 5 }}>
              {formatMoney(cost.toFixed(2))}
            </Typography.Text>
          </WizardField>
        </Col>
        <Col xs={3} lg={1}>
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
      </Row>
    </div>
  );
}
