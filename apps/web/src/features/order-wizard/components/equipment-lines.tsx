import {
  EMPTY_VALUE_TEXT,
  EQUIPMENT_FIELD_LABELS,
  equipmentLineSchema,
  equipmentLinesOf,
  matchesAllWords,
  type Equipment,
  type EquipmentLine,
} from '@medcalc/domain';
import { Alert, Col, Flex, Select, Spin, Typography } from 'antd';
import { memo, useEffect, useRef, type CSSProperties } from 'react';
import { Link } from 'react-router';

import { describedBy } from '@/components/ui/form';
import { paths } from '@/config/paths';
import { formatMinuteRate, formatMoney } from '@/utils/format';

import {
  calculationKeyPath,
  EQUIPMENT_REGISTER_LINE_FIELDS,
  equipmentFieldPath,
} from '../utils/error-paths';
import {
  equipmentLineCostOrNull,
  equipmentMinutesWarning,
  equipmentTotalOrNull,
} from '../utils/equipment-line-cost';
import { schemaIssues } from '../utils/schema-issues';

import {
  DeleteLineCell,
  LineCostCell,
  lineRowProps,
  ServiceLine,
  type LineRowProps,
} from './service-lines-card';
import type { ServiceCardProps } from './service-sections';
import { WizardField, WizardNumberField, WizardValueField } from './wizard-field';

/**
 * What step 3's equipment lines may name (`GET …/equipment/all-list`): the administrator's template equipment and the
 * company's own register, its rows (undefined until loaded), whether it is loading, the screen's width.
 */
export type EquipmentRegister = {
  rows: readonly Equipment[] | undefined;
  isLoading: boolean;
  /** A phone: the add list is as wide as the field (a wider one would open past the screen's left edge). */
  isPhone: boolean;
};

const optionLabel = (row: Equipment) =>
  row.inventoryNumber === '' ? row.name : `${row.name} (інв. № ${row.inventoryNumber})`;

/** The two groups of the equipment lists, as the material list's two tabs: the provider's rows and the company's. */
const EQUIPMENT_GROUP_LABELS = {
  template: 'Обладнання шаблонів',
  own: 'Обладнання закладу',
} as const;

type EquipmentOption = { value: number; label: string };

/**
 * The options of one group: each row's name (and inventory number). Two rows of one name in a group (the templates
 * keep a machine of the same name with other values as a row of its own) are told apart by their cost of a minute.
 */
function optionsOf(rows: readonly Equipment[]): EquipmentOption[] {
  const labels = rows.map(optionLabel);
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return rows.map((row, index) => {
    const label = labels[index] ?? row.name;
    return {
      value: row.id,
      label: (counts.get(label) ?? 0) > 1 ? `${label} — ${formatMinuteRate(row)} грн/хв` : label,
    };
  });
}

/**
 * The lists' options: the template rows (`companyIdentifier` null) under «Обладнання шаблонів», the company's own
 * under «Обладнання закладу», each in the all-list's order; a group without rows is left out.
 */
function equipmentOptionGroups(rows: readonly Equipment[] | undefined) {
  const groups: { label: string; title: string; options: EquipmentOption[] }[] = [];
  for (const [isTemplate, label] of [
    [true, EQUIPMENT_GROUP_LABELS.template],
    [false, EQUIPMENT_GROUP_LABELS.own],
  ] as const) {
    const options = optionsOf(
      (rows ?? []).filter((row) => (row.companyIdentifier === null) === isTemplate),
    );
    if (options.length > 0) groups.push({ label, title: label, options });
  }
  return groups;
}

/**
 * Said at a line without a row to name (an older template's line, made before the template equipment existed).
 */
export const EQUIPMENT_UNBOUND_MESSAGE = 'Оберіть обладнання зі списку.';

/**
 * A searchable list of the rows a line may name, in two groups (template equipment, the company's own; words in any
 * order, issue 33, found in both groups at once, so Enter takes the first match whichever group it is in; long
 * names wrap): the add list under the lines and each line's equipment. `onChoose` gets only a row of the loaded
 * list.
 */
function EquipmentSelect({
  value,
  register,
  placeholder,
  onChoose,
  style,
  ...aria
}: {
  value: EquipmentOption | undefined;
  register: EquipmentRegister;
  placeholder: string;
  onChoose: (row: Equipment) => void;
  style: CSSProperties;
  id?: string;
  status?: 'error' | undefined;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
}) {
  return (
    <Select<EquipmentOption>
      {...aria}
      labelInValue
      // `null` keeps the add list empty after each choice (undefined would leave the list uncontrolled).
      value={value ?? null}
      options={equipmentOptionGroups(register.rows)}
      onChange={(option) => {
        const row = register.rows?.find((candidate) => candidate.id === option?.value);
        if (row !== undefined) onChoose(row);
      }}
      placeholder={placeholder}
      showSearch={{
        // A group is shown with the options of it that match: its own label matching (a search «обладнання») must
        // not show the whole group, so only options are compared.
        filterOption: (input, option) =>
          option !== undefined &&
          !('options' in option) &&
          matchesAllWords(String(option.label ?? ''), input),
      }}
      loading={register.isLoading}
      notFoundContent={register.isLoading ? <Spin size="small" /> : 'Опції не знайдено'}
      listHeight={350}
      popupMatchSelectWidth={register.isPhone}
      optionRender={(option) => <span style={{ whiteSpace: 'normal' }}>{option.label}</span>}
      style={style}
    />
  );
}

/**
 * Issue 38: a service's equipment lines in step 3, under its materials: each line a row of the template equipment or
 * of the company's register (its name and the cost of one minute, as the row had them when it was added) and the
 * minutes the service uses it for, with the line's cost as it is typed; a line is added by choosing a row in the
 * list under the lines (so no line is ever without one), and the service's «Амортизація обладнання» D beside it.
 */
export function ServiceEquipment({
  card,
  register,
}: {
  card: ServiceCardProps;
  register: EquipmentRegister;
}) {
  const { category, index, item, dispatch, readOnly, fieldErrors } = card;
  const lines = equipmentLinesOf(item.calculation);
  const total = equipmentTotalOrNull(lines);
  const listError = fieldErrors[calculationKeyPath(category, index, 'equipment')];
  const listLabel = `Обладнання: ${item.name}`;
  // The line just added gets the focus in its minutes, the one thing left to type (keyboard users go on there),
  // selected, so what is typed replaces its 0.
  const focusLine = useRef<number | null>(null);
  useEffect(() => {
    const line = focusLine.current;
    if (line === null || line >= lines.length) return;
    focusLine.current = null;
    const input = document.getElementById(`${lineRowProps(card, 'equipment', line).id}-minutes`);
    if (!(input instanceof HTMLInputElement)) return;
    input.focus();
    input.select();
  });

  const onAdd = (row: Equipment) => {
    focusLine.current = lines.length;
    dispatch({ type: 'addEquipmentLine', category, id: item.id, equipment: row });
  };
  // Neither template equipment nor the company's own: only then is the company sent to its register.
  const isListEmpty = register.rows !== undefined && register.rows.length === 0;

  return (
    <section aria-label={listLabel} className="wizard-equipment">
      <h4 className="wizard-equipment-title">Обладнання</h4>
      {listError ? (
        <Alert type="error" showIcon title={listError} style={{ marginBottom: 12 }} />
      ) : null}
      <Flex vertical gap={12} role="list" aria-label={listLabel}>
        {lines.map((line, lineIndex) => (
          <EquipmentLineRow
            // Lines have no id of their own; a deleted line shifts the rest, as the server's paths do.
            key={lineIndex}
            {...lineRowProps(card, 'equipment', lineIndex)}
            line={line}
            register={register}
          />
        ))}
        {lines.length === 0 ? (
          <Typography.Text type="secondary">Обладнання не використовується.</Typography.Text>
        ) : null}
      </Flex>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginTop: 12 }}>
        {readOnly ? (
          <span />
        ) : (
          <EquipmentSelect
            aria-label={`Додати обладнання: ${item.name}`}
            // Always empty: a choice adds a line and the list is ready for the next one.
            value={undefined}
            register={register}
            placeholder="+ Додати обладнання"
            onChoose={onAdd}
            style={{ minWidth: 240, flex: '1 1 240px', maxWidth: 420 }}
          />
        )}
        <Typography.Text strong>
          Амортизація обладнання:{' '}
          {total === null ? EMPTY_VALUE_TEXT : formatMoney(total.toFixed(2))} грн
        </Typography.Text>
      </Flex>
      {isListEmpty && !readOnly ? (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          Реєстр обладнання порожній: додайте обладнання на сторінці{' '}
          <Link to={paths.equipment}>«Обладнання»</Link>.
        </Typography.Paragraph>
      ) : null}
    </section>
  );
}

/**
 * One equipment line. Memoised with props that stay the same objects while the line does, so a keystroke re-renders
 * the line typed in, not its service's other lines (as a material line).
 */
const EquipmentLineRow = memo(function EquipmentLineRow({
  id,
  category,
  serviceId,
  serviceIndex,
  lineIndex,
  line,
  register,
  readOnly,
  fieldErrors,
  dispatch,
}: LineRowProps & { line: EquipmentLine; register: EquipmentRegister }) {
  const { rows } = register;
  const number = lineIndex + 1;
  const ref = { category, id: serviceId, index: lineIndex };
  const issues = schemaIssues(equipmentLineSchema, line);
  const errorOf = (field: keyof EquipmentLine) =>
    issues[field] ?? fieldErrors[equipmentFieldPath(category, serviceIndex, lineIndex, field)];
  const registerError = EQUIPMENT_REGISTER_LINE_FIELDS.map(errorOf).find(
    (message) => message !== undefined,
  );
  const equipmentError =
    registerError ?? (line.id === null ? EQUIPMENT_UNBOUND_MESSAGE : undefined);
  const minutesError = errorOf('minutes');
  // The list (template rows and the company's) is loaded and has no row of the line's id: the row was deleted. The line keeps the values it took
  // until the order is re-priced (docs/methodology.md "Equipment depreciation"), so this is said, not refused.
  const isDeleted =
    line.id !== null && rows !== undefined && !rows.some((row) => row.id === line.id);
  const cost = equipmentLineCostOrNull(line);
  const minutes = line.minutes as number | null;

  return (
    <ServiceLine
      number={number}
      note={
        isDeleted ? (
          <Typography.Paragraph type="warning" style={{ margin: '0 0 12px' }}>
            Цього обладнання вже немає в реєстрі: рядок рахується за збереженими значеннями до
            перерахунку замовлення.
          </Typography.Paragraph>
        ) : null
      }
    >
      <Col xs={24} lg={9}>
        <WizardField id={`${id}-equipment`} label="Обладнання" error={equipmentError}>
          <EquipmentSelect
            {...describedBy(`${id}-equipment`, equipmentError)}
            // A line without a row (an older template's) shows its name until a row is chosen.
            value={{ value: line.id ?? -1, label: line.name || String(line.id) }}
            register={register}
            placeholder="Оберіть обладнання"
            onChoose={(row) => dispatch({ type: 'chooseEquipment', ...ref, equipment: row })}
            style={{ width: '100%' }}
          />
        </WizardField>
      </Col>
      <Col xs={12} sm={6} lg={5}>
        <WizardValueField id={`${id}-rate`} label="Вартість хвилини, грн">
          {registerError === undefined ? formatMinuteRate(line) : EMPTY_VALUE_TEXT}
        </WizardValueField>
      </Col>
      <Col xs={12} sm={6} lg={5}>
        <WizardNumberField
          id={`${id}-minutes`}
          label={EQUIPMENT_FIELD_LABELS.minutes}
          error={minutesError}
          warning={equipmentMinutesWarning(minutes)}
          value={minutes}
          onChange={(value) => dispatch({ type: 'setEquipmentMinutes', ...ref, minutes: value })}
        />
      </Col>
      <LineCostCell xs={9} sm={6} lg={4} id={id} isLive>
        {cost === null ? EMPTY_VALUE_TEXT : formatMoney(cost.toFixed(2))}
      </LineCostCell>
      <DeleteLineCell
        xs={3}
        sm={6}
        lg={1}
        number={number}
        what="обладнання, рядок"
        readOnly={readOnly}
        onDelete={() => dispatch({ type: 'removeEquipmentLine', ...ref })}
      />
    </ServiceLine>
  );
});
