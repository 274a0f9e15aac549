import { useCallback, useEffect, useState } from 'react';
import type { GridDraft, GridEditing, GridRowKey } from './types';
import type { ResolvedColumn } from './columns';
import type { GridRow } from './table-features';
import { useEditSession } from './use-edit-session';
import { useLatest, useStableCallback } from './grid-utils';

type Rule<T> = boolean | ((row: T) => boolean) | undefined;
const allows = <T>(rule: Rule<T>, row: T) => (typeof rule === 'function' ? rule(row) : rule === true);
const ruleOn = <T>(rule: Rule<T>) => rule !== undefined && rule !== false;

/**
 * Editing: the edit session (row or form mode), which rows may be edited or deleted, adding, and the
 * delete confirmation. An edited row that leaves the data (a refetch elsewhere) ends its session.
 */
export function useGridEditing<T extends object>(options: {
  editing: GridEditing<T> | undefined;
  editColumns: readonly ResolvedColumn<T>[];
  onEditorValueChange:
    ((field: string, value: unknown, draft: GridDraft<T>) => GridDraft<T> | void) | undefined;
  messages: { required: string; saveFailed: string; deleteFailed: string };
  keyOf: (row: T) => GridRowKey;
  rowsById: ReadonlyMap<string, T>;
  /** Row-mode adding shows the new row on the first page. */
  toFirstPage: () => void;
}) {
  const { editing, keyOf, messages } = options;
  const editColumnsRef = useLatest(options.editColumns);
  const editSession = useEditSession<T>({
    editing,
    columns: useCallback(() => editColumnsRef.current, [editColumnsRef]),
    onEditorValueChange: options.onEditorValueChange,
    messages: { required: messages.required, saveFailed: messages.saveFailed },
  });
  const session = editSession.session;
  const canUpdate = (row: T) => Boolean(editing?.onUpdate) && allows(editing?.allowUpdating, row);
  const canDelete = (row: T) => Boolean(editing?.onDelete) && allows(editing?.allowDeleting, row);
  const rowMode = editing?.mode === 'row';
  const hasRowActions = !!editing && (ruleOn(editing.allowUpdating) || ruleOn(editing.allowDeleting));
  const showActions = hasRowActions || (rowMode && editing?.allowAdding === true);
  const canAdd = editing?.allowAdding === true && Boolean(editing.onInsert);
  const startEdit = (row: GridRow<T>) => {
    if (session) return;
    editSession.startUpdate(row.id, keyOf(row.original), row.original);
  };
  const startAdd = useStableCallback(() => {
    if (session || !canAdd) return;
    if (rowMode) options.toFirstPage();
    editSession.startInsert();
  });

  // The edited row left the data (a refetch elsewhere): there is nothing left to edit.
  const editRowGone =
    session?.kind === 'update' &&
    !session.saving &&
    session.key !== null &&
    !options.rowsById.has(String(session.key));
  const cancelEdit = editSession.cancel;
  useEffect(() => {
    if (editRowGone) cancelEdit();
  }, [editRowGone, cancelEdit]);

  const [deleting, setDeleting] = useState<{ row: T; busy: boolean; error: string | null } | null>(null);
  const runDelete = async (row: T) => {
    if (!editing?.onDelete) return;
    setDeleting({ row, busy: true, error: null });
    try {
      await editing.onDelete(keyOf(row), row);
      setDeleting(null);
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : messages.deleteFailed;
      setDeleting({ row, busy: false, error: message });
    }
  };
  const askDelete = (row: T) => {
    if (editing?.confirmDelete === false) void runDelete(row);
    else setDeleting({ row, busy: false, error: null });
  };
  const cancelDelete = () => {
    if (!deleting?.busy) setDeleting(null);
  };

  return {
    editSession,
    session,
    rowMode,
    canUpdate,
    canDelete,
    showActions,
    canAdd,
    startEdit,
    startAdd,
    deleting,
    runDelete,
    askDelete,
    cancelDelete,
  };
}
