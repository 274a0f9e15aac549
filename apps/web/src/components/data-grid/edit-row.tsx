import { Fragment, useEffect, useRef, type KeyboardEvent } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ResolvedColumn } from './columns';
import type { EditSession } from './use-edit-session';
import { GridEditor } from './grid-editor';
import { renderCell } from './grid-rows';
import { firstErrorField, revealField } from './focus-error';
import classes from './data-grid.module.css';

interface EditRowProps<T extends object> {
  session: EditSession<T>;
  columns: readonly ResolvedColumn<T>[];
  /** Selection and detail cells before the columns (left empty while editing). */
  leadCount: number;
  colCount: number;
  onChange: (field: string, value: unknown) => void;
  onSave: () => void;
  onCancel: () => void;
}

/**
 * Enter in an editor saves the row and Escape cancels it, unless the key belongs to the editor itself
 * (an open drop-down picks or closes, a button presses).
 */
export function editKeys(e: KeyboardEvent<HTMLElement>, onSave: () => void, onCancel: () => void): void {
  const target = e.target as HTMLElement;
  if (e.defaultPrevented || target.getAttribute('aria-expanded') === 'true') return;
  if (e.key === 'Enter' && !['BUTTON', 'TEXTAREA', 'A'].includes(target.tagName)) {
    e.preventDefault();
    onSave();
  } else if (e.key === 'Escape') {
    e.preventDefault();
    e.stopPropagation();
    onCancel();
  }
}

/** Row-mode editing: the row's cells become editors, with save and cancel in the actions cell. */
export function EditRow<T extends object>({
  session,
  columns,
  leadCount,
  colCount,
  onChange,
  onSave,
  onCancel,
}: EditRowProps<T>) {
  const { t } = useTranslation('grid');
  const rowId = session.rowId ?? 'new';
  const rowRef = useRef<HTMLTableRowElement>(null);
  const errorRef = useRef<HTMLTableCellElement>(null);
  // a failed Save: the first field in error comes into view with the focus (or the server's message)
  const { failures = 0 } = session;
  const latest = useRef(session);
  latest.current = session;
  useEffect(() => {
    if (!failures) return;
    const s = latest.current;
    const field = firstErrorField(
      columns.map((c) => c.field),
      s.errors,
    );
    if (field) revealField(rowRef.current, field);
    else errorRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [failures, columns]);
  return (
    <Fragment>
      <tr
        className={classes.editRow}
        data-edit-row={rowId}
        ref={rowRef}
        onKeyDown={(e) => editKeys(e, onSave, onCancel)}
      >
        {leadCount ? <td colSpan={leadCount} /> : null}
        {columns.map((col, i) => (
          <td key={col.id} style={{ textAlign: col.align }}>
            {col.editable && !(session.kind === 'insert' && col.readOnly) ? (
              <GridEditor
                col={col}
                draft={session.draft}
                error={session.touched[col.field] ? session.errors[col.field] : undefined}
                onChange={onChange}
                variant="cell"
                autoFocus={i === 0}
                busy={session.saving}
              />
            ) : session.original ? (
              renderCell(col, session.original)
            ) : null}
          </td>
        ))}
        <td className={classes.actionsCell}>
          <Tooltip label={t('save')}>
            <ActionIcon
              variant="filled"
              size="sm"
              aria-label={t('save')}
              loading={session.saving}
              onClick={onSave}
              mr={4}
            >
              <IconCheck size={14} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('cancel')}>
            <ActionIcon
              variant="default"
              size="sm"
              aria-label={t('cancel')}
              disabled={session.saving}
              onClick={onCancel}
            >
              <IconX size={14} />
            </ActionIcon>
          </Tooltip>
        </td>
      </tr>
      {session.saveError ? (
        <tr>
          <td colSpan={colCount} className={classes.saveError} role="alert" ref={errorRef}>
            {session.saveError}
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}
