import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFY_CHANNELS, OUTBOX_STATES, type NotificationRow } from '@po/contract/notifications';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { GridColumn } from '@/components/data-grid/types';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useNotifications, useResendNotification, type NotificationFilters } from './api/notifications';

/**
 * /notifications (issue 38): the recipients' messages from the outbox, newest first: parcel, channel,
 * what it tells, state, attempts, last error; filtered by state, channel and barcode on the server (the
 * barcode after a typing pause), and a resend of the selected one.
 */
/**
 * The reasons the sender records (in English, modules/outbox) for a message it did not send, by their
 * catalogue keys; a channel's own error shows as it came.
 */
const REASONS: Record<string, string> = {
  'not sent: channel not configured': 'reasons.channelOff',
  'not sent: the recipient stopped the messages': 'reasons.stopped',
};

export function NotificationsScreen() {
  const { t } = useTranslation('notifications');
  const [state, setState] = useState<string | null>(null);
  const [channel, setChannel] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [barcode, setBarcode] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setBarcode(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const filters: NotificationFilters = { State: state ?? '', Channel: channel ?? '', Barcode: barcode };
  const list = useNotifications(filters);
  const resend = useResendNotification();
  const [selected, setSelected] = useState<NotificationRow | null>(null);

  const columns = useMemo<GridColumn<NotificationRow>[]>(
    () => [
      { field: 'Barcode', header: t('barcode'), width: 140 },
      { field: 'Channel', header: t('channel'), width: 100, format: (v) => t(`channels.${String(v)}`) },
      { field: 'Kind', header: t('kind'), width: 170, format: (v) => t(`kinds.${String(v)}`) },
      { field: 'Target', header: t('target'), width: 200 },
      { field: 'State', header: t('state'), width: 130, format: (v) => t(`states.${String(v)}`) },
      { field: 'Attempts', header: t('attempts'), width: 90, type: 'number' },
      {
        field: 'LastError',
        header: t('lastError'),
        width: 280,
        format: (v) => (REASONS[String(v)] ? t(REASONS[String(v)]) : String(v ?? '')),
      },
      { field: 'CreatedAt', header: t('createdAt'), width: 160, type: 'datetime' },
      { field: 'SentAt', header: t('sentAt'), width: 160, type: 'datetime' },
    ],
    [t],
  );

  const doResend = () => {
    if (!selected) return;
    resend.mutate(selected.Id, {
      onSuccess: () => notifySuccess(t('resent', { barcode: selected.Barcode })),
      onError: (e) => notifyError(e),
    });
  };

  return (
    <Stack gap="md">
      <Title order={2}>{t('title')}</Title>
      <Group align="end" wrap="wrap">
        <Select
          label={t('state')}
          placeholder={t('all')}
          data={OUTBOX_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
          value={state}
          onChange={setState}
          clearable
        />
        <Select
          label={t('channel')}
          placeholder={t('all')}
          data={NOTIFY_CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) }))}
          value={channel}
          onChange={setChannel}
          clearable
        />
        <TextInput label={t('barcode')} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} />
      </Group>
      {list.data?.Capped ? <Text c="dimmed">{t('capped')}</Text> : null}
      <DataGrid<NotificationRow>
        label={t('title')}
        columns={columns}
        data={list.data?.Notifications}
        loading={list.isFetching}
        rowKey="Id"
        storageKey="po.grid.notifications"
        exportFileName={t('title')}
        selection="single"
        onSelectionChange={(_, rows) => setSelected(rows[0] ?? null)}
        onRefresh={() => void list.refetch()}
        toolbar={
          <Button
            size="xs"
            onClick={doResend}
            disabled={!selected || selected.State === 'sending'}
            loading={resend.isPending}
          >
            {t('resend')}
          </Button>
        }
      />
    </Stack>
  );
}
