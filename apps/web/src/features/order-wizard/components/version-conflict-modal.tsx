import { WIZARD_VERSION_CHANGED_MESSAGE, type OrderDetail } from '@medcalc/domain';
import { Alert, Button, Flex, Modal, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';

import { getOrderDetail } from '@/lib/queries/order-detail';

import type { OrderDraft } from '../stores/order-draft';
import { CHANGE_OWNER_LABELS, draftDifferences, type SavedParts } from '../utils/draft-differences';
import { queryKeys } from '@/lib/query-keys';

/** How many differences are listed before «і ще N». */
const SHOWN_DIFFERENCES = 8;

/**
 * Two tabs or two people on one order (issue 21): the save or the calculation was refused because the order was
 * saved since. Shows what differs between the user's draft and the order as it is now, each with whose change it
 * is (issue 33), and lets the user keep theirs (saved, or calculated, over the newer version) or take the newer
 * one (their unsaved edits dropped). Nothing is overwritten without that choice.
 */
export function VersionConflictModal({
  draft,
  base,
  isSaving,
  isCalculating = false,
  onKeepMine,
  onTakeNewer,
}: {
  draft: OrderDraft;
  /** What this tab last loaded or saved: the start both versions moved away from. */
  base: SavedParts;
  isSaving: boolean;
  /** The refused call was «Розрахувати»: keeping the user's data calculates them. */
  isCalculating?: boolean;
  onKeepMine: (newer: OrderDetail) => void;
  onTakeNewer: (newer: OrderDetail) => void;
}) {
  // Fetched fresh each time the question opens: the order as it is now, not a cached copy.
  const newer = useQuery({
    queryKey: queryKeys.orders.versionConflict(draft.identifier),
    queryFn: ({ signal }) => getOrderDetail({ identifier: draft.identifier, signal }),
    staleTime: 0,
    gcTime: 0,
  });
  const differences = newer.data ? draftDifferences(draft, newer.data, base) : [];

  return (
    <Modal
      open
      title="Замовлення змінено деінде"
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Flex wrap gap={8} justify="end">
          <Button
            disabled={newer.data === undefined || isSaving}
            onClick={() => newer.data && onTakeNewer(newer.data)}
          >
            Взяти новішу версію
          </Button>
          <Button
            type="primary"
            loading={isSaving}
            disabled={newer.data === undefined}
            onClick={() => newer.data && onKeepMine(newer.data)}
          >
            Залишити мої зміни
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph>{WIZARD_VERSION_CHANGED_MESSAGE}</Typography.Paragraph>
      {newer.isPending ? <Skeleton active title={false} paragraph={{ rows: 3 }} /> : null}
      {newer.isError ? (
        <Alert
          type="error"
          showIcon
          title="Не вдалося завантажити новішу версію замовлення."
          action={<Button onClick={() => void newer.refetch()}>Спробувати ще раз</Button>}
        />
      ) : null}
      {newer.data ? (
        differences.length === 0 ? (
          <Typography.Paragraph>Ваші дані та збережена версія однакові.</Typography.Paragraph>
        ) : (
          <>
            <Typography.Paragraph>Відрізняється:</Typography.Paragraph>
            <ul aria-label="Що відрізняється">
              {differences.slice(0, SHOWN_DIFFERENCES).map(({ text, owner }) => (
                <li key={text}>
                  <span>{text}</span>
                  <Typography.Text type="secondary" style={{ display: 'block' }}>
                    {CHANGE_OWNER_LABELS[owner]}
                  </Typography.Text>
                </li>
              ))}
              {differences.length > SHOWN_DIFFERENCES ? (
                <li>і ще {differences.length - SHOWN_DIFFERENCES}</li>
              ) : null}
            </ul>
          </>
        )
      ) : null}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        «Залишити мої зміни» збереже ваші дані поверх новішої версії
        {isCalculating ? ' і розрахує' : ''}. «Взяти новішу версію» відкине ваші незбережені зміни.
      </Typography.Paragraph>
    </Modal>
  );
}
