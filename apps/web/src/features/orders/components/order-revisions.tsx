import { canDownloadDocuments, type OrderRevision } from '@medcalc/domain';
import { Collapse, Flex, Typography } from 'antd';

import { useOrderRevisions } from '../api/get-order-revisions';
import { revisionStatusText, revisionsSummary } from '../utils/revision-display';

import { LoadFailed, LoadingSkeleton } from './orders-load-state';
import { ComparisonLinks, RevisionDocumentList } from './revision-documents';

const TITLE = 'Редакції';

/**
 * An earlier revision's panel: its documents, when it was calculated, and from revision 2 on its «Порівняння
 * тарифів» with the revision before it (so 1 → 2 stays downloadable once revision 3 exists); a note otherwise.
 */
function EarlierRevision({
  identifier,
  revision,
}: {
  identifier: string;
  revision: OrderRevision;
}) {
  if (!canDownloadDocuments(revision.status)) {
    return (
      <Typography.Text type="secondary">
        Цю редакцію не було розраховано: документів немає.
      </Typography.Text>
    );
  }
  return (
    <Flex vertical gap={8} align="stretch">
      <RevisionDocumentList identifier={identifier} revision={revision} />
      {revision.number > 1 ? (
        <ComparisonLinks identifier={identifier} revision={revision.number} named />
      ) : null}
    </Flex>
  );
}

/**
 * «Редакції» on the order card (issue 18), once the order's data was updated (`revision > 1`): the list
 * «Редакції: 1 — погоджена 12.03.2026; 2 — поточна», «Порівняння тарифів» (PDF, Excel) of the current revision
 * once it is calculated, and behind each earlier revision its five documents as that revision stored them (and,
 * from revision 2 on, its own «Порівняння тарифів» with the revision before it). A
 * skeleton while the list loads, a Ukrainian error with a retry if it fails (the server's message was a toast).
 */
export function OrderRevisions({ identifier, revision }: { identifier: string; revision: number }) {
  const revisions = useOrderRevisions(identifier, revision > 1);
  if (revision <= 1) return null;

  const list = revisions.data?.revisions ?? [];
  const current = list.find((item) => item.current) ?? list.at(-1);
  const earlier = list.filter((item) => item !== current);

  return (
    <section aria-label={TITLE}>
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 12, fontSize: 16 }}>
        {TITLE}
      </Typography.Title>
      {revisions.isPending ? (
        <LoadingSkeleton label="Завантаження редакцій" rows={2} title={false} />
      ) : revisions.isError ? (
        <LoadFailed
          title="Не вдалося завантажити редакції замовлення."
          onRetry={() => void revisions.refetch()}
        />
      ) : (
        <Flex vertical gap={8} align="stretch">
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            {revisionsSummary(list)}
          </Typography.Paragraph>
          {current && current.number > 1 && canDownloadDocuments(current.status) ? (
            <ComparisonLinks identifier={identifier} revision={current.number} />
          ) : null}
          {earlier.length > 0 ? (
            <Collapse
              size="small"
              items={earlier.map((item) => ({
                key: item.number,
                label: `Документи редакції ${item.number} (${revisionStatusText(item)})`,
                children: <EarlierRevision identifier={identifier} revision={item} />,
              }))}
            />
          ) : null}
        </Flex>
      )}
    </section>
  );
}
