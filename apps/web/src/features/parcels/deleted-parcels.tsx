import { useMemo, useState } from 'react';
import { Button, Paper, Stack, Title } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RestoreRet, type DeletedParcelRow } from '@po/contract/parcels/deletion';
import { askConfirm } from '@/components/confirm/ask-confirm';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { GridColumn } from '@/components/data-grid/types';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeletedParcels, useRestore } from './api/deleted';
import { DateRangeBar, rangeError, type DayRange } from './components/date-range-bar';
import { tbilisiToday, toUsDate } from '@/lib/dates';

/**
 * /deletedparcels (spec 001 §2.5): a date range (today by default) and Find; the deleted parcels with
 * who deleted them and from which address. Each row's Restore button restores the parcel after a
 * confirmation: 'parcel {barcode} restored', or the Ret -6 message when the barcode was registered again since.
 */
export function DeletedParcelsScreen() {
  const { t } = useTranslation('finder');
  const [range, setRange] = useState<DayRange>(() => ({ from: tbilisiToday(), to: tbilisiToday() }));
  const [asked, setAsked] = useState<{ from: string; to: string } | null>(null);
  const list = useDeletedParcels(asked);
  const restore = useRestore();

  const find = () => {
    const err = rangeError(range, t);
    if (err) return notifyError(err);
    setAsked({ from: toUsDate(range.from), to: toUsDate(range.to) });
  };

  const [restoring, setRestoring] = useState<string | null>(null);
  const restoreRow = async (row: DeletedParcelRow) => {
    const yes = await askConfirm({ message: t('deleted.confirm'), confirm: t('deleted.restore') });
    if (!yes) return;
    setRestoring(row.GUID);
    try {
      const ret = await restore.mutateAsync(row.GUID);
      if (ret === RestoreRet.RegisteredAgain) notifyError(t('deleted.again'));
      else notifySuccess(t('deleted.restored', { barcode: row.Barcode }));
    } catch (err) {
      notifyError(err);
    } finally {
      setRestoring(null);
    }
  };

  const columns = useMemo<GridColumn<DeletedParcelRow>[]>(
    () => [
      {
        field: 'restore',
        value: () => '',
        header: t('deleted.restore'),
        width: 120,
        filter: false,
        sortable: false,
        groupable: false,
        exportable: false,
        hideable: false,
        cell: (row) => (
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconRestore size={14} />}
            loading={restoring === row.GUID}
            onClick={(e) => {
              e.stopPropagation();
              void restoreRow(row);
            }}
          >
            {t('deleted.restore')}
          </Button>
        ),
      },
      { field: 'CreateDate', header: t('cols.createDate'), type: 'datetime', width: 130 },
      { field: 'Barcode', header: t('cols.barcode'), width: 115, summary: 'count' },
      { field: 'CurStatusName', header: t('cols.lastStatus'), width: 130 },
      { field: 'Receiver', header: t('cols.receiver'), width: 130 },
      { field: 'Sender', header: t('cols.sender'), width: 130 },
      { field: 'PID', header: t('cols.pid'), width: 105 },
      { field: 'Login', header: t('cols.registeredBy'), width: 90 },
      { field: 'WhoDeleted', header: t('cols.deletedBy'), width: 90 },
      { field: 'Signature', header: t('cols.deletedIp'), width: 110 },
      { field: 'DeletedDate', header: t('cols.deletedDate'), type: 'datetime', width: 140, hidden: true },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restoreRow reads the latest state each render
    [t, restoring],
  );

  return (
    <Stack gap="md">
      <Title order={2}>{t('deleted.title')}</Title>
      <Paper withBorder p="sm">
        <DateRangeBar value={range} onChange={setRange} onFind={find} busy={list.isFetching} />
      </Paper>
      <DataGrid<DeletedParcelRow>
        label={t('deleted.title')}
        columns={columns}
        data={list.data ?? (asked ? undefined : [])}
        loading={list.isFetching}
        rowKey="GUID"
        storageKey="po.grid.deletedparcels"
        pageSizes={[10, 15, 20]}
        defaultPageSize={20}
        grouping
        emptyText={asked ? t('deleted.empty') : t('finder.notSearched')}
        exportFileName={() => `${t('deleted.title')} ${range.from}`}
        onRefresh={() => void list.refetch()}
      />
    </Stack>
  );
}
