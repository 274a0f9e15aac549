import { useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { ActionIcon, Group, Image, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ArchiveRow } from '@po/contract/archive';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { GridColumn } from '@/components/data-grid/types';
import { base64DataUrl } from '@/components/print/data-url';
import { formatDateTime, formatMoney, formatWeight } from '@/lib/format';
import { archiveKeys, loadHistory, type Store } from './api/archive';

/** The master-detail of a row: the parcel's status history in its store, oldest first. */
export function HistoryDetail({ store, gui }: { store: Store; gui: string }) {
  const { t } = useTranslation('archive');
  const history = useQuery({
    queryKey: [...archiveKeys.history(store), gui],
    queryFn: ({ signal }) => loadHistory(store, gui, signal),
  });
  if (history.isLoading) return <Loader size="sm" aria-label={t('history.loading')} />;
  if (history.isError) return <Text c="red">{history.error.message}</Text>;
  const rows = history.data ?? [];
  if (rows.length === 0) return <Text c="dimmed">{t('history.empty')}</Text>;
  return (
    <Table withTableBorder striped aria-label={t('history.title')} data-testid="archive-history" maw={720}>
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

interface Property {
  Name: string;
  Value: string;
}

/** The focused parcel as a two-column property list (spec 001 §2.7; pages 13, 15, 20). */
export function PropertyList({ parcel }: { parcel: ArchiveRow | null }) {
  const { t } = useTranslation('archive');
  const rows = useMemo<Property[]>(() => {
    if (!parcel) return [];
    const d = (v: string | null) => (v ? formatDateTime(v) : '');
    const list: Array<[string, string]> = [
      ['comment', parcel.Signature],
      ['barcode', parcel.Barcode],
      ['registeredBy', parcel.Login],
      ['createDate', d(parcel.CreateDate)],
      ['collectionDate', d(parcel.CollectionDate)],
      ['sender', parcel.Sender],
      ['receiver', parcel.Receiver],
      ['fild1', parcel.Fild1],
      ['fild2', parcel.Fild2],
      ['packages', String(parcel.NumberOfPackages)],
      ['weight', formatWeight(parcel.Weight)],
      ['height', String(parcel.Height)],
      ['width', String(parcel.Width)],
      ['price', formatMoney(parcel.Value)],
      ['description', parcel.Description],
      ['payType', parcel.PaymetType],
      ['payer', parcel.Whopays],
      ['sendType', parcel.SendType],
      ['deliveryStatus', parcel.DeliveryStatus],
      ['statusDate', d(parcel.StatusDate)],
      ['direction', parcel.Direction],
      ['firstVisit', parcel.Lname],
      ['visitDate', d(parcel.Ldate)],
      ['late', String(parcel.Late)],
      ['archiveDate', d(parcel.ArchiveDate)],
    ];
    return list.map(([k, v]) => ({ Name: t(`props.${k}`), Value: v }));
  }, [parcel, t]);
  const columns = useMemo<GridColumn<Property>[]>(
    () => [
      { field: 'Name', header: t('props.name'), width: 125 },
      { field: 'Value', header: t('props.value'), width: 150 },
    ],
    [t],
  );
  return (
    <DataGrid<Property>
      label={t('props.title')}
      columns={columns}
      data={rows}
      rowKey="Name"
      filterRow={false}
      columnChooser={false}
      sorting={false}
      pageSizes={[13, 15, 20]}
      defaultPageSize={13}
      emptyText={t('props.empty')}
    />
  );
}

/**
 * The old archive's 'scanned bill' popup (spec 001 §2.8): the image and the barcode in a window the
 * user drags by its title bar; Escape or the close button closes it.
 */
export function BillPopup({
  barcode,
  bill,
  loading,
  onClose,
}: {
  barcode: string;
  bill: string | null | undefined;
  loading: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('archive');
  const [pos, setPos] = useState({ x: 120, y: 120 });
  const drag = useRef<{ dx: number; dy: number } | null>(null);
  const url = base64DataUrl(bill);
  const down = (e: ReactPointerEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest('button')) return; // the close button keeps its click
    drag.current = { dx: e.clientX - pos.x, dy: e.clientY - pos.y };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const move = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setPos({ x: Math.max(0, e.clientX - drag.current.dx), y: Math.max(0, e.clientY - drag.current.dy) });
  };
  return (
    <Paper
      role="dialog"
      aria-label={t('bill.title')}
      withBorder
      shadow="lg"
      p={0}
      style={{ position: 'fixed', left: pos.x, top: pos.y, zIndex: 300, width: 460 }}
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
      data-testid="bill-popup"
    >
      <Group
        justify="space-between"
        px="sm"
        py={6}
        bg="var(--mantine-color-blue-light)"
        style={{ cursor: 'move', userSelect: 'none', touchAction: 'none' }}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={() => (drag.current = null)}
        data-testid="bill-popup-handle"
      >
        <Text fw={600}>{t('bill.title')}</Text>
        <ActionIcon variant="subtle" aria-label={t('bill.close')} onClick={onClose} autoFocus>
          ×
        </ActionIcon>
      </Group>
      <Stack p="sm" gap="xs">
        <Text data-testid="bill-barcode">{barcode}</Text>
        {loading ? (
          <Loader size="sm" />
        ) : url ? (
          <Image src={url} alt={t('bill.title')} mah={480} fit="contain" />
        ) : (
          <Text c="red">{t('bill.notFound')}</Text>
        )}
      </Stack>
    </Paper>
  );
}
