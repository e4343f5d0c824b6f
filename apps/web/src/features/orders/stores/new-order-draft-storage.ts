import type { DraftRow, NewOrderDraft } from './new-order-draft';

/*
 * The create-order page keeps its draft in the tab's sessionStorage (issue 13), so the chosen services survive
 * leaving the page (to check a template, the staffing table, the orders list) and coming back. One draft per
 * company, dropped once the order is placed; another tab or a closed tab starts afresh.
 */

const KEY_PREFIX = 'medcalc:new-order-draft:';

export const draftStorageKey = (companyIdentifier: string) => `${KEY_PREFIX}${companyIdentifier}`;

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

function isDraftRow(value: unknown): value is DraftRow {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Record<string, unknown>;
  return (
    isId(row.key) &&
    (row.categoryId === null || isId(row.categoryId)) &&
    (row.source === null || row.source === 'template' || row.source === 'calculation') &&
    (row.sourceId === null || isId(row.sourceId)) &&
    typeof row.templateName === 'string' &&
    (row.templateId === undefined || isId(row.templateId))
  );
}

/**
 * The stored draft, or undefined when there is none or it is not one (an older shape, edited by hand): the page
 * then starts a new draft instead of failing. Row keys must be unique and below `nextKey`.
 */
export function parseStoredDraft(text: string | null): NewOrderDraft | undefined {
  if (text === null) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const draft = value as Record<string, unknown>;
  if (typeof draft.name !== 'string' || !isId(draft.nextKey) || !Array.isArray(draft.rows)) {
    return undefined;
  }
  const rows: unknown[] = draft.rows;
  if (!rows.every(isDraftRow)) return undefined;
  const keys = new Set(rows.map((row) => row.key));
  const nextKey = draft.nextKey;
  if (keys.size !== rows.length || rows.some((row) => row.key >= nextKey)) return undefined;
  return { name: draft.name, rows, nextKey };
}

/** Reads the company's draft; storage that cannot be read (private mode, disabled) means no draft. */
export function loadDraft(companyIdentifier: string): NewOrderDraft | undefined {
  try {
    return parseStoredDraft(window.sessionStorage.getItem(draftStorageKey(companyIdentifier)));
  } catch {
    return undefined;
  }
}

/** Keeps the draft, or forgets it when nothing is chosen and the name was not touched (`isEmpty`). */
export function saveDraft(companyIdentifier: string, draft: NewOrderDraft, isEmpty: boolean): void {
  try {
    const key = draftStorageKey(companyIdentifier);
    if (isEmpty) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // A full or disabled storage only loses the convenience, never the page.
  }
}

export function clearDraft(companyIdentifier: string): void {
  saveDraft(companyIdentifier, { name: '', rows: [], nextKey: 1 }, true);
}
