import { Loader, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StatusRow } from '@po/contract/parcels/finder';
import { formatDateTime } from '@/lib/format';

/** Where a parcel's history comes from: GetParcelStatuses for the live store, the archives' own calls. */
export interface HistorySource {
  /** query key prefix, e.g. `['parcels', 'history']` */
  key: readonly unknown[];
  load: (gui: string, signal?: AbortSignal) => Promise<StatusRow[]>;
}

export interface HistoryDetailProps {
  gui: string;
  source: HistorySource;
  /** the namespace of the texts (`history.title`, `history.date` …) */
  ns: string;
  /** the loader's label (default `history.loading`) */
  loadingKey?: string;
  maw?: number;
}

/** The master-detail of a parcel row: its status history, oldest first. */
export function HistoryDetail({
  gui,
  source,
  ns,
  loadingKey = 'history.loading',
  maw = 720,
}: HistoryDetailProps) {
  const { t } = useTranslation(ns);
  const history = useQuery({
    queryKey: [...source.key, gui],
    queryFn: ({ signal }) => source.load(gui, signal),
  });
  if (history.isPending) return <Loader size="sm" aria-label={t(loadingKey)} />;
  if (history.isError) return <Text c="red">{history.error.message}</Text>;
  if (history.data.length === 0) return <Text c="dimmed">{t('history.empty')}</Text>;
  return (
    <Table withTableBorder striped aria-label={t('history.title')} data-testid="status-history" maw={maw}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('history.date')}</Table.Th>
          <Table.Th>{t('history.status')}</Table.Th>
          <Table.Th>{t('history.login')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {history.data.map((r, i) => (
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
