import { SALARY_SAVE_DELAY_MS, type StaffRate } from '@medcalc/domain';
import { Flex, InputNumber, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';

import { useChangeSalary } from '../api/change-salary';

/** Kopecks at most: the contract allows two decimals (domain `amountFieldSchema`). */
const toAmount = (value: number) => Number(value.toFixed(2));

/**
 * A row's editable salary (spec §2 "Staff"). Spec §4/§7: the edit is saved 2 s after the LAST keystroke
 * through `POST /api/change-salary`, then the table reloads. Until the reload is back the typed value stays
 * on screen, with a small saving indicator beside it.
 */
export function SalaryInput({ rate, label }: { rate: StaffRate; label: string }) {
  const changeSalary = useChangeSalary();
  const { mutate } = changeSalary;
  // `undefined`: not being edited, the stored salary shows. A number or null: what the user typed.
  const [draft, setDraft] = useState<number | null>();
  const [isWaiting, setIsWaiting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The value typed but not yet sent, so leaving the page inside the 2 s does not lose it.
  const unsaved = useRef<number | undefined>(undefined);
  const hasFailed = changeSalary.isError && draft !== undefined;

  // The typed value stays after a save: it is what the server now stores, so the reload shows no jump (the
  // reloaded row may arrive a moment after the save's answer). Only a stored salary that changes while no
  // edit is on its way (a reload after someone else's change) replaces it.
  const [storedSalary, setStoredSalary] = useState(rate.salary);
  if (rate.salary !== storedSalary) {
    setStoredSalary(rate.salary);
    if (!isWaiting && !changeSalary.isPending) setDraft(undefined);
  }

  const save = (salary: number) => {
    unsaved.current = undefined;
    setIsWaiting(false);
    mutate({ id: rate.id, salary });
  };

  const onChange = (value: number | null) => {
    setDraft(value);
    clearTimeout(timer.current);
    timer.current = undefined;
    // An emptied input has nothing to save; the stored salary is kept.
    if (value === null || value < 0) {
      unsaved.current = undefined;
      setIsWaiting(false);
      return;
    }
    const salary = toAmount(value);
    unsaved.current = salary;
    setIsWaiting(true);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      save(salary);
    }, SALARY_SAVE_DELAY_MS);
  };

  // Leaving the page (or the row disappearing) inside the delay: send the last value now rather than drop it.
  // The refs hold plain values, not DOM nodes, so reading them in the cleanup reads the latest ones.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      timer.current = undefined;
      if (unsaved.current !== undefined) mutate({ id: rate.id, salary: unsaved.current });
      unsaved.current = undefined;
    },
    [mutate, rate.id],
  );

  const isSaving = isWaiting || changeSalary.isPending;

  return (
    <Flex align="center" gap={8}>
      <InputNumber<number>
        aria-label={label}
        value={draft === undefined ? rate.salary : draft}
        onChange={onChange}
        min={0}
        step={100}
        precision={2}
        decimalSeparator=","
        status={hasFailed ? 'error' : undefined}
        style={{ width: 160 }}
      />
      <span role="status" aria-live="polite" style={{ minWidth: 120, whiteSpace: 'nowrap' }}>
        {isSaving ? (
          <Flex align="center" gap={4}>
            <Spin size="small" />
            <Typography.Text type="secondary">Збереження…</Typography.Text>
          </Flex>
        ) : hasFailed ? (
          <Typography.Text type="danger">Не збережено</Typography.Text>
        ) : null}
      </span>
    </Flex>
  );
}
