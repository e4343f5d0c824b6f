import { useState } from 'react';

type DialogState<T> = { kind: 'create' } | { kind: 'edit'; row: T } | { kind: 'delete'; row: T };

/**
 * Which of a list's dialogs is open (spec §2: the add, edit and delete modals of units, materials and
 * positions), and for which row. One at a time: opening one closes the others; `close` closes any.
 */
export function useRowDialogs<T>() {
  const [state, setState] = useState<DialogState<T>>();
  const openCreate = () => setState({ kind: 'create' });
  const openEdit = (row: T) => setState({ kind: 'edit', row });
  const openDelete = (row: T) => setState({ kind: 'delete', row });
  const close = () => setState(undefined);

  return {
    isCreating: state?.kind === 'create',
    editing: state?.kind === 'edit' ? state.row : undefined,
    deleting: state?.kind === 'delete' ? state.row : undefined,
    openCreate,
    openEdit,
    openDelete,
    close,
  };
}

export type RowDialogs<T> = ReturnType<typeof useRowDialogs<T>>;
