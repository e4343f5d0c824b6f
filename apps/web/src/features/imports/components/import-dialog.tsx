import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { IMPORT_LIMITS_TEXT, type ImportPreview } from '@medcalc/domain';
import { Alert, Button, Flex, Modal, Popconfirm, Spin, Typography, Upload } from 'antd';
import { useState } from 'react';

import { useBusyUntilAnswered } from '@/hooks/use-busy-until-answered';
import { ApiRequestError } from '@/lib/api-client';

import { useApplyImport } from '../api/apply-import';
import { usePreviewImport } from '../api/preview-import';
import { subjectOf } from '../import-tables';
import type { ImportTarget } from '../import-target';

import { ColumnPicker } from './column-picker';
import { ImportPreviewView, countsWithout, newUnitsWithout } from './import-preview';

/** The file kinds the server reads (issue 20): Excel workbooks, and CSV as Ukrainian Excel saves it. */
const ACCEPT = '.xlsx,.csv';

/** The dialog fits a 390 px phone (8 px each side) and stays readable on a laptop. */
const DIALOG_WIDTH = 'min(960px, calc(100vw - 16px))';

/** A failed call's Ukrainian message: the server's (a 422 names the file's problem), else a generic one. */
const errorText = (error: unknown) =>
  error instanceof ApiRequestError ? error.message : 'Не вдалося обробити файл. Спробуйте ще раз.';

/** A 404 (the preview expired or was applied) or a 409 (the table changed since): preview the file again. */
const isStale = (error: unknown) =>
  error instanceof ApiRequestError && (error.status === 404 || error.status === 409);

const applyQuestion = (preview: ImportPreview, excluded: ReadonlySet<number>) => {
  const counts = countsWithout(preview, excluded);
  const left = excluded.size > 0 ? ` Виключені вами рядки (${excluded.size}) не змінюються.` : '';
  return `Буде оновлено: ${counts.updated}, додано: ${counts.added}. Відхилені рядки (${counts.refused}) не імпортуються.${left} Останній імпорт можна буде скасувати.`;
};

/**
 * Why «Застосувати» cannot be pressed, said beside it (issue 33: not only in a tooltip), or undefined when it can.
 */
function applyBlocker(
  preview: ImportPreview,
  excluded: ReadonlySet<number>,
  createUnits: boolean,
  stale: boolean,
): string | undefined {
  if (stale) return 'Перегляд застарів: оберіть файл ще раз.';
  if (preview.counts.updated + preview.counts.added === 0)
    return 'Застосовувати нічого: файл нічого не змінює.';
  const counts = countsWithout(preview, excluded);
  if (counts.updated + counts.added === 0)
    return 'Усі рядки виключено: позначте «Застосувати» хоча б біля одного.';
  if (newUnitsWithout(preview, excluded).length > 0 && !createUnits)
    return 'Спершу підтвердьте створення нових одиниць виміру.';
  return undefined;
}

const BLOCKER_ID = 'import-apply-blocker';

/**
 * «Імпорт з Excel» (issue 20): choose an .xlsx or .csv file → it is uploaded and previewed → when a needed
 * column was not found by its header, the user picks it and the file is previewed again → «Застосувати» (with a
 * confirmation; busy from the first click until the answer) changes the table in one transaction, all or
 * nothing. «Скасувати» changes nothing: the server drops an unapplied preview when it expires.
 */
export function ImportDialog({
  target,
  open,
  onClose,
}: {
  target: ImportTarget;
  open: boolean;
  onClose: () => void;
}) {
  const preview = usePreviewImport(target);
  const apply = useApplyImport(target);
  const [file, setFile] = useState<File>();
  const [createUnits, setCreateUnits] = useState(false);
  // The lines of previewed rows the user left out of the apply (issue 33).
  const [excluded, setExcluded] = useState<ReadonlySet<number>>(new Set());

  const shown = preview.isPending ? undefined : preview.data;
  const isPicking = shown !== undefined && shown.missingColumns.length > 0;
  const ready = shown !== undefined && shown.importId !== null && !isPicking ? shown : undefined;
  const blocker =
    ready === undefined
      ? undefined
      : applyBlocker(ready, excluded, createUnits, isStale(apply.error));
  const canApply = ready !== undefined && blocker === undefined;

  const include = (line: number, included: boolean) =>
    setExcluded((current) => {
      const next = new Set(current);
      if (included) next.delete(line);
      else next.add(line);
      return next;
    });

  const close = () => {
    if (apply.isPending) return;
    preview.reset();
    apply.reset();
    setFile(undefined);
    setCreateUnits(false);
    setExcluded(new Set());
    onClose();
  };

  const send = (chosen: File, columns?: Parameters<typeof preview.mutate>[0]['columns']) => {
    setFile(chosen);
    setCreateUnits(false);
    setExcluded(new Set());
    apply.reset();
    preview.mutate({ file: chosen, columns });
  };

  // Busy from the first click until the answer (issue 23): a second click on «Так» while the question closes is
  // dropped.
  const { run: onApply } = useBusyUntilAnswered(async () => {
    if (ready?.importId == null) return;
    try {
      await apply.mutateAsync({
        importId: ready.importId,
        createUnits,
        excludedLines: [...excluded].sort((a, b) => a - b),
      });
      close();
    } catch {
      // The refusal is shown in the dialog; the preview stays so the user sees what was asked.
    }
  });

  const uploadProps = {
    accept: ACCEPT,
    maxCount: 1,
    showUploadList: false,
    disabled: preview.isPending || apply.isPending,
    // The file goes with the preview call, not antd's own upload.
    beforeUpload: (chosen: File) => {
      send(chosen);
      return false;
    },
  };

  return (
    <Modal
      open={open}
      title={`Імпорт ${subjectOf(target)} з Excel`}
      width={DIALOG_WIDTH}
      style={{ top: 8, paddingBottom: 8 }}
      onCancel={close}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Flex wrap justify="end" align="center" gap={8}>
          {blocker !== undefined ? (
            // Said beside the disabled button, not only on hover (issue 33).
            <Typography.Text type="secondary" id={BLOCKER_ID} role="status">
              {blocker}
            </Typography.Text>
          ) : null}
          <Button onClick={close} disabled={apply.isPending}>
            Скасувати
          </Button>
          {ready !== undefined ? (
            <Popconfirm
              title="Застосувати імпорт?"
              description={<div style={{ maxWidth: 300 }}>{applyQuestion(ready, excluded)}</div>}
              okText="Так, застосувати"
              cancelText="Ні"
              // Closes at once; the button stays busy until the answer.
              onConfirm={() => void onApply()}
              disabled={!canApply || apply.isPending}
            >
              <Button
                type="primary"
                loading={apply.isPending}
                disabled={!canApply}
                aria-describedby={blocker !== undefined ? BLOCKER_ID : undefined}
              >
                Застосувати
              </Button>
            </Popconfirm>
          ) : null}
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        {file === undefined ? (
          <Upload.Dragger {...uploadProps}>
            <p className="ant-upload-drag-icon">
              <InboxOutlined aria-hidden />
            </p>
            <p className="ant-upload-text">Оберіть файл або перетягніть його сюди</p>
            <p className="ant-upload-hint">
              Excel (.xlsx) або CSV (UTF-8 чи Windows-1251, роздільник «;» або «,»), до{' '}
              {IMPORT_LIMITS_TEXT.fileSize} і {IMPORT_LIMITS_TEXT.rows} рядків.
            </p>
          </Upload.Dragger>
        ) : (
          // Once a file is chosen the preview gets the room; another file can still be picked.
          <Flex wrap align="center" gap={8}>
            <Typography.Text>
              Файл: <Typography.Text strong>{file.name}</Typography.Text>
            </Typography.Text>
            <Upload {...uploadProps}>
              <Button size="small" icon={<UploadOutlined aria-hidden />}>
                Обрати інший файл
              </Button>
            </Upload>
          </Flex>
        )}
        {preview.isPending ? (
          <Flex justify="center" style={{ padding: 16 }}>
            <Spin size="large" description="Читаємо файл…">
              <div style={{ width: 160, height: 48 }} />
            </Spin>
          </Flex>
        ) : null}
        {preview.isError ? (
          <Alert type="error" showIcon role="alert" title={errorText(preview.error)} />
        ) : null}
        {apply.isError ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={`Зміни не застосовано. ${errorText(apply.error)}`}
            description={
              isStale(apply.error) ? 'Оберіть файл ще раз, щоб переглянути зміни.' : undefined
            }
          />
        ) : null}
        {isPicking && file !== undefined ? (
          <ColumnPicker
            fields={shown.fields}
            headers={shown.headers}
            missingColumns={shown.missingColumns}
            isPending={preview.isPending}
            onSubmit={(columns) => send(file, columns)}
          />
        ) : null}
        {ready !== undefined ? (
          <ImportPreviewView
            preview={ready}
            createUnits={createUnits}
            onCreateUnitsChange={setCreateUnits}
            exclusion={{ excluded, onChange: include }}
          />
        ) : null}
      </Flex>
    </Modal>
  );
}
