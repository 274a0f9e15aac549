import { Button, Group, Select, Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RanshitRow } from '@po/contract/couriers';
import type { ParcelListRow } from '@po/contract/parcels/scans';
import type { GridColumn } from '@/components/data-grid/types';
import { DataGrid } from '@/components/data-grid/data-grid';
import { notifyError, notifyInfo } from '@/lib/notify';
import { getCourierParcels, getRanshitLine, useCouriers } from './api/couriers';
import { printManifest } from './print-manifest';

/**
 * The route sheet (spec 002 §2.17): a courier lookup (display Login), Find (the parcels the courier
 * holds) and the manifest print: number, CODE128, registration date, receiver cut to 170 characters,
 * 4 parcels a page block, printed after 2 s.
 */
export function RouteSheetScreen() {
  const { t } = useTranslation('couriers');
  const couriers = useCouriers();
  const [courier, setCourier] = useState<string | null>(null);
  const [rows, setRows] = useState<ParcelListRow[]>([]);
  const [busy, setBusy] = useState(false);
  const columns = useMemo<GridColumn<ParcelListRow>[]>(
    () => [
      { field: 'Barcode', header: t('columns.barcode'), width: 150, summary: 'count' },
      { field: 'CreateDate', header: t('columns.registered'), type: 'datetime', width: 150 },
      { field: 'CurStatusName', header: t('columns.status'), width: 180 },
      { field: 'Receiver', header: t('columns.receiver'), width: 240 },
      { field: 'Sender', header: t('columns.sender'), width: 200 },
    ],
    [t],
  );
  const login = couriers.data?.find((c) => c.GUID === courier)?.Login ?? '';

  async function find() {
    if (!courier) return notifyError(t('messages.courierRequired'));
    setBusy(true);
    try {
      const found = await getCourierParcels(courier);
      setRows(found);
      if (found.length === 0) notifyInfo(t('messages.noParcels'));
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  }

  async function print() {
    if (rows.length === 0) return notifyError(t('messages.noParcels'));
    setBusy(true);
    try {
      const lines: RanshitRow[] = [];
      for (const r of rows) {
        const line = await getRanshitLine(r.GUID);
        if (line) lines.push(line);
      }
      await printManifest(login, lines);
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  }

  const title = t('titles.ranshit');
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <Group align="flex-end" gap="sm">
        <Select
          label={t('fields.courier')}
          data={(couriers.data ?? []).map((c) => ({ value: c.GUID, label: c.Login }))}
          value={courier}
          onChange={setCourier}
          searchable
          w={240}
          nothingFoundMessage={t('nothingFound')}
        />
        <Button onClick={() => void find()} loading={busy}>
          {t('actions.find')}
        </Button>
        <Button color="teal" onClick={() => void print()} loading={busy} disabled={rows.length === 0}>
          {t('actions.printManifest')}
        </Button>
      </Group>
      <DataGrid<ParcelListRow>
        label={title}
        columns={columns}
        data={rows}
        rowKey="GUID"
        storageKey="po.grid.ranshit"
        exportFileName={() => `${title} ${login}`}
        printTitle={title}
        emptyText={t('messages.noParcels')}
      />
    </Stack>
  );
}
