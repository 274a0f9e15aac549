import { Button, Group, Select, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParcelListRow } from '@po/contract/parcels/scans';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { DataGridHandle } from '@/components/data-grid/types';
import { HistoryDetail } from '@/components/finder/history-detail';
import { ScanBox } from '@/components/scan-box/scan-box';
import { formatDate } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { liveHistory } from '../api/finder';
import { listKeys, useOfficeItems, useParcelList, type ParcelList } from '../api/scans';
import { parcelColumns, type ParcelColumnId } from './parcel-columns';
import { ParcelProperties } from './parcel-properties';
import { printParcel } from './print-parcel';

/** One parcel list of spec 002 §2.6, §2.7, §2.13: the route's description. */
export interface ParcelListConfig {
  /** key under `scan:titles`; also the grid's storage key */
  key: string;
  kind: ParcelList;
  columns: readonly ParcelColumnId[];
  /** the office lookup of sub-organisation parcels (corporate users: their distribution centre, locked) */
  officeLookup?: boolean;
  /** master-detail history, properties panel, print, the scan filter (my parcels and sub-organisation) */
  detailed?: boolean;
  /** deletes a parcel (rows whose EnableDelete is true); answers the call's Ret (1: deleted) */
  deleteParcel?: (guid: string) => Promise<number>;
}

/**
 * The parcel list screen: my parcels, sub-organisation parcels, incoming and outgoing. Read-only grid
 * with filter row, grouping, export, printing and a count on the barcode; a refresh button.
 */
export function ParcelListScreen({ config }: { config: ParcelListConfig }) {
  const { t } = useTranslation('scan');
  const session = useSession();
  const corporate = !!session?.note.IsCorporate;
  const lockedOffice = corporate ? session?.note.DistributionCenter || null : null;
  const [office, setOffice] = useState<string | null>(lockedOffice);
  const offices = useOfficeItems();
  const queryClient = useQueryClient();
  const list = useParcelList(config.kind, config.officeLookup ? office : null);
  const gridRef = useRef<DataGridHandle<ParcelListRow>>(null);
  const [focused, setFocused] = useState<ParcelListRow | null>(null);
  const columns = useMemo(() => parcelColumns(t, config.columns), [t, config.columns]);
  const title = t(`titles.${config.key}`);

  const officeData = useMemo(
    () => (offices.data ?? []).map((o) => ({ value: o.GUID, label: o.Name })),
    [offices.data],
  );

  /**
   * Spec 002 §4: Ret 1 removes the row with "parcel {barcode} deleted"; anything else keeps it with
   * "was not deleted" (a refusal: its own message) and reloads the list.
   */
  async function remove(row: ParcelListRow) {
    const del = config.deleteParcel;
    if (!del) return;
    let ret: number;
    try {
      ret = await del(row.GUID);
    } catch (err) {
      notifyError(err);
      void list.refetch();
      return;
    }
    if (ret === 1) {
      notifySuccess(t('messages.deleted', { code: row.Barcode }));
      queryClient.setQueryData<ParcelListRow[]>(
        listKeys.list(config.kind, config.officeLookup ? office : null),
        (old) => old?.filter((r) => r.GUID !== row.GUID),
      );
      if (focused?.GUID === row.GUID) setFocused(null);
    } else {
      notifyError(t('messages.notDeleted', { code: row.Barcode }));
      void list.refetch();
    }
  }

  async function print() {
    if (!focused) {
      notifyError(t('messages.choose'));
      return;
    }
    try {
      await printParcel(focused);
    } catch (err) {
      notifyError(err);
    }
  }

  const grid = (
    <DataGrid<ParcelListRow>
      ref={gridRef}
      label={title}
      columns={columns}
      data={list.data ?? (config.officeLookup && !office ? [] : undefined)}
      loading={list.isFetching}
      rowKey="GUID"
      storageKey={`po.grid.parcels.${config.key}`}
      grouping
      exportFileName={() => `${title} ${formatDate(new Date())}`}
      printTitle={title}
      onRefresh={() => void list.refetch()}
      renderDetail={
        config.detailed
          ? (row) => (
              <HistoryDetail
                gui={row.GUID}
                source={liveHistory}
                ns="scan"
                loadingKey="history.title"
                maw={640}
              />
            )
          : undefined
      }
      focusedRowKey={focused?.GUID ?? null}
      onFocusedRowChange={(row) => setFocused(row)}
      editing={
        config.deleteParcel
          ? {
              mode: 'row',
              allowAdding: false,
              allowUpdating: false,
              allowDeleting: (row) => row.EnableDelete,
              onDelete: (_key, row) => remove(row),
              confirmDelete: t('messages.confirmDelete'),
              deleteLabel: t('actions.delete'),
            }
          : undefined
      }
    />
  );

  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <Group align="flex-end" gap="md" wrap="wrap">
        {config.officeLookup && (
          <Select
            label={t('fields.office')}
            data={officeData}
            value={office}
            onChange={setOffice}
            searchable
            clearable={!lockedOffice}
            disabled={!!lockedOffice}
            nothingFoundMessage={t('fields.nothingFound')}
            w={300}
          />
        )}
        {config.detailed && (
          <div style={{ width: 280 }}>
            <ScanBox
              label={t('fields.scanFilter')}
              autoFocus={!config.officeLookup}
              onScan={async (code) => {
                gridRef.current?.setColumnFilter('Barcode', code);
                return null;
              }}
            />
          </div>
        )}
        {config.detailed && (
          <Button variant="default" onClick={() => void print()}>
            {t('actions.print')}
          </Button>
        )}
      </Group>
      {config.detailed ? (
        <Group align="flex-start" gap="md" wrap="nowrap" style={{ flexWrap: 'wrap' }}>
          <div style={{ flex: '1 1 640px', minWidth: 0 }}>{grid}</div>
          <ParcelProperties row={focused} />
        </Group>
      ) : (
        grid
      )}
    </Stack>
  );
}
