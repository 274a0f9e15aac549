import { Loader, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StatusRow } from '@po/contract/finder';
import { formatDateTime } from '@/lib/format';
import { HISTORY_KEY, loadHistory } from '../api/finder';

/** Where a history comes from: the live store by default; the archives pass their own call. */
export interface HistorySource {
  /** query key prefix, e.g. `['parcels', 'archHistory']` */
  key: readonly unknown[];
  load: (gui: string, signal?: AbortSignal) => Promise<StatusRow[]>;
}

/** The master-detail of a parcel row: its status history, oldest first (GetParcelStatuses or `source`). */
export function HistoryDetail({ gui, source }: { gui: string; source?: HistorySource }) {
  const { t } = useTranslation('finder');
  const load = source?.load ?? loadHistory;
  const history = useQuery({
    queryKey: [...(source?.key ?? HISTORY_KEY), gui],
    queryFn: ({ signal }) => load(gui, signal),
  });
  if (history.isLoading) return <Loader size="sm" aria-label={t('history.loading')} />;
  if (history.isError) return <Text c="red">{history.error.message}</Text>;
  const rows = history.data ?? [];
  if (rows.length === 0) return <Text c="dimmed">{t('history.empty')}</Text>;
  return (
    <Table
      withTableBorder
      striped
      aria-label={t('history.title')}
      data-testid="status-history"
      style={{ maxWidth: 720 }}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('history.date')}</Table.Th>
          <Table.Th>{t('history.status')}</Table.Th>
          <Table.Th>{t('history.login')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r, i) => (
          <Table.Tr key={`${r.CreatedDate}-${i}`}>
            <Table.Td>{formatDateTime(r.CreatedDate)}</Table.Td>
            <Table.Td>{r.StatusName}</Table.Td>
            <Table.Td>{r.Login}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
