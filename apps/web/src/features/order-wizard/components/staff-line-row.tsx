import {
  matchesAllWords,
  computeStaffLineCost,
  staffTimeWarning,
  STAFF_ROW_DELETED_MESSAGE,
  stuffLineSchema,
  sumMoney,
  WORKING_DAY_HOURS,
  type StaffRate,
  type StuffLine,
} from '@medcalc/domain';
import { Alert, Col, Select, Spin } from 'antd';
import { createContext, memo, use, useMemo } from 'react';

import { formatHours, formatMoney } from '@/utils/format';

import { stuffFieldPath } from '../utils/error-paths';
import { schemaIssues } from '../utils/schema-issues';

import { DeleteLineCell, LineCostCell, ServiceLine, type LineRowProps } from './service-lines-card';
import { describedBy } from '@/components/ui/form';
import { WizardField, WizardNumberField, WizardValueField } from './wizard-field';

/** Spec §5: the working day is chosen from the list; 7.7 h reads '7,7 год'. */
const WORKING_DAY_OPTIONS = WORKING_DAY_HOURS.map((hours) => ({
  value: hours,
  label: formatHours(hours),
}));

/** Spec §8 "Missing qualification in step 2": the template's qualification is not in the staffing table. */
export const missingQualificationMessage = (name: string) =>
  `Кваліфікації «${name}» немає у вашому штатному розписі. Оберіть посаду зі штатного розпису.`;

/**
 * A staff line's messages per cell: what its values break in the domain's schema, else the server's message of
 * the last save (`serverError`). For a missing qualification the red warning under the line says what the
 * server's message would.
 */
function lineErrors(
  line: StuffLine,
  serverError: (field: keyof StuffLine, part?: string) => string | undefined,
  isRowDeleted: boolean,
) {
  const issues = schemaIssues(stuffLineSchema, line);
  const schemaErrorOf = (field: keyof StuffLine) =>
    issues[field] ?? Object.entries(issues).find(([path]) => path.startsWith(`${field}.`))?.[1];
  const errorOf = (field: keyof StuffLine) => schemaErrorOf(field) ?? serverError(field);
  const isMissingQualification = line.quality !== null && line.quality.id === null;
  return {
    // Issue 33: a row deleted from the staffing table (a re-priced line keeps it) is said at the field; so is the
    // server's refusal of it, which it writes under `quality.id`.
    qualityError: isMissingQualification
      ? schemaErrorOf('quality')
      : (schemaErrorOf('quality') ??
        (isRowDeleted ? STAFF_ROW_DELETED_MESSAGE : undefined) ??
        serverError('quality') ??
        serverError('quality', 'id')),
    timeError: errorOf('timeSpend'),
    conditionError: errorOf('conditionPercent'),
    dayError: errorOf('workingDay'),
    salaryError: errorOf('salary'),
  };
}

/**
 * The service's bonus, %, that its staff lines' costs follow (null while its input is empty: a line then costs as
 * with no bonus). Handed down by context, not as a prop of each line: a keystroke in the bonus then re-renders each
 * line's cost text alone, not the line with its row and cells (docs/performance.md "Phone").
 */
export const ServiceBonusContext = createContext<number | null | undefined>(undefined);

/**
 * The bonus a {@link ServiceBonusContext} gives (`use(ServiceBonusContext)`). Outside one there is no service, and a
 * cost worked out as with no bonus would be silently wrong, so that is refused.
 */
export function serviceBonus(given: number | null | undefined): number | null {
  if (given === undefined)
    throw new Error('A staff line is drawn outside its service’s ServiceBonusContext.');
  return given;
}

/** A staff line's cost, by the domain's formula with its service's bonus. */
function StaffLineCost({ line }: { line: StuffLine }) {
  const bonus = serviceBonus(use(ServiceBonusContext));
  return formatMoney(computeStaffLineCost(line, bonus ?? 0).toFixed(2));
}

/** The staff lines' total cost, with their service's bonus, as step 2's card footer says it. */
export function StaffCostTotal({ lines }: { lines: readonly StuffLine[] }) {
  const bonus = serviceBonus(use(ServiceBonusContext));
  const total = sumMoney(lines.map((line) => computeStaffLineCost(line, bonus ?? 0)));
  return `Разом витрати часу: ${formatMoney(total.toFixed(2))} грн`;
}

/** The staffing table as step 2's qualification dropdown offers it. */
export type StaffChoices = {
  rates: readonly StaffRate[];
  options: { value: number; label: string }[];
  isLoading: boolean;
  /** A phone: the list is as wide as the field (a wider one would open past the screen's left edge). */
  isPhone: boolean;
};

/**
 * One staff line, in a {@link ServiceBonusContext}. Memoised with props that stay the same objects while the line
 * does, so a keystroke re-renders the line typed in, not its service's other lines; inside it the React Compiler
 * keeps each cell while what it shows stays the same (antd's components cost their style hooks on every render:
 * docs/performance.md "Wizard").
 */
export const StaffLineRow = memo(function StaffLineRow({
  id,
  category,
  serviceId,
  serviceIndex,
  lineIndex,
  line,
  staff,
  readOnly,
  fieldErrors,
  dispatch,
}: LineRowProps & {
  line: StuffLine;
  staff: StaffChoices;
}) {
  const number = lineIndex + 1;
  const ref = { category, id: serviceId, index: lineIndex };
  const onChange = (field: keyof StuffLine, value: StuffLine[keyof StuffLine]) =>
    dispatch({ type: 'setStuffValue', ...ref, field, value });
  const chooseRate = (rateId: number | undefined) => {
    const rate = staff.rates.find((candidate) => candidate.id === rateId);
    if (rate !== undefined) dispatch({ type: 'chooseStaffRate', ...ref, rate });
  };

  const isMissingQualification = line.quality !== null && line.quality.id === null;
  const hasSalary = line.quality !== null && line.salary !== null;
  // A memo's result is frozen for the compiler: the cells that read these messages (through describedBy, which it
  // cannot see into) are then kept apart, each while what it shows stays the same. A plain call leaves them one
  // block that a keystroke renders whole: every Select, input and Col of the line.
  // The staffing table is loaded and has no row of the line's id: the row was deleted (issue 33).
  const rowId = line.quality?.id ?? null;
  const isRowDeleted =
    rowId !== null &&
    !staff.isLoading &&
    staff.rates.length > 0 &&
    !staff.rates.some((rate) => rate.id === rowId);
  // By hand for the React Compiler's sake (above): its frozen result keeps the cells apart.
  const { qualityError, timeError, conditionError, dayError, salaryError } = useMemo(
    () =>
      lineErrors(
        line,
        (field, part) => {
          const path = stuffFieldPath(category, serviceIndex, lineIndex, field);
          return fieldErrors[part === undefined ? path : `${path}.${part}`];
        },
        isRowDeleted,
      ),
    [line, fieldErrors, category, serviceIndex, lineIndex, isRowDeleted],
  );
  // Issue 33: 0 minutes or more than the line's working day is allowed, but said.
  const timeWarning = staffTimeWarning(line);

  return (
    <ServiceLine
      number={number}
      note={
        isMissingQualification ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={missingQualificationMessage(line.quality?.name ?? '')}
            style={{ marginBottom: 12 }}
          />
        ) : null
      }
    >
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
            // Words in any order (issue 33): «лікар хірург» finds «Хірург, лікар …».
            showSearch={{
              filterOption: (input, option) => matchesAllWords(String(option?.label ?? ''), input),
            }}
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
      <Col xs={12} sm={8} lg={3}>
        <WizardValueField id={`${id}-salary`} label="Оклад, грн" error={salaryError}>
          {hasSalary ? formatMoney(line.salary) : '-'}
        </WizardValueField>
      </Col>
      <Col xs={12} sm={8} lg={4}>
        <WizardNumberField
          id={`${id}-time`}
          label="Час виконання, хв"
          error={timeError}
          warning={timeWarning}
          value={line.timeSpend}
          onChange={(value) => onChange('timeSpend', value)}
        />
      </Col>
      <Col xs={12} sm={8} lg={4}>
        <WizardNumberField
          id={`${id}-condition`}
          label="% за умови праці"
          error={conditionError}
          value={line.conditionPercent}
          precision={2}
          step={0.01}
          onChange={(value) => onChange('conditionPercent', value)}
        />
      </Col>
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
      <LineCostCell xs={12} sm={8} lg={3} id={id} isLive>
        <StaffLineCost line={line} />
      </LineCostCell>
      <DeleteLineCell
        xs={12}
        sm={8}
        lg={1}
        number={number}
        readOnly={readOnly}
        onDelete={() => dispatch({ type: 'removeStuffLine', ...ref })}
      />
    </ServiceLine>
  );
});
