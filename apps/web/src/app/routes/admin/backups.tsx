import type { BackupEntry } from '@medcalc/domain';
import { Alert, Button, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';

import { PageTitle } from '@/components/ui/page-title';
import { useCreateBackup } from '@/features/admin/api/create-backup';
import { backupDownloadUrl } from '@/features/admin/api/download-backup';
import { useBackups } from '@/features/admin/api/get-backups';
import { formatDateTime } from '@/utils/format';

const STATUS: Record<BackupEntry['status'], { color: string; label: string }> = {
  proven: { color: 'green', label: 'Перевірено відновленням' },
  failed: { color: 'red', label: 'Помилка' },
  refused: { color: 'red', label: 'Не створено' },
};

const TRIGGER: Record<BackupEntry['trigger'], string> = {
  schedule: 'за розкладом',
  admin: 'адміністратором',
  cli: 'командою db:backup',
};

const megabytes = (bytes: number) =>
  bytes === 0
    ? '—'
    : `${(bytes / 1024 / 1024).toLocaleString('uk-UA', { maximumFractionDigits: 1 })} МБ`;
const seconds = (ms: number) =>
  `${(ms / 1000).toLocaleString('uk-UA', { maximumFractionDigits: 1 })} с`;

const columns: ColumnsType<BackupEntry> = [
  {
    title: 'Час',
    dataIndex: 'startedAt',
    render: (value: string, entry) => (
      <>
        {formatDateTime(value)}
        <br />
        <Typography.Text type="secondary">{TRIGGER[entry.trigger]}</Typography.Text>
      </>
    ),
  },
  { title: 'Розмір', dataIndex: 'size', render: megabytes },
  { title: 'Тривалість', dataIndex: 'durationMs', render: seconds },
  {
    title: 'Перевірка',
    dataIndex: 'status',
    render: (status: BackupEntry['status'], entry) => (
      <>
        <Tag color={STATUS[status].color}>{STATUS[status].label}</Tag>
        {entry.error ? <Typography.Text type="danger">{entry.error}</Typography.Text> : null}
        {status === 'proven' ? (
          <Typography.Text type="secondary">
            {`таблиць: ${Object.keys(entry.counts).length}, рядків: ${Object.values(entry.counts).reduce((a, b) => a + b, 0)}`}
          </Typography.Text>
        ) : null}
      </>
    ),
  },
  {
    title: 'Файл',
    dataIndex: 'name',
    render: (name: string, entry) =>
      entry.size > 0 ? (
        <a href={backupDownloadUrl(name)} download={name}>
          Завантажити
        </a>
      ) : (
        '—'
      ),
  },
];

/**
 * Issue 40, the admin panel's «Резервні копії»: the backups in the data folder with the check of each (a restore
 * into a throwaway database); «Створити зараз» is busy until the backup is written and proven.
 */
export default function AdminBackupsRoute() {
  const backups = useBackups();
  const create = useCreateBackup();
  const busy = create.isPending || backups.data?.busy === true;
  const schedule = backups.data?.schedule;
  return (
    <>
      <PageTitle level={2}>Резервні копії</PageTitle>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Alert
          type="info"
          showIcon
          message={
            schedule === undefined
              ? 'Завантаження…'
              : `Розклад: ${schedule === 'off' ? 'вимкнено' : schedule}. Зберігаються останні ${backups.data?.keep ?? ''} перевірені копії.`
          }
        />
        <Button type="primary" loading={busy} onClick={() => create.mutate(undefined)}>
          {busy ? 'Створюється…' : 'Створити зараз'}
        </Button>
        <Table<BackupEntry>
          rowKey="name"
          columns={columns}
          dataSource={backups.data?.entries ?? []}
          loading={backups.isLoading}
          pagination={false}
          locale={{ emptyText: 'Резервних копій ще немає.' }}
        />
      </Space>
    </>
  );
}
