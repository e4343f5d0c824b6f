import type { OrderRevision } from '@medcalc/domain';

import { INVALID_DATE_TEXT } from '@/utils/format';

const pad2 = (value: number) => String(value).padStart(2, '0');

/** `12.03.2026`: the date as the documents print it (dd.mm.yyyy), in the browser's time zone. */
export function formatNumericDate(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return INVALID_DATE_TEXT;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return INVALID_DATE_TEXT;
  return `${pad2(date.getDate())}.${pad2(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/**
 * What a revision is, in a word or two (issue 18): the current one is «поточна»; an earlier one by the status it
 * had when it was superseded — «затверджена 12.03.2026», «на погодженні», «розрахована» (or «не розрахована»).
 */
export function revisionStatusText(
  revision: Pick<OrderRevision, 'current' | 'status' | 'approvedAt'>,
): string {
  if (revision.current) return 'поточна';
  switch (revision.status) {
    case 'confirmed':
      return revision.approvedAt === null
        ? 'затверджена'
        : `затверджена ${formatNumericDate(revision.approvedAt)}`;
    case 'sent':
      return 'на погодженні';
    case 'formed':
      return 'розрахована';
    default:
      return 'не розрахована';
  }
}

/** «Редакції: 1 — затверджена 12.03.2026; 2 — поточна». */
export function revisionsSummary(
  revisions: ReadonlyArray<Pick<OrderRevision, 'number' | 'current' | 'status' | 'approvedAt'>>,
): string {
  return `Редакції: ${revisions
    .map((revision) => `${revision.number} — ${revisionStatusText(revision)}`)
    .join('; ')}`;
}
