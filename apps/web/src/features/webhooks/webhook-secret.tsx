import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A new subscription's signing secret, shown this once with a copy button. */
export function WebhookSecret({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  return (
    <Modal opened onClose={onClose} title={t('secretTitle')} size="lg">
      <Stack>
        <Alert color="yellow">{t('secretOnce')}</Alert>
        <Code block aria-label={t('secretTitle')}>
          {secret}
        </Code>
        <Text size="sm" c="dimmed">
          {t('secretHow')}
        </Text>
        <Group justify="flex-end">
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? t('copied') : t('copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{t('done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
