import {
  EMPTY_VALUE_TEXT,
  equipmentLinesOf,
  MATERIAL_DELETED_MESSAGE,
  pillLineSchema,
  type Pill,
  type PillLine,
  type WizardCalculationItem,
} from '@medcalc/domain';
import { Col, Grid } from 'antd';
import { memo, useMemo } from 'react';

import { formatMoney, formatPrice } from '@/utils/format';

import { useAllEquipment } from '../api/get-all-equipment';
import { useAllPills } from '../api/get-all-pills';
import { calculationKeyPath, pillFieldPath } from '../utils/error-paths';
import {
  materialLineCostOrNull,
  materialsTotalOrNull,
  unitChangedMessage,
  type WizardPillLine,
} from '../utils/material-line-cost';
import { schemaIssues } from '../utils/schema-issues';

import { ServiceEquipment, type EquipmentRegister } from './equipment-lines';
import { MaterialSelect } from './material-select';
import {
  DeleteLineCell,
  LineCostCell,
  lineRowProps,
  ServiceLine,
  ServiceLinesCard,
  type LineRowProps,
} from './service-lines-card';
import { ServiceSections, type ServiceCardProps, type WizardStepProps } from './service-sections';
import { describedBy } from '@/components/ui/form';
import { WizardField, WizardNumberField, WizardValueField } from './wizard-field';

const countLines = (item: WizardCalculationItem) =>
  item.calculation.pills.length + equipmentLinesOf(item.calculation).length;

/**
 * Step 3 "Material costs" (spec §2): per category and service, the material lines (the two-tab dropdown, the
 * unit and price read-only — they are edited in step 4 — the spend, up to three decimals, and the line's cost,
 * «—» while an input is not valid) and the service's material total («—» likewise); lines are added and deleted here.
 * Under them, in the same card, the service's equipment lines and their «Амортизація обладнання» (issue 38,
 * `equipment-lines.tsx`): equipment is used up per service like a material, so it is entered beside them.
 */
export function StepMaterials({
  draft,
  dispatch,
  readOnly,
  companyIdentifier,
  fieldErrors,
}: WizardStepProps) {
  const pills = useAllPills(companyIdentifier);
  // The template equipment and the company's register (issue 38), as the materials' all-list.
  const equipment = useAllEquipment(companyIdentifier);
  const isPhone = Grid.useBreakpoint().xs === true;
  // The React Compiler keeps this object while its parts stay, so the memoised service cards skip.
  const register: EquipmentRegister = {
    rows: equipment.data,
    isLoading: equipment.isPending,
    isPhone,
  };
  return (
    <>
      <ServiceSections
        calculations={draft.calculations}
        loadError={
          pills.isError
            ? 'Не вдалося завантажити матеріали: їх не можна обрати.'
            : equipment.isError
              ? 'Не вдалося завантажити обладнання: його не можна обрати.'
              : null
        }
        onRetry={() => {
          if (pills.isError) void pills.refetch();
          if (equipment.isError) void equipment.refetch();
        }}
        countLines={countLines}
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
            register={register}
            fieldErrors={fieldErrors}
          />
        )}
      />
    </>
  );
}

/** Memoised: a service card re-renders only when its own service changes. */
const ServiceMaterials = memo(function ServiceMaterials({
  pills,
  isLoading,
  isPhone,
  register,
  ...card
}: ServiceCardProps & {
  pills: Parameters<typeof MaterialSelect>[0]['pills'];
  isLoading: boolean;
  isPhone: boolean;
  register: EquipmentRegister;
}) {
  const { category, index, item, dispatch, readOnly, fieldErrors } = card;
  const ref = { category, id: item.id };
  const lines = item.calculation.pills;
  const total = materialsTotalOrNull(lines);
  const listError = fieldErrors[calculationKeyPath(category, index, 'pills')];

  return (
    <ServiceLinesCard
      name={item.name}
      listLabel="Витрати матеріалів"
      listError={listError}
      lines={lines.map((line, lineIndex) => (
        <MaterialLineRow
          // Lines have no id of their own; a deleted line shifts the rest, as the server's paths do.
          key={lineIndex}
          {...lineRowProps(card, 'pills', lineIndex)}
          line={line}
          pills={pills}
          isLoading={isLoading}
          isPhone={isPhone}
        />
      ))}
      emptyText="Витрат матеріалів ще немає."
      readOnly={readOnly}
      addLabel="Додати витрати матеріалів"
      onAdd={() => dispatch({ type: 'addPillLine', ...ref })}
      total={`Вартість матеріалів: ${total === null ? EMPTY_VALUE_TEXT : formatMoney(total.toFixed(2))} грн`}
      after={<ServiceEquipment card={card} register={register} />}
    />
  );
});

/**
 * One material line. Memoised with props that stay the same objects while the line does, so a keystroke re-renders
 * the line typed in, not its service's other lines; inside it the React Compiler keeps each cell while what it
 * shows stays the same.
 */
const MaterialLineRow = memo(function MaterialLineRow({
  id,
  category,
  serviceId,
  serviceIndex,
  lineIndex,
  line,
  pills,
  isLoading,
  isPhone,
  readOnly,
  fieldErrors,
  dispatch,
}: LineRowProps & {
  line: PillLine;
  pills: Parameters<typeof MaterialSelect>[0]['pills'];
  isLoading: boolean;
  isPhone: boolean;
}) {
  const number = lineIndex + 1;
  const ref = { category, id: serviceId, index: lineIndex };
  const onChange = (field: keyof PillLine, value: PillLine[keyof PillLine]) =>
    dispatch({ type: 'setPillValue', ...ref, field, value });
  const onChoose = (pill: Pill) => dispatch({ type: 'choosePill', ...ref, pill });
  const onDelete = () => dispatch({ type: 'removePillLine', ...ref });
  // A memo's result is frozen for the React Compiler, so the cells that read these messages stay apart (see
  // StaffLineRow).
  const { materialError, spendError, unitError, priceError } = useMemo(() => {
    const issues = schemaIssues(pillLineSchema, line);
    const errorOf = (field: keyof PillLine) =>
      issues[field] ?? fieldErrors[pillFieldPath(category, serviceIndex, lineIndex, field)];
    // Issue 33: the materials are loaded and none has the line's id: the material was deleted (a re-priced line
    // keeps it until another is chosen).
    const isDeleted =
      line.id !== null &&
      pills !== undefined &&
      pills.length > 0 &&
      !pills.some((pill) => pill.id === line.id);
    return {
      materialError:
        issues.id ??
        (isDeleted ? MATERIAL_DELETED_MESSAGE : undefined) ??
        errorOf('id') ??
        errorOf('name'),
      spendError:
        (line as WizardPillLine).unitChangedFrom === undefined
          ? errorOf('spend')
          : unitChangedMessage(
              (line as WizardPillLine).unitChangedFrom ?? '',
              line.measurement_type,
            ),
      unitError: errorOf('measurement_type'),
      priceError: errorOf('price'),
    };
  }, [line, fieldErrors, category, serviceIndex, lineIndex, pills]);
  // «—» while the price or quantity is not valid: a rejected value never shows a cost (issue 23).
  const cost = materialLineCostOrNull(line);

  return (
    <ServiceLine number={number}>
      <Col xs={24} lg={9}>
        <WizardField id={`${id}-material`} label="Матеріал" error={materialError}>
          <MaterialSelect
            {...describedBy(`${id}-material`, materialError)}
            value={{ id: line.id, name: line.name }}
            pills={pills}
            isLoading={isLoading}
            isPhone={isPhone}
            onChoose={onChoose}
          />
        </WizardField>
      </Col>
      <Col xs={12} sm={6} lg={3}>
        <WizardValueField id={`${id}-unit`} label="Одиниця виміру" error={unitError}>
          {line.measurement_type || '-'}
        </WizardValueField>
      </Col>
      <Col xs={12} sm={6} lg={3}>
        <WizardValueField id={`${id}-price`} label="Ціна, грн" error={priceError}>
          {formatPrice(line.price)}
        </WizardValueField>
      </Col>
      {/*
          On a phone spend, cost and the delete button share a row (no row for the button alone), the cost under the
          price above it.
        */}
      <Col xs={12} sm={6} lg={4}>
        <WizardNumberField
          id={`${id}-spend`}
          label="Витрата"
          error={spendError}
          // Up to three decimals (2,5 мл); a whole number shows without a comma (precision 0).
          value={line.spend}
          onChange={(value) => onChange('spend', value)}
        />
      </Col>
      <LineCostCell xs={9} sm={6} lg={4} id={id}>
        {cost === null ? EMPTY_VALUE_TEXT : formatMoney(cost.toFixed(2))}
      </LineCostCell>
      <DeleteLineCell xs={3} lg={1} number={number} readOnly={readOnly} onDelete={onDelete} />
    </ServiceLine>
  );
});
