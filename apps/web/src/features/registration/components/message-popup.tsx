import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The price and registration error popups (spec 002 §2.1, §8): a title and the server's message. */
export function MessagePopup({
  title,
  message,
  onClose,
}: {
  title: string;
  message: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Modal opened={message != null} onClose={onClose} title={title} size={600} centered>
      <Text c="red.8" role="alert">
        {message}
      </Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose} data-autofocus>
          {t('actions.back')}
        </Button>
      </Group>
    </Modal>
  );
}
