import { UNSAVED_DRAFT_PREFIX } from '@/lib/http-reading';

import type { OrderDraft } from './order-draft';

/*
 * Unsaved changes kept in this browser per order (issue 21), so a reload, a crashed tab or an expired session
 * (whose sign-in comes back to the wizard) restores them. Kept under `UNSAVED_DRAFT_PREFIX`: a 401 clears the rest
 * of local storage (spec §8) but not these; signing out clears them too (`lib/auth.tsx`).
 */

/** What is kept: the parts Save stores, and the order's version they were edited from. */
export type DraftBackup = Pick<
  OrderDraft,
  'name' | 'companyInfo' | 'calculations' | 'priceRounding' | 'version'
> & {
  /** When it was written (ISO 8601), said in the note that it was restored. */
  keptAt: string;
};

const keyOf = (identifier: string) => `${UNSAVED_DRAFT_PREFIX}${identifier}`;

/** Storage may be full or unavailable (privacy mode): the backup is a help, never a reason to fail. */
function attempt<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

export function keepDraft(draft: OrderDraft, at: Date): void {
  const backup: DraftBackup = {
    name: draft.name,
    companyInfo: draft.companyInfo,
    calculations: draft.calculations,
    priceRounding: draft.priceRounding,
    version: draft.version,
    keptAt: at.toISOString(),
  };
  attempt(
    () => window.localStorage.setItem(keyOf(draft.identifier), JSON.stringify(backup)),
    undefined,
  );
}

export function readKeptDraft(identifier: string): DraftBackup | undefined {
  return attempt(() => {
    const text = window.localStorage.getItem(keyOf(identifier));
    if (text === null) return undefined;
    const value = JSON.parse(text) as Partial<DraftBackup> | null;
    return value !== null &&
      typeof value.version === 'number' &&
      typeof value.keptAt === 'string' &&
      typeof value.calculations === 'object' &&
      typeof value.companyInfo === 'object'
      ? (value as DraftBackup)
      : undefined;
  }, undefined);
}

export function dropKeptDraft(identifier: string): void {
  attempt(() => window.localStorage.removeItem(keyOf(identifier)), undefined);
}

/**
 * The draft to open: the order as loaded, or — when this browser kept unsaved changes made to this same version
 * of the order — those changes over it. Changes kept from an older version are not restored (the order was saved
 * since, elsewhere) and are dropped.
 */
export function restoreKeptDraft(loaded: OrderDraft): {
  draft: OrderDraft;
  restoredFrom?: string | undefined;
} {
  const kept = readKeptDraft(loaded.identifier);
  if (kept === undefined) return { draft: loaded };
  if (kept.version !== loaded.version) {
    dropKeptDraft(loaded.identifier);
    return { draft: loaded };
  }
  const { keptAt, ...parts } = kept;
  return { draft: { ...loaded, ...parts }, restoredFrom: keptAt };
}
