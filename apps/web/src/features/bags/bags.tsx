import { Grid, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BagRow } from '@po/contract/bags';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { ScanPopup } from '@/components/scan-box/scan-box';
import { notifyError, notifySuccess } from '@/lib/notify';
import { bagKeys, getBagParcels, receiveBag, useBagJournal } from './api/bags';
import { useBagColumns, useBagParcelColumns, type BagParcel } from './components/bag-columns';
import { BagJournalBar, todayRange } from './components/bag-journal-bar';
import { BagReceipt, type Received } from './components/bag-receipt';
import { SealBagModal, type BagRef } from './components/seal-bag-modal';

/**
 * Bags (spec 002 §2.15): the date-time range (today 00:00–23:59 by default, searched on opening), the
 * bags (name, date, sender, receiver …) and the focused bag's parcels (date, barcode, status), with the
 * column chooser. Beyond the specification: receive a sealed bag by scanning its label, declared
 * against counted; resume, seal or cancel an open bag.
 */
export function BagsScreen() {
  const { t } = useTranslation('bags');
  const qc = useQueryClient();
  const [range, setRange] = useState(todayRange);
  const journal = useBagJournal(range);
  const [focused, setFocused] = useState<BagRow | null>(null);
  const [parcels, setParcels] = useState<BagParcel[]>([]);
  const [received, setReceived] = useState<Received | null>(null);
  const [sealing, setSealing] = useState<BagRef | null>(null);
  const bagColumns = useBagColumns();
  const parcelColumns = useBagParcelColumns();
  useEffect(() => {
    if (journal.error) notifyError(journal.error);
  }, [journal.error]);

  function refresh() {
    setFocused(null);
    setParcels([]);
    void qc.invalidateQueries({ queryKey: bagKeys.all });
  }

  function find(next: typeof range) {
    if (next.from === range.from && next.to === range.to) refresh();
    else setRange(next);
    setFocused(null);
    setParcels([]);
  }

  async function focus(row: BagRow | null) {
    setFocused(row);
    if (!row) return setParcels([]);
    try {
      setParcels(await getBagParcels(row.GUID));
    } catch (err) {
      notifyError(err);
    }
  }

  async function onLabel(code: string): Promise<ScanPopup | null> {
    const res = await receiveBag(code);
    setReceived(res);
    const bag = res.Bags[0];
    if (res.Declared !== res.Counted) {
      const message = t('messages.mismatch', {
        bag: bag?.BagName ?? code,
        declared: res.Declared,
        counted: res.Counted,
        missing: res.Missing.join(', '),
      });
      notifyError(message);
      return { kind: 'error', message };
    }
    notifySuccess(t('messages.received', { bag: bag?.BagName ?? code, count: res.Counted }));
    refresh();
    return null;
  }

  const title = t('titles.bags');
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <BagJournalBar
        initial={range}
        onFind={find}
        busy={journal.isFetching}
        focused={focused}
        onSeal={(b) => setSealing({ guid: b.GUID, name: b.BagName })}
        onChanged={refresh}
        onLabel={onLabel}
      />
      {received && <BagReceipt received={received} onClose={() => setReceived(null)} />}
      <Grid>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <DataGrid<BagRow>
            label={title}
            columns={bagColumns}
            data={journal.data ?? []}
            rowKey="GUID"
            storageKey="po.grid.bags"
            focusedRowKey={focused?.GUID ?? null}
            onFocusedRowChange={(row) => void focus(row)}
            exportFileName={() => title}
            printTitle={title}
            emptyText={t('empty')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <DataGrid<BagParcel>
            label={focused ? focused.BagName : t('titles.bagParcels')}
            columns={parcelColumns}
            data={parcels}
            rowKey="ID"
            storageKey="po.grid.bags.parcels"
            exportFileName={() => `${title} ${focused?.BagName ?? ''}`}
            printTitle={focused?.BagName ?? title}
            emptyText={t('empty')}
          />
        </Grid.Col>
      </Grid>
      <SealBagModal
        bag={sealing}
        onClose={() => setSealing(null)}
        onSealed={() => {
          setSealing(null);
          refresh();
        }}
      />
    </Stack>
  );
}
