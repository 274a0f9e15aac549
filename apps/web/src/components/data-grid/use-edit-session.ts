import { useCallback, useRef, useState } from 'react';
import type { GridDraft, GridEditing, GridRowKey } from './types';
import type { ResolvedColumn } from './columns';

/** One row being edited (or added): its draft values, messages and save progress. */
export interface EditSession<T> {
  kind: 'insert' | 'update';
  /** TanStack row id of the edited row (null when adding). */
  rowId: string | null;
  key: GridRowKey | null;
  original: T | null;
  draft: GridDraft<T>;
  errors: Record<string, string>;
  /** Fields whose message is shown (changed by the user, or all after a save attempt). */
  touched: Record<string, boolean>;
  saving: boolean;
  saveError: string | null;
  /** Counts the Save attempts that failed (a field in error or the server's refusal): the editor reveals the error. */
  failures?: number;
}

export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

function readDraft<T>(draft: GridDraft<T>, field: string): unknown {
  return (draft as Record<string, unknown>)[field];
}

/** The message for one field, or null. Disabled and read-only fields are not checked. */
export function validateField<T>(
  col: ResolvedColumn<T>,
  draft: GridDraft<T>,
  requiredMessage: string,
): string | null {
  if (col.readOnly || col.def.disabled?.(draft)) return null;
  const value = readDraft(draft, col.field);
  if (col.def.required && isEmptyValue(value)) return requiredMessage;
  return col.def.validate?.(value, draft) ?? null;
}

function errorText(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}

interface Options<T> {
  editing: GridEditing<T> | undefined;
  /** Columns the editor shows (visible, editable). */
  columns: () => readonly ResolvedColumn<T>[];
  onEditorValueChange?: (field: string, value: unknown, draft: GridDraft<T>) => GridDraft<T> | void;
  messages: { required: string; saveFailed: string };
}

export function useEditSession<T extends object>({
  editing,
  columns,
  onEditorValueChange,
  messages,
}: Options<T>) {
  const [session, setSession] = useState<EditSession<T> | null>(null);
  // The latest session, for async save completion and handlers created before the last render.
  const current = useRef<EditSession<T> | null>(null);
  current.current = session;

  const update = useCallback((next: EditSession<T> | null) => {
    current.current = next;
    setSession(next);
  }, []);

  const validateAll = useCallback(
    (draft: GridDraft<T>) => {
      const errors: Record<string, string> = {};
      for (const col of columns()) {
        const msg = validateField(col, draft, messages.required);
        if (msg) errors[col.field] = msg;
      }
      return errors;
    },
    [columns, messages.required],
  );

  const startUpdate = useCallback(
    (rowId: string, key: GridRowKey, row: T) => {
      update({
        kind: 'update',
        rowId,
        key,
        original: row,
        draft: { ...row },
        errors: {},
        touched: {},
        saving: false,
        saveError: null,
      });
    },
    [update],
  );

  const startInsert = useCallback(() => {
    const defaults = editing?.newRowDefaults;
    const draft: GridDraft<T> = typeof defaults === 'function' ? defaults() : { ...(defaults ?? {}) };
    update({
      kind: 'insert',
      rowId: null,
      key: null,
      original: null,
      draft,
      errors: {},
      touched: {},
      saving: false,
      saveError: null,
    });
  }, [editing, update]);

  const cancel = useCallback(() => {
    if (current.current?.saving) return;
    update(null);
  }, [update]);

  const change = useCallback(
    (field: string, value: unknown) => {
      const s = current.current;
      if (!s || s.saving) return;
      let draft = { ...s.draft, [field]: value } as GridDraft<T>;
      const extra = onEditorValueChange?.(field, value, draft);
      if (extra) draft = { ...draft, ...extra };
      const touched = { ...s.touched, [field]: true };
      const all = validateAll(draft);
      const errors: Record<string, string> = {};
      for (const [f, msg] of Object.entries(all)) if (touched[f]) errors[f] = msg;
      update({ ...s, draft, touched, errors, saveError: null });
    },
    [onEditorValueChange, update, validateAll],
  );

  const save = useCallback(async (): Promise<boolean> => {
    const s = current.current;
    if (!s || s.saving || !editing) return false;
    const errors = validateAll(s.draft);
    const touched: Record<string, boolean> = { ...s.touched };
    for (const col of columns()) touched[col.field] = true;
    if (Object.keys(errors).length) {
      update({ ...s, errors, touched, failures: (s.failures ?? 0) + 1 });
      return false;
    }
    const saving: EditSession<T> = { ...s, errors: {}, touched, saving: true, saveError: null };
    update(saving);
    try {
      if (s.kind === 'insert') {
        await editing.onInsert?.(s.draft);
      } else if (s.original !== null && s.key !== null) {
        const changes: Record<string, unknown> = {};
        const original = s.original as Record<string, unknown>;
        for (const [f, v] of Object.entries(s.draft as Record<string, unknown>)) {
          if (!Object.is(original[f], v)) changes[f] = v;
        }
        await editing.onUpdate?.(s.key, { ...s.original, ...s.draft }, changes as GridDraft<T>);
      }
      if (current.current === saving) update(null);
      return true;
    } catch (error) {
      if (current.current === saving) {
        update({
          ...saving,
          saving: false,
          saveError: errorText(error, messages.saveFailed),
          failures: (saving.failures ?? 0) + 1,
        });
      }
      return false;
    }
  }, [columns, editing, messages.saveFailed, update, validateAll]);

  return { session, startUpdate, startInsert, cancel, change, save };
}

export type EditSessionApi<T extends object> = ReturnType<typeof useEditSession<T>>;
