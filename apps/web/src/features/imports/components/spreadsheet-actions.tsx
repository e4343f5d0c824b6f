import {
  DownloadOutlined,
  FileExcelOutlined,
  RollbackOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { LastImport } from '@medcalc/domain';
import { Button, Flex, Spin, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';

import { ConfirmModal } from '@/components/ui/confirm-action';
import { useMemberCan } from '@/hooks/use-member-can';
import { formatDateTime } from '@/utils/format';

import { useDownloadImportFile } from '../api/download-import-file';
import { useLastImport } from '../api/get-last-import';
import { useUndoImport } from '../api/undo-import';
import { subjectOf } from '../import-tables';
import type { ImportTarget } from '../import-target';

// The dialog (upload, preview tables, column picker) loads on the first «Імпорт з Excel», not with the page.
const ImportDialog = lazy(() =>
  import('./import-dialog').then((module) => ({ default: module.ImportDialog })),
);

/** What undoing puts back, said with the file and when it was applied. */
function undoQuestion(last: NonNullable<LastImport['last']>): string {
  const { counts } = last;
  const units = last.createdUnits > 0 ? `, створені одиниці виміру (${last.createdUnits})` : '';
  return (
    `Імпорт файлу «${last.fileName}» від ${formatDateTime(last.appliedAt)} буде скасовано: оновлені ` +
    `значення (${counts.updated}) повернуться до попередніх, додані записи (${counts.added})${units} буде ` +
    'видалено.'
  );
}

/**
 * The spreadsheet buttons of a table's page (issue 20): «Імпорт з Excel» opens the import dialog, «Експорт в
 * Excel» and «Шаблон» download the table and an empty file in the same columns, and «Скасувати останній імпорт»
 * appears while the server says the last import of this table can still be undone.
 */
export function SpreadsheetActions({ target }: { target: ImportTarget }) {
  const [isImporting, setImporting] = useState(false);
  // Mounted from the first opening on, so its chunk is fetched only when wanted and kept afterwards.
  const [hasImported, setHasImported] = useState(false);
  const [isUndoAsked, setUndoAsked] = useState(false);
  const exportFile = useDownloadImportFile(target, 'export');
  const templateFile = useDownloadImportFile(target, 'template');
  const last = useLastImport(target);
  const undo = useUndoImport(target);
  // Issue 22: a «Перегляд» member downloads the table and the template but neither imports nor undoes.
  const canEdit = useMemberCan('edit');
  const lastImport = canEdit ? (last.data?.last ?? null) : null;

  return (
    <>
      <Flex
        wrap
        gap={8}
        role="group"
        aria-label={`Excel: імпорт і експорт ${subjectOf(target)}`}
        style={{ marginBottom: 16 }}
      >
        {canEdit ? (
          <Button
            icon={<UploadOutlined aria-hidden />}
            onClick={() => {
              setImporting(true);
              setHasImported(true);
            }}
          >
            Імпорт з Excel
          </Button>
        ) : null}
        <Button
          icon={<FileExcelOutlined aria-hidden />}
          loading={exportFile.isPending}
          onClick={() => exportFile.mutate(undefined)}
        >
          Експорт в Excel
        </Button>
        <Button
          icon={<DownloadOutlined aria-hidden />}
          loading={templateFile.isPending}
          onClick={() => templateFile.mutate(undefined)}
        >
          Шаблон
        </Button>
        {lastImport !== null ? (
          <Button danger icon={<RollbackOutlined aria-hidden />} onClick={() => setUndoAsked(true)}>
            Скасувати останній імпорт
          </Button>
        ) : null}
      </Flex>
      {hasImported ? (
        <Suspense
          fallback={
            <div role="status" aria-label="Завантаження імпорту…">
              <Spin />
            </div>
          }
        >
          <ImportDialog target={target} open={isImporting} onClose={() => setImporting(false)} />
        </Suspense>
      ) : null}
      <ConfirmModal
        open={isUndoAsked && lastImport !== null}
        title="Скасувати останній імпорт?"
        okText="Так, скасувати імпорт"
        cancelText="Ні"
        danger
        isPending={undo.isPending}
        onCancel={() => setUndoAsked(false)}
        onConfirm={() => undo.mutateAsync(undefined).finally(() => setUndoAsked(false))}
        destroyOnHidden
      >
        {lastImport !== null ? (
          <Typography.Paragraph>{undoQuestion(lastImport)}</Typography.Paragraph>
        ) : null}
      </ConfirmModal>
    </>
  );
}
