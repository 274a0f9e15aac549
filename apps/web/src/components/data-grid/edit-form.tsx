import { Alert, Button, Group, Modal, SimpleGrid } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { firstErrorField, revealField } from './focus-error';
import type { ResolvedColumn } from './columns';
import type { EditSession } from './use-edit-session';
import { GridEditor } from './grid-editor';

interface EditFormProps<T extends object> {
  session: EditSession<T> | null;
  columns: readonly ResolvedColumn<T>[];
  title?: string;
  formColumns: 1 | 2;
  onChange: (field: string, value: unknown) => void;
  onSave: () => void;
  onCancel: () => void;
}

/** Form-mode editing: a dialog with the editable columns; read-only ones are shown disabled when updating. */
export function EditForm<T extends object>({
  session,
  columns,
  title,
  formColumns,
  onChange,
  onSave,
  onCancel,
}: EditFormProps<T>) {
  const { t } = useTranslation('grid');
  const fields = session ? columns.filter((c) => !(session.kind === 'insert' && c.readOnly)) : [];
  const formRef = useRef<HTMLFormElement>(null);
  // a failed Save: the first field in error comes into view with the focus (or the server's message)
  const failures = session?.failures ?? 0;
  const latest = useRef({ session, fields });
  latest.current = { session, fields };
  useEffect(() => {
    const { session: s, fields: shown } = latest.current;
    if (!failures || !s) return;
    const field = firstErrorField(
      shown.map((c) => c.field),
      s.errors,
    );
    if (field) revealField(formRef.current, field);
    else
      formRef.current?.querySelector<HTMLElement>('[role="alert"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [failures]);
  return (
    <Modal
      opened={session !== null}
      onClose={onCancel}
      title={title ?? (session?.kind === 'insert' ? t('addTitle') : t('editTitle'))}
      size={formColumns === 2 ? 'xl' : 'md'}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('cancel') }}
    >
      {session ? (
        <form
          ref={formRef}
          noValidate
          onKeyDown={(e) => {
            // text fields submit on Enter by themselves; a checkbox does too here
            const target = e.target as HTMLInputElement;
            if (e.key === 'Enter' && target.type === 'checkbox') {
              e.preventDefault();
              onSave();
            }
          }}
          onSubmit={(e) => {
            e.preventDefault();
            onSave();
          }}
        >
          {session.saveError ? (
            <Alert color="red" mb="sm" role="alert">
              {session.saveError}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: formColumns }} spacing="sm" verticalSpacing="xs">
            {fields.map((col, i) => (
              <GridEditor
                key={col.id}
                col={col}
                draft={session.draft}
                error={session.touched[col.field] ? session.errors[col.field] : undefined}
                onChange={onChange}
                variant="form"
                autoFocus={i === 0}
                busy={session.saving}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onCancel} disabled={session.saving} tt="none">
              {t('cancel')}
            </Button>
            <Button type="submit" loading={session.saving} tt="none">
              {t('save')}
            </Button>
          </Group>
        </form>
      ) : null}
    </Modal>
  );
}
