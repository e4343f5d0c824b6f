import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { formatStaffRateLabel, matchesAllWords, type StaffRate } from '@medcalc/domain';
import { Button, Flex, Grid, Typography, theme, type TableColumnsType } from 'antd';
import { useEffect, useState, type KeyboardEvent } from 'react';

import { LoadError } from '@/components/ui/load-error';
import { LoadingBlock } from '@/components/ui/loading-block';
import { SearchedTable } from '@/components/ui/searched-table';
import { useRowDialogs } from '@/hooks/use-row-dialogs';
import { useMemberCan } from '@/hooks/use-member-can';
import { useStickyTop } from '@/hooks/use-sticky-top';
import { useIsTouchScreen } from '@/hooks/use-touch-screen';
import { formatMoney } from '@/utils/format';

import { useStaff } from '@/lib/queries/staff';
import { WORD_WRAP } from '@/components/ui/word-wrap';

import { CreateStaffRateModal } from './create-staff-rate-modal';
import { DeleteStaffRateModal } from './delete-staff-rate-modal';
import { SalaryInput } from './salary-input';

/** How long a newly added position stays highlighted, milliseconds. */
export const NEW_ROW_HIGHLIGHT_MS = 3000;

const labelOf = (rate: StaffRate) =>
  formatStaffRateLabel({
    qualification: rate.qualification,
    category: rate.category,
    scientificDegree: rate.scientific_degree,
  });

/** The salary inputs' accessible names start with this; Tab moves between them (issue 13). */
const SALARY_LABEL = 'Оклад: ';

/**
 * Tab in a salary input goes to the next row's salary (issue 13: 58+ positions are filled in one after another).
 * Not when the cell offers a button right after the input ('Зберегти 0', 'Повторити'), and not from the last
 * salary; Shift+Tab keeps the page's order, which reaches each row's delete button.
 */
function moveToNextSalary(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) {
    return;
  }
  const input = event.target;
  if (!(input instanceof HTMLInputElement)) return;
  if (!input.getAttribute('aria-label')?.startsWith(SALARY_LABEL)) return;
  if (input.closest('td')?.querySelector('button:not([disabled])')) return;
  const inputs = [
    ...event.currentTarget.querySelectorAll<HTMLInputElement>(
      `input[aria-label^="${SALARY_LABEL}"]`,
    ),
  ];
  const next = inputs[inputs.indexOf(input) + 1];
  if (!next) return;
  event.preventDefault();
  next.focus();
  next.select();
}

/**
 * The staffing table (spec §2 "Staff"): qualification, category, scientific degree, an editable salary saved
 * 2 s after the last keystroke, and actions. A company can add its own position and remove one. Issue 13: a
 * search box filters the loaded table, the header sticks under the app's header, Tab goes from salary to salary,
 * long names wrap; on a phone the position is one wrapped column beside the salary, with nothing pinned, so the
 * name is always readable and the delete button never clipped.
 */
export function StaffTable({ companyIdentifier }: { companyIdentifier: string }) {
  const staff = useStaff(companyIdentifier);
  const dialogs = useRowDialogs<StaffRate>();
  const { deleting, openDelete } = dialogs;
  const { token } = theme.useToken();
  // Until the breakpoints are measured `md` is undefined: the wide layout is the default.
  const isNarrow = Grid.useBreakpoint().md === false;
  const stickyTop = useStickyTop();
  const isTouchScreen = useIsTouchScreen();
  // Issue 22: a «Перегляд» member sees the salaries as text, with no add or delete (the page says why).
  const canEdit = useMemberCan('edit');
  const [search, setSearch] = useState('');
  // The table is sorted by the server, so a new position may land out of view: it is scrolled to and
  // highlighted for a moment once the reloaded table has it.
  const [newRowId, setNewRowId] = useState<number>();
  const hasNewRow = newRowId !== undefined && (staff.data ?? []).some((row) => row.id === newRowId);
  useEffect(() => {
    if (!hasNewRow) return;
    document
      .querySelector(`[data-row-key="${newRowId}"]`)
      ?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    const timer = setTimeout(() => setNewRowId(undefined), NEW_ROW_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [hasNewRow, newRowId]);

  const highlightBg = token.colorSuccessBg;
  const columns: TableColumnsType<StaffRate> = (() => {
    // Each cell is coloured, not the row: the fixed columns paint their own background over the row's.
    const onCell = (rate: StaffRate) => ({
      style: { ...WORD_WRAP, ...(rate.id === newRowId ? { background: highlightBg } : {}) },
    });
    const salary: TableColumnsType<StaffRate>[number] = {
      title: 'Оклад, грн',
      key: 'salary',
      width: isNarrow ? 172 : 320,
      // From a tablet up the descriptive columns may scroll sideways while the salary and delete stay in reach;
      // on a phone nothing is pinned (pinned columns would fill the screen and hide every name).
      ...(isNarrow ? {} : { fixed: 'right' as const }),
      onCell,
      render: (_, rate) =>
        canEdit ? (
          <SalaryInput
            rate={rate}
            label={`${SALARY_LABEL}${labelOf(rate)}`}
            isDeleting={deleting?.id === rate.id}
          />
        ) : (
          formatMoney(rate.salary)
        ),
    };
    const descriptive: TableColumnsType<StaffRate> = isNarrow
      ? [
          {
            title: 'Посада',
            key: 'position',
            onCell,
            render: (_, rate) => labelOf(rate),
          },
        ]
      : [
          { title: 'Кваліфікація', dataIndex: 'qualification', key: 'qualification', onCell },
          { title: 'Категорія', dataIndex: 'category', key: 'category', width: 150, onCell },
          {
            title: 'Науковий ступінь',
            dataIndex: 'scientific_degree',
            key: 'scientific_degree',
            width: 170,
            onCell,
          },
        ];
    if (!canEdit) return [...descriptive, salary];
    return [
      ...descriptive,
      salary,
      {
        title: 'Дії',
        key: 'actions',
        width: isNarrow ? 60 : 70,
        ...(isNarrow ? {} : { fixed: 'right' as const }),
        onCell,
        render: (_, rate) => (
          <Button
            type="text"
            danger
            icon={<DeleteOutlined aria-hidden />}
            title="Видалити"
            aria-label={`Видалити «${labelOf(rate)}»`}
            onClick={() => openDelete(rate)}
          />
        ),
      },
    ];
  })();

  // Words in any order, case and apostrophes folded (issue 33, the domain's one search rule).
  const rows = staff.data?.filter((rate) => matchesAllWords(labelOf(rate), search));

  return (
    <>
      {canEdit ? (
        <Flex wrap justify="space-between" align="center" gap={16} style={{ marginBottom: 16 }}>
          <Typography.Text type="secondary">
            Змінений оклад зберігається автоматично через 2 секунди після введення.
            {/* A key hint means nothing on a touch screen (issue 23 §3). */}
            {isTouchScreen ? null : ' Tab переходить до наступного окладу.'}
          </Typography.Text>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={dialogs.openCreate}>
            Додати посаду
          </Button>
        </Flex>
      ) : null}
      {staff.isPending ? (
        <LoadingBlock label="Штатний розпис: завантаження…" rows={8} />
      ) : staff.isError ? (
        <LoadError onRetry={() => void staff.refetch()} />
      ) : (
        <div role="region" aria-label="Штатний розпис" onKeyDown={moveToNextSalary}>
          <SearchedTable<StaffRate>
            search={search}
            onSearch={setSearch}
            searchLabel="Пошук посади"
            searchPlaceholder="Кваліфікація, категорія або ступінь"
            emptyText="Штатний розпис порожній. Додайте посаду."
            notFoundText="Посад за цим пошуком не знайдено."
            // Wide: at least 900 px, the qualification taking what the fixed columns leave; the header sticks
            // under the app's header while 58+ rows scroll (issue 13).
            minWidth={900}
            isNarrow={isNarrow}
            columns={columns}
            dataSource={rows}
            sticky={{ offsetHeader: stickyTop }}
            onRow={(rate) => (rate.id === newRowId ? { 'aria-current': 'true' } : {})}
          />
        </div>
      )}
      <CreateStaffRateModal
        companyIdentifier={companyIdentifier}
        open={dialogs.isCreating}
        onClose={dialogs.close}
        onCreated={(rate) => setNewRowId(rate.id)}
      />
      <DeleteStaffRateModal
        companyIdentifier={companyIdentifier}
        rate={deleting}
        onClose={dialogs.close}
      />
    </>
  );
}
