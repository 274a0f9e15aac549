import { Loader, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { useParcelHistory } from '../api/history';

/** The detail row of my parcels: the status history (spec 002 §2.6). */
export function ParcelHistory({ guid }: { guid: string }) {
  const { t } = useTranslation('scan');
  const history = useParcelHistory(guid);
  if (history.isPending) return <Loader size="sm" aria-label={t('history.title')} />;
  if (history.isError) return <Text c="red">{history.error.message}</Text>;
  if (history.data.length === 0) return <Text c="dimmed">{t('history.empty')}</Text>;
  return (
    <Table withTableBorder striped aria-label={t('history.title')} maw={640}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('history.date')}</Table.Th>
          <Table.Th>{t('history.status')}</Table.Th>
          <Table.Th>{t('history.login')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {history.data.map((h, i) => (
          <Table.Tr key={`${h.CreatedDate}-${i}`}>
            <Table.Td>{formatDateTime(h.CreatedDate)}</Table.Td>
            <Table.Td>{h.StatusName}</Table.Td>
            <Table.Td>{h.Login}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
