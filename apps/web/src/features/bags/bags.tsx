import { Alert, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BagRow } from '@po/contract/bags';
import type { CallData } from '@po/contract';
import type { ReceiveBag } from '@po/contract/bags';
import type { GridColumn } from '@/components/data-grid/types';
import { DataGrid } from '@/components/data-grid/data-grid';
import { DateTimeField } from '@/components/date-field/date-field';
import { ScanBox, type ScanBoxHandle, type ScanPopup } from '@/components/scan-box/scan-box';
import { formatWeight } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { getBagParcels, getBags, receiveBag } from './api/bags';
import { printBagLabel } from './print-label';

type BagParcel = { ID: string; CreateDate: string; Barcode: string; Status: string };
type Received = CallData<typeof ReceiveBag>;

function localDateTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/**
 * Bags (spec 002 §2.15): the date-time range (today 00:00–23:59 by default), the bags (name, date,
 * sender, receiver …) and the focused bag's parcels (date, barcode, status), with the column chooser.
 * Beyond the specification: receive a sealed bag by scanning its label, declared against counted.
 */
export function BagsScreen() {
  const { t } = useTranslation('bags');
  const [range, setRange] = useState(() => {
    const day = localDateTime(new Date()).slice(0, 10);
    return { from: `${day}T00:00`, to: `${day}T23:59` };
  });
  const [list, setList] = useState<BagRow[]>([]);
  const [focused, setFocused] = useState<BagRow | null>(null);
  const [parcels, setParcels] = useState<BagParcel[]>([]);
  const [busy, setBusy] = useState(false);
  const [received, setReceived] = useState<Received | null>(null);
  const scanRef = useRef<ScanBoxHandle>(null);

  const bagColumns = useMemo<GridColumn<BagRow>[]>(
    () => [
      { field: 'BagName', header: t('columns.bagName'), width: 170, summary: 'count' },
      { field: 'CreateDate', header: t('columns.createDate'), type: 'datetime', width: 150 },
      { field: 'Sender', header: t('columns.senderOffice'), width: 170 },
      { field: 'Receiver', header: t('columns.receiverOffice'), width: 170 },
      { field: 'Count', header: t('columns.count'), type: 'number', width: 90 },
      { field: 'CarNumber', header: t('columns.car'), width: 110, hidden: true },
      { field: 'Driver', header: t('columns.driver'), width: 130, hidden: true },
      { field: 'SealNumber', header: t('columns.seal'), width: 110 },
      {
        field: 'DeclaredWeight',
        header: t('columns.declaredWeight'),
        type: 'number',
        width: 110,
        hidden: true,
      },
      { field: 'CloseDate', header: t('columns.closeDate'), type: 'datetime', width: 150, hidden: true },
      { field: 'ReceiveDate', header: t('columns.receiveDate'), type: 'datetime', width: 150 },
      {
        field: 'ReceivedCount',
        header: t('columns.receivedCount'),
        type: 'number',
        width: 100,
        hidden: true,
      },
    ],
    [t],
  );
  const parcelColumns = useMemo<GridColumn<BagParcel>[]>(
    () => [
      { field: 'CreateDate', header: t('columns.createDate'), type: 'datetime', width: 150 },
      { field: 'Barcode', header: t('columns.barcode'), width: 150, summary: 'count' },
      { field: 'Status', header: t('columns.status'), width: 180 },
    ],
    [t],
  );

  async function search(e?: FormEvent) {
    e?.preventDefault();
    if (!range.from || !range.to || range.to < range.from) return notifyError(t('messages.badRange'));
    setBusy(true);
    try {
      setList(await getBags(range.from, range.to));
      setFocused(null);
      setParcels([]);
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
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
    void search();
    return null;
  }

  const title = t('titles.bags');
  const bag = received?.Bags[0];
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <form onSubmit={search}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <DateTimeField
            label={t('fields.from')}
            value={range.from}
            onChange={(from) => setRange({ ...range, from })}
          />
          <DateTimeField
            label={t('fields.to')}
            value={range.to}
            onChange={(to) => setRange({ ...range, to })}
          />
          <Button type="submit" loading={busy}>
            {t('actions.find')}
          </Button>
          <Button
            variant="light"
            disabled={!focused?.CloseDate}
            onClick={() => focused && void printBagLabel(focused)}
          >
            {t('actions.printLabel')}
          </Button>
          <div style={{ flex: '1 1 300px', maxWidth: 380 }}>
            <ScanBox
              ref={scanRef}
              label={t('fields.receiveLabel')}
              placeholder={t('hints.label')}
              onScan={onLabel}
              autoFocus={false}
            />
          </div>
        </Group>
      </form>
      {received && bag && (
        <Alert
          color={received.Declared === received.Counted ? 'green' : 'red'}
          title={t('receipt.title', { bag: bag.BagName })}
          data-testid="bag-receipt"
          withCloseButton
          onClose={() => setReceived(null)}
        >
          <Text size="sm">
            {t('receipt.counts', { declared: received.Declared, counted: received.Counted })}
          </Text>
          <Text size="sm">
            {t('receipt.weights', {
              declared: received.DeclaredWeight == null ? '—' : formatWeight(received.DeclaredWeight),
              counted: formatWeight(received.CountedWeight),
            })}
          </Text>
          {received.Missing.length > 0 && (
            <Text size="sm" fw={700}>
              {t('receipt.missing', { list: received.Missing.join(', ') })}
            </Text>
          )}
        </Alert>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <DataGrid<BagRow>
            label={title}
            columns={bagColumns}
            data={list}
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
    </Stack>
  );
}
