import { LoadingOutlined, SyncOutlined } from '@ant-design/icons';
import { ORDER_STATUS_LABELS, isApproved, type RepricePreview } from '@medcalc/domain';
import { Alert, Button, Flex, Modal, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { buildOrderWizardPath } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';

import { repricePreviewQueryOptions } from '../api/get-reprice-preview';
import { useRepriceOrder } from '../api/reprice-order';

import { LoadFailed, LoadingSkeleton } from './orders-load-state';
import { RepriceChanges } from './reprice-changes';

export const REPRICE_TITLE = 'Оновити дані в калькуляції';

/**
 * The comparison's tables (antd's Table, and the Select of its pagination) are code of their own, fetched when the
 * modal opens, beside the preview's request (issue 39): every order card renders this modal closed, and without the
 * split a phone's first `/orders` downloaded about 70 KB (brotli) of table code that its first screen never shows.
 */
const loadRepriceComparison = () => import('./reprice-comparison');
const RepriceComparison = lazy(async () => ({
  default: (await loadRepriceComparison()).RepriceComparison,
}));

/** What confirming does (issue 18): a new revision, no new fee, back to drafting, the documents kept. */
function RepriceNote({ preview }: { preview: RepricePreview }) {
  const kept = isApproved(preview.status)
    ? `Затверджені документи редакції ${preview.revision} залишаться доступними для завантаження`
    : `Документи редакції ${preview.revision} залишаться доступними для завантаження`;
  return (
    <Alert
      type="info"
      showIcon
      title={`Буде створено нову редакцію замовлення (${preview.revision + 1}) — без нової оплати.`}
      description={
        <>
          Замовлення перейде в статус «{ORDER_STATUS_LABELS.saved}»: перевірте дані в майстрі та
          натисніть «Розрахувати». {kept} (блок «Редакції» на картці замовлення).
        </>
      }
    />
  );
}

/**
 * «Оновити дані в калькуляції» (issue 18): the preview of re-pricing the order with the company's current data —
 * a skeleton while it loads, per category each service's cost and tariff before → after with Δ, the totals, and
 * «Що змінилося» — then «Оновити дані». The confirm is busy from the first click until the answer, so a double
 * click sends one request; on success the api client toasts the message and the wizard opens; a 409 (the order
 * changed since the preview) is said here and the preview reloads.
 */
export function RepriceModal({
  identifier,
  name,
  isOpen,
  onClose,
}: {
  identifier: string;
  name: string;
  isOpen: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const reprice = useRepriceOrder();
  // Each opening reads the preview afresh (its own key); a closed one is dropped.
  const [opening, setOpening] = useState(0);
  const preview = useQuery({ ...repricePreviewQueryOptions(identifier, opening), enabled: isOpen });
  // The ref stops a second click before React re-renders; the state shows the spinner.
  const isSendingRef = useRef(false);
  const [isSending, setIsSending] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);

  const confirm = () => {
    if (isSendingRef.current || !preview.data) return;
    isSendingRef.current = true;
    setIsSending(true);
    setConflict(null);
    reprice.mutate(
      { identifier, revision: preview.data.revision },
      {
        onSuccess: () => {
          onClose();
          void navigate(buildOrderWizardPath(identifier));
        },
        onError: (error) => {
          isSendingRef.current = false;
          setIsSending(false);
          if (error instanceof ApiRequestError && error.status === 409) {
            setConflict(error.message);
            void preview.refetch();
          }
        },
      },
    );
  };

  const reset = () => {
    isSendingRef.current = false;
    setIsSending(false);
    setConflict(null);
    setOpening((count) => count + 1);
  };

  useEffect(() => {
    if (isOpen) void loadRepriceComparison();
  }, [isOpen]);

  const isReady = preview.data !== undefined && !preview.isFetching && !preview.isError;
  return (
    <Modal
      open={isOpen}
      title={REPRICE_TITLE}
      width={{ xs: '100%', sm: '100%', md: 900, xl: 1100 }}
      style={{ top: 16, paddingBottom: 16 }}
      styles={{ body: { maxHeight: 'calc(100dvh - 180px)', overflowY: 'auto' } }}
      closable={!isSending}
      mask={{ closable: !isSending }}
      keyboard={!isSending}
      onCancel={onClose}
      afterClose={reset}
      footer={
        <Flex gap={8} justify="end" wrap>
          <Button disabled={isSending} onClick={onClose}>
            Скасувати
          </Button>
          <Button
            type="primary"
            icon={<SyncOutlined aria-hidden />}
            // The spinner is decoration (its default label is English 'loading'); aria-busy tells assistive tech.
            loading={isSending && { icon: <LoadingOutlined aria-hidden /> }}
            aria-busy={isSending}
            disabled={!isReady && !isSending}
            onClick={confirm}
          >
            Оновити дані
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ marginBottom: 0, overflowWrap: 'anywhere' }}>
          Замовлення «{name}»: тарифи з поточними окладами штатного розпису, цінами матеріалів і
          даними закладу.
        </Typography.Paragraph>
        {conflict === null ? null : <Alert type="warning" showIcon title={conflict} />}
        {preview.isPending ? (
          <LoadingSkeleton label="Завантаження попереднього перегляду" rows={8} />
        ) : preview.isError ? (
          <LoadFailed
            title="Не вдалося підготувати попередній перегляд."
            description={
              preview.error instanceof ApiRequestError ? preview.error.message : undefined
            }
            onRetry={() => void preview.refetch()}
          />
        ) : (
          <Spin spinning={preview.isFetching} description="Оновлюємо попередній перегляд…">
            {/* The preview shows whole: its words wait for the comparison's code, not only for its data. */}
            <Suspense
              fallback={<LoadingSkeleton label="Завантаження попереднього перегляду" rows={8} />}
            >
              <Flex vertical gap={16}>
                <RepriceComparison comparison={preview.data} />
                <RepriceChanges changes={preview.data.changes} />
                <RepriceNote preview={preview.data} />
              </Flex>
            </Suspense>
          </Spin>
        )}
      </Flex>
    </Modal>
  );
}
