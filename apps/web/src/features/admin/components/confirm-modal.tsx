import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ConfirmModalProps {
  message: string | null;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question before an action (the password buttons ask first, spec 001 §4). */
export function ConfirmModal({ message, busy = false, onConfirm, onCancel }: ConfirmModalProps) {
  const { t } = useTranslation('admin');
  return (
    <Modal opened={message !== null} onClose={onCancel} title={t('confirm.title')} size="sm">
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel} disabled={busy} tt="none">
          {t('confirm.no')}
        </Button>
        <Button onClick={onConfirm} loading={busy} tt="none">
          {t('confirm.yes')}
        </Button>
      </Group>
    </Modal>
  );
}
