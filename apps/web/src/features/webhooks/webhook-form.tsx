import { Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENTS, type WebhookEvent, type WebhookRow } from '@po/contract/webhooks';
import { notifyError } from '@/lib/notify';
import { useSaveWebhook, useWebhookOffices } from './api/webhooks';

/**
 * The subscription's form (a new one, or a change): the client's office, the URL and the event kinds.
 * A new subscription's secret comes back once and is handed to `onSecret`.
 */
export function WebhookForm({
  editing,
  onClose,
  onSecret,
}: {
  /** the subscription changed; null: a new one */
  editing: WebhookRow | null;
  onClose: () => void;
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation('webhooks');
  const offices = useWebhookOffices();
  const save = useSaveWebhook();
  const [office, setOffice] = useState<string | null>(editing?.OfficeGUID ?? null);
  const [url, setUrl] = useState(editing?.Url ?? 'https://');
  const [events, setEvents] = useState<string[]>(editing?.Events ?? [...WEBHOOK_EVENTS]);

  const submit = () => {
    save.mutate(
      {
        WebhookId: editing?.Id,
        OfficeGUID: office ?? '',
        Url: url.trim(),
        Events: events as WebhookEvent[],
      },
      {
        onSuccess: (data) => {
          onClose();
          if (data.Secret) onSecret(data.Secret);
        },
        onError: (e) => notifyError(e),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={editing ? t('editTitle') : t('newTitle')} size="lg">
      <Stack>
        <Select
          label={t('office')}
          data={offices.data ?? []}
          value={office}
          onChange={setOffice}
          searchable
          required
          nothingFoundMessage={t('noOffice')}
        />
        <TextInput
          label={t('url')}
          description={t('urlHint')}
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          required
        />
        <Checkbox.Group label={t('events')} value={events} onChange={setEvents} required>
          <SimpleGrid cols={2} mt="xs">
            {WEBHOOK_EVENTS.map((e) => (
              <Checkbox key={e} value={e} label={t(`kinds.${e}`)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
