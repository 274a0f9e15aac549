import { useMemo, useState } from 'react';
import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RestoreRet, type DeletedParcelRow } from '@po/contract/parcels';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { GridColumn } from '@/components/data-grid/types';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeletedParcels, useRestore } from './api/deleted';
import { DateRangeBar, rangeError, type DayRange } from './components/date-range-bar';
import { tbilisiToday, toUsDate } from '@/lib/dates';

/**
 * /deletedparcels (spec 001 §2.5): a date range (today by default) and Find; the deleted parcels with
 * who deleted them and from which address. Deleting a row restores the parcel after a confirmation:
 * 'parcel {barcode} restored', or the Ret -6 message when the barcode was registered again since.
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

  const columns = useMemo<GridColumn<DeletedParcelRow>[]>(
    () => [
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
    [t],
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
        editing={{
          mode: 'row',
          allowDeleting: true,
          allowUpdating: false,
          deleteLabel: t('deleted.restore'),
          confirmDelete: t('deleted.confirm'),
          onDelete: async (_key, row) => {
            const ret = await restore.mutateAsync(row.GUID);
            if (ret === RestoreRet.RegisteredAgain) {
              notifyError(t('deleted.again'));
              throw new Error(t('deleted.again'));
            }
            notifySuccess(t('deleted.restored', { barcode: row.Barcode }));
          },
        }}
      />
    </Stack>
  );
}
