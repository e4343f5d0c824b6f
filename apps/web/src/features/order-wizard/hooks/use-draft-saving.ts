import type { CalculationsSavedResponse } from '@medcalc/domain';
import { useEffect, useEffectEvent, useRef, useState } from 'react';

import { ApiRequestError, fitsKeepAlive } from '@/lib/api-client';
import { isTemporaryStatus } from '@/lib/http-failures';

import { toSaveBody, useSaveCalculations } from '../api/save-calculations';
import { dropKeptDraft, keepDraft } from '../stores/draft-backup';
import type { OrderDraft } from '../stores/order-draft';

/** How long after the last change the wizard saves by itself (issue 21); the page passes it to the wizard. */
export const AUTOSAVE_DELAY_MS = 3000;

/** How long after the last change the unsaved parts are copied into this browser. */
const KEEP_DELAY_MS = 700;

/** The waits between retries of a save that found no connection: 2, 4, 8 … up to 60 s. */
const retryDelay = (attempt: number) => Math.min(60_000, 2000 * 2 ** attempt);

/** What the wizard says beside its Save button about the draft's last save. */
export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  /** No answer, or the server or its database away (503): retried by itself, the changes kept in the browser. */
  | { kind: 'offline'; attempt: number }
  /** The order was saved since, elsewhere (409 on the version): nothing is retried until the user chooses. */
  | { kind: 'conflict' }
  /**
   * Refused (422, read-only, …): the message is under the fields (`hasFieldErrors`) or in the toast; saved again
   * after a change.
   */
  | { kind: 'failed'; draft: OrderDraft; hasFieldErrors: boolean };

/** A failure worth retrying by itself (lib/http-failures.ts). */
const isTransient = (error: unknown) =>
  error instanceof ApiRequestError && isTemporaryStatus(error.status);

export const isVersionConflict = (error: unknown) =>
  error instanceof ApiRequestError && error.code === 'VERSION_CONFLICT';

/**
 * Save, by the button and by itself (issue 21): a few seconds after the last change of a dirty, editable draft it
 * is saved through the same call as «Зберегти» (quietly: the outcome shows as `state`, not as a toast), one save at
 * a time, never while typing goes on; with no connection it retries with growing waits and at once when the
 * browser is back online. Meanwhile the unsaved parts live in this browser (`draft-backup.ts`) until a save stores
 * them.
 */
export function useDraftSaving({
  draft,
  isDirty,
  isEditable,
  autosaveDelayMs,
  onSaved,
  onRefused,
}: {
  draft: OrderDraft;
  isDirty: boolean;
  isEditable: boolean;
  /** How long after the last change the draft is saved by itself (AUTOSAVE_DELAY_MS on the wizard's page). */
  autosaveDelayMs: number;
  /** The draft as sent and the answer: the page marks those parts saved and takes the status and version. */
  onSaved: (sent: OrderDraft, answer: CalculationsSavedResponse) => void;
  /** A refusal that is not a lost connection or a version conflict (a 422 names fields). */
  onRefused: (error: unknown) => void;
}) {
  const save = useSaveCalculations();
  const [state, setState] = useState<SaveState>({ kind: 'idle' });

  // The save on its way, whether it goes as a keep-alive request (it then arrives even if the page goes away), and
  // its end.
  const inFlight = useRef<{
    draft: OrderDraft;
    isKeptAlive: boolean;
    settled: Promise<void>;
  } | null>(null);
  // The order's version as this wizard's last save stored it, read by «Розрахувати» before the page re-renders.
  const savedVersion = useRef<number | undefined>(undefined);

  const run = (sent: OrderDraft, quiet: boolean) => {
    setState({ kind: 'saving' });
    let settle = () => {};
    const settled = new Promise<void>((resolve) => (settle = resolve));
    inFlight.current = { draft: sent, isKeptAlive: fitsKeepAlive(toSaveBody(sent)), settled };
    save.mutate(
      { draft: sent, quiet },
      {
        onSettled: () => {
          inFlight.current = null;
          settle();
        },
        onSuccess: (answer) => {
          savedVersion.current = answer.version;
          setState({ kind: 'saved', at: new Date() });
          onSaved(sent, answer);
        },
        onError: (error) => {
          if (isVersionConflict(error)) setState({ kind: 'conflict' });
          else if (quiet && isTransient(error))
            setState((now) => ({
              kind: 'offline',
              attempt: now.kind === 'offline' ? now.attempt + 1 : 0,
            }));
          else {
            setState({
              kind: 'failed',
              draft: sent,
              hasFieldErrors: error instanceof ApiRequestError && error.status === 422,
            });
            onRefused(error);
          }
        },
      },
    );
  };

  // The autosave: after `autosaveDelayMs` of quiet (the timer starts again at each change of the draft), or the retry's
  // wait when the last attempt found no connection. A conflict waits for the user's choice; a refused draft for
  // the next change.
  const autosave = useEffectEvent(() => run(draft, true));
  const waits = state.kind === 'conflict' || (state.kind === 'failed' && state.draft === draft);
  const retryAttempt = state.kind === 'offline' ? state.attempt : null;
  useEffect(() => {
    if (!isEditable || !isDirty || save.isPending || waits) return;
    const timer = window.setTimeout(
      autosave,
      retryAttempt === null ? autosaveDelayMs : retryDelay(retryAttempt),
    );
    if (retryAttempt !== null) window.addEventListener('online', autosave);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('online', autosave);
    };
  }, [draft, autosaveDelayMs, isEditable, isDirty, save.isPending, waits, retryAttempt]);

  // The unsaved parts go into this browser shortly after each change, and leave it once saved. A change not yet
  // kept is kept at once when the wizard goes away (an ended session's redirect, a closed or reloaded tab).
  const unkept = useRef<OrderDraft | null>(null);
  useEffect(() => {
    if (!isEditable) return;
    if (!isDirty) {
      unkept.current = null;
      dropKeptDraft(draft.identifier);
      return;
    }
    unkept.current = draft;
    const timer = window.setTimeout(() => {
      keepDraft(draft, new Date());
      unkept.current = null;
    }, KEEP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [draft, isDirty, isEditable]);
  useEffect(() => {
    const keepNow = () => {
      if (unkept.current !== null) keepDraft(unkept.current, new Date());
      unkept.current = null;
    };
    window.addEventListener('pagehide', keepNow);
    return () => {
      window.removeEventListener('pagehide', keepNow);
      keepNow();
    };
  }, []);

  /**
   * The page is going away or hidden (issue 33, `lib/unsaved-changes.ts`): the draft is saved at once, as the
   * autosave would, as a keep-alive request. Answers whether the changes are on their way; not when they cannot be:
   * a save of an older draft is still in flight, the last one found no connection or was refused for this draft,
   * a version conflict waits for the user, or the draft is over the keep-alive quota.
   */
  const flush = () => {
    if (!isEditable || !isDirty) return true;
    const sending = inFlight.current;
    if (sending !== null) return sending.draft === draft && sending.isKeptAlive;
    if (waits || state.kind === 'offline' || !fitsKeepAlive(toSaveBody(draft))) return false;
    run(draft, true);
    return true;
  };

  /**
   * The draft to calculate (issue 33): a save still on its way is waited for, and the version it stored replaces the
   * draft's, which the page has not re-rendered yet. Every edit in `draft` was made after any save began, so it
   * stands on that save's version: without this, «Розрахувати» clicked during an autosave was refused as a conflict
   * with the wizard's own save.
   */
  const settledDraft = async (draft: OrderDraft): Promise<OrderDraft> => {
    await inFlight.current?.settled;
    const version = savedVersion.current;
    return version !== undefined && version > draft.version ? { ...draft, version } : draft;
  };

  return {
    state,
    flush,
    settledDraft,
    isSaving: save.isPending,
    /** «Зберегти»: at once, with the success toast. */
    saveNow: () => run(draft, false),
    /** «Залишити мої зміни» after a conflict: the draft saved over the order's newer `version`. */
    saveOver: (version: number) => run({ ...draft, version }, false),
    /** «Взяти новішу версію» after a conflict: the page replaced the draft; autosave resumes. */
    resume: () => setState({ kind: 'idle' }),
  };
}
