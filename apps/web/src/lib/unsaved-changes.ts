/*
 * Issue 33: what a user typed is never lost silently when the page goes away. Every editor with input the server
 * does not have yet registers here (`hooks/use-unsaved-changes.ts`); `components/ui/unsaved-changes-guard.tsx`,
 * mounted once, asks this registry when the tab is hidden, closed or reloaded and when the app moves to another
 * page. An editor that saves by itself (a salary, the wizard's autosave) sends its change at once as a keep-alive
 * request, through the call it saves with anyway; what cannot be sent so (a form with a Save button, a value the
 * page would not save, a body over the keep-alive quota) is still at risk, and the guard asks before leaving.
 */

/** One editor of a page: a form, a table's cell, the wizard. */
export type UnsavedEditor = {
  /** It holds input the server does not have yet (typed, waiting for its delay, refused, or never sent). */
  isDirty: () => boolean;
  /**
   * Sends that input now as a keep-alive request (`keepalive` of the api client), and answers whether nothing of it
   * is at risk any more (sent now, or already on its way as one). `false`: it cannot be sent so (the page would not
   * save it as it is, it waits for the user's confirmation or answer, it is too large), and the guard asks.
   */
  flush: () => boolean;
  /** What would be lost, said in the question asked before another page of the app opens. */
  message: string;
  /**
   * Its input stays in the tab (sessionStorage) when the app opens another of its pages, so only the tab going
   * away (closed, reloaded: the browser does not say which) puts it at risk: the create-order page's draft.
   */
  isKeptInTab?: boolean;
};

/** What is going away: another page of the app opens in the same tab, or the tab itself is closed or reloaded. */
export type Leaving = 'page' | 'tab';

const editors = new Set<UnsavedEditor>();

/** Adds an editor; answers the function that removes it. */
export function registerEditor(editor: UnsavedEditor): () => void {
  editors.add(editor);
  return () => {
    editors.delete(editor);
  };
}

/**
 * Sends every dirty editor's input that can go as a keep-alive request, and answers the editors whose input is still
 * at risk: the page should not go away without asking. An editor kept in the tab is at no risk when only the page
 * changes (`leaving` 'page').
 */
export function flushUnsaved(leaving: Leaving): UnsavedEditor[] {
  const atRisk: UnsavedEditor[] = [];
  for (const editor of editors) {
    if (leaving === 'page' && editor.isKeptInTab === true) continue;
    if (editor.isDirty() && !editor.flush()) atRisk.push(editor);
  }
  return atRisk;
}
