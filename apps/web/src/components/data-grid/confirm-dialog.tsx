import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  opened: boolean;
  message: string;
  confirmLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The question before a row is deleted (or, where deleting means restoring, restored). */
export function ConfirmDialog({
  opened,
  message,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation('grid');
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('confirmTitle')}
      size="sm"
      closeButtonProps={{ 'aria-label': t('cancel') }}
    >
      {error ? (
        <Alert color="red" mb="sm" role="alert">
          {error}
        </Alert>
      ) : null}
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel} disabled={busy} tt="none">
          {t('cancel')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy} tt="none">
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
