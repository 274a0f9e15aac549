import { Button, Group, Stack, Title } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_PAGE_SIZE, ACTIVITY_PAGE_SIZES, type ActivityRow } from '@po/contract/couriers';
import type { ParcelListRow } from '@po/contract/parcels/scans';
import type { GridColumn } from '@/components/data-grid/types';
import { DataGrid } from '@/components/data-grid/data-grid';
import { DateField } from '@/components/date-field/date-field';
import { notifyError, notifyInfo } from '@/lib/notify';
import { getActivity, getCourierParcels } from './api/couriers';

const today = () => {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
};
/** `YYYY-MM-DD` to the US date the call takes. */
const usDate = (day: string) => {
  const [y, m, d] = day.split('-');
  return `${m}/${d}/${y}`;
};

/**
 * Courier activity (spec 002 §2.16): a date and Find; the couriers' events grouped by courier, 20 a page
 * (10, 15, 20). "No activity found" when the day is empty; clicking a row shows the parcels that courier
 * holds now ("no parcel found" when none).
 */
export function CourierActivityScreen() {
  const { t } = useTranslation('couriers');
  const [day, setDay] = useState(today);
  const [rows, setRows] = useState<ActivityRow[]>([]);
  const [busy, setBusy] = useState(false);
  const [courier, setCourier] = useState<{ login: string; parcels: ParcelListRow[] } | null>(null);

  const columns = useMemo<GridColumn<ActivityRow>[]>(
    () => [
      { field: 'Courier', header: t('columns.courier'), width: 140 },
      { field: 'Barcode', header: t('columns.barcode'), width: 150, summary: 'count' },
      { field: 'StatusName', header: t('columns.status'), width: 180 },
      { field: 'CreateDate', header: t('columns.date'), type: 'datetime', width: 150 },
      { field: 'Receiver', header: t('columns.receiver'), width: 220 },
      { field: 'Comment', header: t('columns.comment'), width: 200 },
    ],
    [t],
  );
  const parcelColumns = useMemo<GridColumn<ParcelListRow>[]>(
    () => [
      { field: 'Barcode', header: t('columns.barcode'), width: 150, summary: 'count' },
      { field: 'CreateDate', header: t('columns.registered'), type: 'datetime', width: 150 },
      { field: 'CurStatusName', header: t('columns.status'), width: 180 },
      { field: 'Receiver', header: t('columns.receiver'), width: 220 },
    ],
    [t],
  );

  async function find(e?: FormEvent) {
    e?.preventDefault();
    if (!day) return notifyError(t('messages.dateRequired'));
    setBusy(true);
    try {
      const found = await getActivity(usDate(day));
      setRows(found);
      setCourier(null);
      if (found.length === 0) notifyInfo(t('messages.noActivity'));
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  }

  async function showCourier(row: ActivityRow) {
    try {
      const parcels = await getCourierParcels(row.CourierGUID);
      setCourier({ login: row.Courier, parcels });
      if (parcels.length === 0) notifyInfo(t('messages.noParcels'));
    } catch (err) {
      notifyError(err);
    }
  }

  const title = t('titles.activity');
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <form onSubmit={find}>
        <Group align="flex-end" gap="sm">
          <DateField label={t('fields.date')} value={day} onChange={setDay} />
          <Button type="submit" loading={busy}>
            {t('actions.find')}
          </Button>
        </Group>
      </form>
      <DataGrid<ActivityRow>
        label={title}
        columns={columns}
        data={rows}
        rowKey="ID"
        storageKey="po.grid.courieractivity"
        grouping
        groupBy={['Courier']}
        pageSizes={ACTIVITY_PAGE_SIZES}
        defaultPageSize={ACTIVITY_PAGE_SIZE}
        onRowClick={(row) => void showCourier(row)}
        exportFileName={() => `${title} ${day}`}
        printTitle={title}
        emptyText={t('messages.noActivity')}
      />
      {courier && (
        <DataGrid<ParcelListRow>
          label={t('titles.courierParcels', { login: courier.login })}
          columns={parcelColumns}
          data={courier.parcels}
          rowKey="GUID"
          storageKey="po.grid.courieractivity.parcels"
          emptyText={t('messages.noParcels')}
        />
      )}
    </Stack>
  );
}
