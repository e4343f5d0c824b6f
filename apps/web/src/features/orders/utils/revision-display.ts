import type { OrderRevision } from '@medcalc/domain';

import { formatDate } from '@/utils/format';

/**
 * What a revision is, in a word or two (issue 18): the current one is «поточна»; an earlier one by the status it
 * had when it was superseded — «погоджена 12.03.2026», «на погодженні», «розрахована» (or «не розрахована»).
 */
export function revisionStatusText(
  revision: Pick<OrderRevision, 'current' | 'status' | 'approvedAt'>,
): string {
  if (revision.current) return 'поточна';
  switch (revision.status) {
    case 'confirmed':
      return revision.approvedAt === null
        ? 'погоджена'
        : `погоджена ${formatDate(revision.approvedAt)}`;
    case 'sent':
      return 'на погодженні';
    case 'formed':
      return 'розрахована';
    default:
      return 'не розрахована';
  }
}

/** «Редакції: 1 — погоджена 12.03.2026; 2 — поточна». */
export function revisionsSummary(
  revisions: ReadonlyArray<Pick<OrderRevision, 'number' | 'current' | 'status' | 'approvedAt'>>,
): string {
  return `Редакції: ${revisions
    .map((revision) => `${revision.number} — ${revisionStatusText(revision)}`)
    .join('; ')}`;
}
