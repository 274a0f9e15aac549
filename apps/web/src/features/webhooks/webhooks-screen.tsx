import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookRow } from '@po/contract/webhooks';
import { askConfirm } from '@/components/confirm/ask-confirm';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { GridColumn } from '@/components/data-grid/types';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteWebhook, useTestWebhook, useWebhooks } from './api/webhooks';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookForm } from './webhook-form';
import { WebhookSecret } from './webhook-secret';

/**
 * /webhooks (issue 39): the client offices' webhook subscriptions (office, URL, event kinds) with new,
 * change, delete (asked first) and a test send; below, the delivery log of the chosen subscription (or
 * of all) with a resend. A new subscription's signing secret is shown once.
 */
export function WebhooksScreen() {
  const { t } = useTranslation('webhooks');
  const list = useWebhooks();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const [selected, setSelected] = useState<WebhookRow | null>(null);
  const [form, setForm] = useState<{ editing: WebhookRow | null } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const columns = useMemo<GridColumn<WebhookRow>[]>(
    () => [
      { field: 'Id', header: t('id'), width: 70, type: 'number' },
      { field: 'OfficeName', header: t('office'), width: 200 },
      { field: 'Url', header: t('url'), width: 320 },
      {
        field: 'Events',
        header: t('events'),
        width: 380,
        format: (v) => (Array.isArray(v) ? v.map((e) => t(`kinds.${String(e)}`)).join(', ') : ''),
      },
      { field: 'CreatedAt', header: t('createdAt'), width: 160, type: 'datetime' },
    ],
    [t],
  );

  const doDelete = async () => {
    if (!selected) return;
    const yes = await askConfirm({
      message: t('deleteQuestion', { url: selected.Url, office: selected.OfficeName }),
      confirm: t('delete'),
      danger: true,
    });
    if (!yes) return;
    remove.mutate(selected.Id, {
      onSuccess: () => {
        notifySuccess(t('deleted'));
        setSelected(null);
      },
      onError: (e) => notifyError(e),
    });
  };

  const doTest = () => {
    if (!selected) return;
    test.mutate(selected.Id, {
      onSuccess: (r) =>
        r.Ret > 0
          ? notifySuccess(t('testOk', { code: r.StatusCode, ms: r.DurationMs }))
          : notifyError(t('testFailed', { error: r.Error })),
      onError: (e) => notifyError(e),
    });
  };

  return (
    <Stack gap="md">
      <Title order={2}>{t('title')}</Title>
      <Text c="dimmed" size="sm">
        {t('intro')}
      </Text>
      <DataGrid<WebhookRow>
        label={t('title')}
        columns={columns}
        data={list.data}
        loading={list.isFetching}
        rowKey="Id"
        storageKey="po.grid.webhooks"
        exportFileName={t('title')}
        selection="single"
        onSelectionChange={(_, rows) => setSelected(rows[0] ?? null)}
        onRefresh={() => void list.refetch()}
        toolbar={
          <Group gap="xs">
            <Button size="xs" onClick={() => setForm({ editing: null })}>
              {t('new')}
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={!selected}
              onClick={() => setForm({ editing: selected })}
            >
              {t('edit')}
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={!selected}
              onClick={doTest}
              loading={test.isPending}
            >
              {t('test')}
            </Button>
            <Button size="xs" color="red" disabled={!selected} onClick={() => void doDelete()}>
              {t('delete')}
            </Button>
          </Group>
        }
      />
      <WebhookDeliveries webhookId={selected?.Id ?? null} />
      {form ? (
        <WebhookForm editing={form.editing} onClose={() => setForm(null)} onSecret={setSecret} />
      ) : null}
      {secret ? <WebhookSecret secret={secret} onClose={() => setSecret(null)} /> : null}
    </Stack>
  );
}
