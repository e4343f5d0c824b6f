import { DownloadOutlined } from '@ant-design/icons';
import {
  ACTIVITY_KIND_LABELS,
  ACTIVITY_KINDS,
  activityPersonText,
  activitySubjectText,
  ACTIVITY_PAGE_SIZE,
  type ActivityEntry,
  type ActivityKind,
} from '@medcalc/domain';
import {
  Button,
  Card,
  DatePicker,
  Empty,
  Flex,
  Form as AntForm,
  Grid,
  Pagination,
  Select,
  Spin,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';

import { useKeyboardScroll } from '@/hooks/use-keyboard-scroll';
import { LoadError } from '@/components/ui/load-error';
import { LoadingBlock } from '@/components/ui/loading-block';
import { DATE_PICKER_FORMAT, EMPTY_VALUE_TEXT, formatDateTime } from '@/utils/format';
import { WORD_WRAP } from '@/components/ui/word-wrap';

import { useDownloadActivity } from '../api/download-activity';
import { useActivity, type ActivityFilters } from '../api/get-activity';

const KIND_OPTIONS = ACTIVITY_KINDS.map((kind) => ({
  value: kind,
  label: ACTIVITY_KIND_LABELS[kind],
}));

/** A change as «field: було → стало»; a missing side shows the empty-value dash. */
export const changeText = (change: ActivityEntry['changes'][number]) =>
  `${change.field}: ${change.from ?? EMPTY_VALUE_TEXT} → ${change.to ?? EMPTY_VALUE_TEXT}`;

/** Who made the change, by name and e-mail (issue 34); a member removed since is marked. */
const actorOf = (entry: ActivityEntry) =>
  entry.actor.identifier === null ? (
    <>
      {activityPersonText(entry.actor)}{' '}
      <Typography.Text type="secondary">(видалений)</Typography.Text>
    </>
  ) : (
    activityPersonText(entry.actor)
  );

/** Each change «field: було → стало», or the dash when the row has none. */
const changesOf = (entry: ActivityEntry) =>
  entry.changes.length === 0 ? (
    EMPTY_VALUE_TEXT
  ) : (
    <ul style={{ margin: 0, paddingInlineStart: 18 }}>
      {entry.changes.map((change, index) => (
        <li key={index}>{changeText(change)}</li>
      ))}
    </ul>
  );

/**
 * One row of the log on a phone (issue 33): a card with the time and who, the action and its subject, then the
 * changes, so nothing needs scrolling sideways.
 */
function ActivityCard({ entry }: { entry: ActivityEntry }) {
  return (
    <Card size="small" style={{ marginBottom: 12 }}>
      <Typography.Text type="secondary" style={{ display: 'block' }}>
        {formatDateTime(entry.at)} · {actorOf(entry)}
      </Typography.Text>
      <Typography.Text strong style={{ display: 'block', ...WORD_WRAP }}>
        {ACTIVITY_KIND_LABELS[entry.kind]}: {activitySubjectText(entry)}
      </Typography.Text>
      {entry.changes.length === 0 ? null : <div style={WORD_WRAP}>{changesOf(entry)}</div>}
    </Card>
  );
}

const COLUMNS: TableColumnsType<ActivityEntry> = [
  { title: 'Час', key: 'at', width: 150, render: (_, entry) => formatDateTime(entry.at) },
  {
    title: 'Хто',
    key: 'actor',
    width: 170,
    onCell: () => ({ style: WORD_WRAP }),
    render: (_, entry) => actorOf(entry),
  },
  {
    title: 'Дія',
    key: 'kind',
    width: 170,
    render: (_, entry) => ACTIVITY_KIND_LABELS[entry.kind],
  },
  {
    title: 'Предмет',
    key: 'subject',
    width: 200,
    onCell: () => ({ style: WORD_WRAP }),
    // Issue 33: an order by its name (as it was then), then its identifier.
    render: (_, entry) => activitySubjectText(entry),
  },
  {
    title: 'Зміни (було → стало)',
    key: 'changes',
    onCell: () => ({ style: WORD_WRAP }),
    render: (_, entry) => changesOf(entry),
  },
];

/** A picked day as the API's `YYYY-MM-DD`. */
const dayOf = (value: Dayjs | null | undefined) => value?.format('YYYY-MM-DD');

/**
 * The institution's activity log (issue 22, `/activity`): who changed what and when, newest first, 50 a page.
 * Filters by person (the people the log names), kind and a date range; «Завантажити XLSX» saves the log with the
 * same filters. A filter change goes back to the first page.
 */
export function ActivityLog() {
  const [filters, setFilters] = useState<ActivityFilters>({});
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState(1);
  const activity = useActivity(filters, page);
  const download = useDownloadActivity();
  const scrollRef = useKeyboardScroll('Журнал змін');

  const filter = (next: Partial<ActivityFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const people = activity.data?.people ?? [];
  // Until the breakpoints are measured `md` is undefined: the wide layout is the default.
  const isPhone = Grid.useBreakpoint().md === false;
  // On a phone the filters take the screen's width instead of their fixed ones.
  const filterWidth = (width: number) => (isPhone ? '100%' : width);
  const filterItemStyle = { marginBottom: 0, ...(isPhone ? { width: '100%' } : {}) };
  const pagination = {
    current: activity.data?.meta.currentPage ?? page,
    pageSize: ACTIVITY_PAGE_SIZE,
    total: (activity.data?.meta.lastPage ?? 1) * ACTIVITY_PAGE_SIZE,
    showSizeChanger: false,
    showLessItems: true,
    onChange: setPage,
  };

  return (
    <>
      <AntForm component={false} layout="vertical" requiredMark={false} colon={false}>
        <Flex
          wrap
          gap={12}
          align="end"
          role="search"
          aria-label="Фільтри журналу"
          style={{ marginBottom: 16 }}
        >
          <AntForm.Item label="Хто" htmlFor="activity-person" style={filterItemStyle}>
            <Select<string>
              id="activity-person"
              allowClear
              placeholder="Усі учасники"
              value={filters.person}
              onChange={(person) => filter({ person })}
              options={people.map((person) => ({
                value: person.identifier,
                label: activityPersonText(person),
              }))}
              style={{ width: filterWidth(220) }}
              popupMatchSelectWidth={false}
            />
          </AntForm.Item>
          <AntForm.Item label="Дія" htmlFor="activity-kind" style={filterItemStyle}>
            <Select<ActivityKind>
              id="activity-kind"
              allowClear
              placeholder="Усі дії"
              value={filters.kind}
              onChange={(kind) => filter({ kind })}
              options={KIND_OPTIONS}
              style={{ width: filterWidth(220) }}
              popupMatchSelectWidth={false}
            />
          </AntForm.Item>
          <AntForm.Item label="Період" htmlFor="activity-range" style={filterItemStyle}>
            <DatePicker.RangePicker
              id={{ start: 'activity-range', end: 'activity-range-end' }}
              value={range}
              format={DATE_PICKER_FORMAT}
              placeholder={['Від', 'До']}
              allowEmpty={[true, true]}
              onChange={(dates) => {
                setRange(dates);
                filter({ from: dayOf(dates?.[0]), to: dayOf(dates?.[1]) });
              }}
              style={{ width: filterWidth(260) }}
            />
          </AntForm.Item>
          <Button
            icon={<DownloadOutlined aria-hidden />}
            loading={download.isPending}
            onClick={() => download.mutate(filters)}
          >
            Завантажити XLSX
          </Button>
        </Flex>
      </AntForm>
      {activity.isPending ? (
        <LoadingBlock label="Журнал змін: завантаження…" rows={8} />
      ) : activity.isError && activity.data === undefined ? (
        <LoadError onRetry={() => void activity.refetch()} />
      ) : isPhone ? (
        <section aria-label="Журнал змін">
          <Spin spinning={activity.isFetching}>
            {(activity.data?.data ?? []).length === 0 ? (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description="Записів за цими умовами немає."
              />
            ) : (
              <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {(activity.data?.data ?? []).map((entry) => (
                  <li key={entry.id}>
                    <ActivityCard entry={entry} />
                  </li>
                ))}
              </ul>
            )}
          </Spin>
          <Pagination {...pagination} simple align="center" />
        </section>
      ) : (
        <div role="region" aria-label="Журнал змін" ref={scrollRef}>
          <Table<ActivityEntry>
            columns={COLUMNS}
            rowKey="id"
            dataSource={activity.data?.data ?? []}
            loading={activity.isFetching}
            tableLayout="fixed"
            scroll={{ x: 1000 }}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description="Записів за цими умовами немає."
                />
              ),
            }}
            pagination={pagination}
          />
        </div>
      )}
    </>
  );
}
