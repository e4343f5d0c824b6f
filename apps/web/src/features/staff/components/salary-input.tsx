import { SALARY_SAVE_DELAY_MS, changeSalaryInputSchema, type StaffRate } from '@medcalc/domain';
import { Button, Flex, Spin, Typography } from 'antd';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';

import { NumberInput } from '@/components/ui/number-input';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';

import { useChangeSalary } from '../api/change-salary';

/**
 * Why a typed salary cannot be saved (negative, too large, more than two decimals: the domain
 * `amountFieldSchema`), or undefined when it can. Such a value is shown as typed with this message and never
 * sent: rounding or clamping it would save a salary nobody typed.
 */
const salaryError = (value: number): string | undefined =>
  changeSalaryInputSchema.shape.salary.safeParse(value).error?.issues[0]?.message;

type SalaryInputProps = {
  rate: StaffRate;
  label: string;
  /**
   * The row's delete confirmation is open or its deletion is on its way. An edit due meanwhile waits for the
   * outcome: sent if the row stays, dropped if it goes (a salary for a deleted row would only answer 404).
   */
  isDeleting?: boolean;
};

/**
 * A row's editable salary (spec §2 "Staff"). Spec §4/§7: the edit is saved 2 s after the LAST keystroke
 * through `POST /api/change-salary`, then the table reloads. Until the reload is back the typed value stays
 * on screen, with a small saving indicator beside it; a failed save can be sent again with one click.
 */
export function SalaryInput({ rate, label, isDeleting = false }: SalaryInputProps) {
  const changeSalary = useChangeSalary();
  const { mutate } = changeSalary;
  // `undefined`: not being edited, the stored salary shows. A number or null: what the user typed.
  const [draft, setDraft] = useState<number | null>();
  const [isWaiting, setIsWaiting] = useState(false);
  // An emptied input was left and the stored salary came back: say so, until the next edit.
  const [wasRestored, setWasRestored] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The value typed but not yet sent, so leaving the page inside the 2 s does not lose it.
  const unsaved = useRef<number | undefined>(undefined);
  // `isDeleting` as last rendered, for the timer and the unmount cleanup, which outlive the render.
  const isDeletingRef = useRef(isDeleting);
  const statusId = useId();
  const hasFailed = changeSalary.isError && draft !== undefined;
  const isEmpty = draft === null;
  // Letters typed into the input: said, not silently dropped (issue 13); nothing is saved meanwhile.
  const [isNotNumber, setIsNotNumber] = useState(false);
  const invalidMessage = isNotNumber
    ? 'Введіть число'
    : typeof draft === 'number'
      ? salaryError(draft)
      : undefined;
  // Issue 13: a salary of 0 makes the position's labour cost 0, so it is saved only when the user confirms it.
  const isZeroUnconfirmed =
    draft === 0 && rate.salary !== 0 && !isNotNumber && !changeSalary.isPending;

  // The typed value stays after a save: it is what the server now stores, so the reload shows no jump (the
  // reloaded row may arrive a moment after the save's answer). Only a stored salary that changes while no
  // edit is on its way (a reload after someone else's change) replaces it.
  const [storedSalary, setStoredSalary] = useState(rate.salary);
  if (rate.salary !== storedSalary) {
    setStoredSalary(rate.salary);
    if (!isWaiting && !changeSalary.isPending) setDraft(undefined);
  }

  // A save is on its way (known at once, before the next render says `isPending`).
  const isSending = useRef(false);
  const save = (salary: number) => {
    unsaved.current = undefined;
    setIsWaiting(false);
    isSending.current = true;
    mutate(
      { id: rate.id, salary },
      {
        onSettled: () => {
          isSending.current = false;
        },
      },
    );
  };

  const holdEdit = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    unsaved.current = undefined;
    setIsWaiting(false);
  };

  const onInvalidText = () => {
    setIsNotNumber(true);
    setWasRestored(false);
    holdEdit();
  };

  const onChange = (value: number | null) => {
    setDraft(value);
    setIsNotNumber(false);
    setWasRestored(false);
    clearTimeout(timer.current);
    timer.current = undefined;
    // An emptied input has nothing to save; the stored salary is kept (and shown again on leaving). A 0 waits
    // for the «Зберегти 0» button.
    if (value === null || value === 0 || salaryError(value) !== undefined) {
      unsaved.current = undefined;
      setIsWaiting(false);
      return;
    }
    const salary = value;
    unsaved.current = salary;
    setIsWaiting(true);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      if (!isDeletingRef.current) save(salary);
    }, SALARY_SAVE_DELAY_MS);
  };

  // A salary is required, so an emptied input is never saved; leaving it puts the stored salary back rather
  // than showing a blank that is not what the server keeps.
  const onBlur = () => {
    if (!isEmpty) return;
    setDraft(undefined);
    setWasRestored(true);
  };

  const retry = () => {
    if (typeof draft === 'number' && salaryError(draft) === undefined) save(draft);
  };

  // The deletion was cancelled or refused and the row is still here: an edit held back meanwhile goes now.
  const sendHeldEdit = useEffectEvent(() => {
    if (unsaved.current !== undefined && timer.current === undefined) save(unsaved.current);
  });
  useEffect(() => {
    isDeletingRef.current = isDeleting;
    if (!isDeleting) sendHeldEdit();
  }, [isDeleting]);

  // Leaving the page inside the delay: send the last value now rather than drop it. A row that disappears
  // while its deletion is on its way is gone on the server too, so its edit is dropped. The refs hold plain
  // values, not DOM nodes, so reading them in the cleanup reads the latest ones.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      timer.current = undefined;
      if (unsaved.current !== undefined && !isDeletingRef.current) {
        mutate({ id: rate.id, salary: unsaved.current });
      }
      unsaved.current = undefined;
    },
    [mutate, rate.id],
  );

  const isSaving = isWaiting || changeSalary.isPending;

  // Issue 33: a salary typed and not yet sent goes as the page is hidden, closed or reloaded or another page opens,
  // rather than 2 s later; one the page would not save as it is (letters, out of range, an unconfirmed 0) or whose
  // row's deletion is being asked about makes the guard ask before leaving. A save on its way is a keep-alive
  // request, so it arrives anyway.
  const isValidTyped = typeof draft === 'number' && salaryError(draft) === undefined;
  useUnsavedChanges({
    isDirty:
      isWaiting || hasFailed || isNotNumber || invalidMessage !== undefined || isZeroUnconfirmed,
    flush: () => {
      if (isDeletingRef.current) return false;
      if (unsaved.current !== undefined) {
        clearTimeout(timer.current);
        timer.current = undefined;
        save(unsaved.current);
        return true;
      }
      if (isSending.current) return true;
      // A failed save is sent again, as «Повторити» would.
      if (hasFailed && isValidTyped && draft !== 0) {
        save(draft);
        return true;
      }
      return false;
    },
    message: `${label}: введений оклад не збережено.`,
  });

  return (
    // Wraps: a message goes under the input and wraps within the cell instead of widening the column (issue 13).
    <Flex align="center" wrap gap={8}>
      <NumberInput
        aria-label={label}
        aria-describedby={statusId}
        value={draft === undefined ? rate.salary : draft}
        onChange={onChange}
        onInvalidText={onInvalidText}
        onBlur={onBlur}
        step={100}
        aria-invalid={isEmpty || invalidMessage !== undefined}
        status={hasFailed || isEmpty || invalidMessage !== undefined ? 'error' : undefined}
        style={{ width: 160, maxWidth: '100%' }}
      />
      <span
        id={statusId}
        role="status"
        aria-live="polite"
        style={{ flex: '1 1 120px', minWidth: 0, overflowWrap: 'anywhere' }}
      >
        {isSaving ? (
          <Flex align="center" gap={4}>
            <Spin size="small" />
            <Typography.Text type="secondary">Збереження…</Typography.Text>
          </Flex>
        ) : hasFailed ? (
          <Typography.Text type="danger">Не збережено</Typography.Text>
        ) : invalidMessage !== undefined ? (
          <Typography.Text type="danger">{invalidMessage}</Typography.Text>
        ) : isEmpty ? (
          <Typography.Text type="danger">Введіть оклад</Typography.Text>
        ) : isZeroUnconfirmed ? (
          <Typography.Text type="warning">Оклад 0: вартість праці буде 0</Typography.Text>
        ) : wasRestored ? (
          <Typography.Text type="secondary">Повернуто збережений оклад</Typography.Text>
        ) : null}
      </span>
      {isZeroUnconfirmed && !isSaving ? (
        <Button size="small" aria-label={`Зберегти оклад 0: ${label}`} onClick={() => save(0)}>
          Зберегти 0
        </Button>
      ) : null}
      {hasFailed && !isSaving ? (
        <Button
          type="link"
          size="small"
          aria-label={`Повторити: ${label}`}
          onClick={retry}
          style={{ paddingInline: 0 }}
        >
          Повторити
        </Button>
      ) : null}
    </Flex>
  );
}
