import { Button, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookDeliveryRow } from '@po/contract/webhooks';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { GridColumn } from '@/components/data-grid/types';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useResendWebhook, useWebhookDeliveries } from './api/webhooks';

/** The delivery log (of the chosen subscription, or of all): every attempt, newest first, with a resend. */
export function WebhookDeliveries({ webhookId }: { webhookId: number | null }) {
  const { t } = useTranslation('webhooks');
  const log = useWebhookDeliveries(webhookId);
  const resend = useResendWebhook();
  const [selected, setSelected] = useState<WebhookDeliveryRow | null>(null);
  const columns = useMemo<GridColumn<WebhookDeliveryRow>[]>(
    () => [
      { field: 'At', header: t('at'), width: 170, type: 'datetime' },
      { field: 'Kind', header: t('kind'), width: 150, format: (v) => t(`kinds.${String(v)}`) },
      { field: 'Barcode', header: t('barcode'), width: 130 },
      { field: 'Attempt', header: t('attempt'), width: 80, type: 'number' },
      { field: 'StatusCode', header: t('statusCode'), width: 100, type: 'number' },
      { field: 'DurationMs', header: t('duration'), width: 110, type: 'number' },
      {
        field: 'State',
        header: t('state'),
        width: 120,
        format: (v) => (v ? t(`states.${String(v)}`) : ''),
      },
      { field: 'Error', header: t('error'), width: 260 },
      { field: 'Url', header: t('url'), width: 260 },
    ],
    [t],
  );
  const canResend = !!selected?.OutboxId && selected.State !== 'sending';
  const doResend = () => {
    if (!selected?.OutboxId) return;
    resend.mutate(selected.OutboxId, {
      onSuccess: () => notifySuccess(t('resent')),
      onError: (e) => notifyError(e),
    });
  };
  return (
    <>
      <Title order={3}>{webhookId ? t('logOf', { id: webhookId }) : t('log')}</Title>
      {log.data?.Capped ? <Text c="dimmed">{t('capped')}</Text> : null}
      <DataGrid<WebhookDeliveryRow>
        label={t('log')}
        columns={columns}
        data={log.data?.Deliveries}
        loading={log.isFetching}
        rowKey="Id"
        storageKey="po.grid.webhookDeliveries"
        exportFileName={t('log')}
        selection="single"
        onSelectionChange={(_, rows) => setSelected(rows[0] ?? null)}
        onRefresh={() => void log.refetch()}
        toolbar={
          <Button size="xs" onClick={doResend} disabled={!canResend} loading={resend.isPending}>
            {t('resend')}
          </Button>
        }
      />
    </>
  );
}
