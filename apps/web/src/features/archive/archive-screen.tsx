import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Collapse,
  Grid,
  Group,
  Image,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ARCHIVE_DAYS, DeliveryStatus, OLD_ARCHIVE_DAYS } from '@po/contract/constants';
import type { ArchiveRow } from '@po/contract/archive';
import type { FinderStats } from '@po/contract/finder';
import { GRID_MAX_ROWS, type GridQuery } from '@po/contract/grid';
import { DataGrid } from '@/components/data-grid/data-grid';
import { SERVER_EXPORT_TAKE } from '@/components/data-grid/server-query';
import type { DataGridHandle, GridColumn, GridPage } from '@/components/data-grid/types';
import { PieChart } from '@/components/charts/pie-chart';
import { base64DataUrl } from '@/components/print/data-url';
import { printNotificationCard } from '@/components/print/notification-card';
import { printBillReport, printParcelReport } from '@/components/print/parcel-reports';
import { formatDate } from '@/lib/format';
import { notifyError, notifyInfo } from '@/lib/notify';
import { useSession } from '@/lib/session';
import {
  archiveKeys,
  fetchBill,
  fetchSignature,
  findArchived,
  lastStatus,
  useBill,
  useMinMax,
  useSignature,
  type ArchiveFilter,
  type Store,
} from './api/archive';
import { ArchiveFormFields, defaultArchiveForm, toFilter } from './archive-form';
import { BillPopup, HistoryDetail, PropertyList } from './archive-parts';

/** The tick between two last-status requests (spec 001 §4, §9: 10 ms). */
export const LAST_STATUS_TICK_MS = 10;
const PAGE_SIZES = [10, 15, 20] as const;

type Fresh = Pick<
  ArchiveRow,
  'CurStatusName' | 'DeliveryStatus' | 'DeliveryDate' | 'Lname' | 'Ldate' | 'Late'
>;
const merged = (row: ArchiveRow, fresh: Fresh | undefined): ArchiveRow =>
  fresh ? { ...row, ...fresh, LastStatusName: fresh.CurStatusName } : row;

/** `deliver` of GetSignatureToBase64: 0 delivered, 1 not delivered, null in progress (no signature). */
function deliverOf(status: string): 0 | 1 | null {
  if (status === DeliveryStatus.Delivered) return 0;
  if (status === DeliveryStatus.NotDelivered) return 1;
  return null;
}

function archiveColumns(
  t: (k: string) => string,
  store: Store,
  fresh: Readonly<Record<string, Fresh>>,
): GridColumn<ArchiveRow>[] {
  const f = (r: ArchiveRow) => merged(r, fresh[r.GUID]);
  const derived = { filter: false, sortable: false } as const;
  const date = { type: 'datetime', width: 150 } as const;
  if (store === 'oldArchive') {
    // spec 001 §2.8: registration date, barcode, receiver, sender, field 1, field 2, signature, archive date
    return [
      { id: 'CreateDate', field: 'CreateDate', header: t('cols.createDate'), ...date },
      { id: 'Barcode', field: 'Barcode', header: t('cols.barcode'), width: 140, summary: 'count' },
      { id: 'Receiver', field: 'Receiver', header: t('cols.receiver'), width: 170 },
      { id: 'Sender', field: 'Sender', header: t('cols.sender'), width: 170 },
      { id: 'Fild1', field: 'Fild1', header: t('cols.fild1'), width: 120 },
      { id: 'Fild2', field: 'Fild2', header: t('cols.fild2'), width: 120 },
      { id: 'Signature', field: 'Signature', header: t('cols.signature'), width: 140, ...derived },
      { id: 'ArchiveDate', field: 'ArchiveDate', header: t('cols.archiveDate'), ...date },
    ];
  }
  return [
    { id: 'TypeName', field: 'TypeName', header: t('cols.typeName'), width: 120 },
    { id: 'CreateDate', field: 'CreateDate', header: t('cols.createDate'), ...date },
    { id: 'Barcode', field: 'Barcode', header: t('cols.barcode'), width: 140, summary: 'count' },
    {
      id: 'LastStatus',
      field: 'CurStatusName',
      header: t('cols.lastStatus'),
      width: 170,
      value: (r) => f(r).CurStatusName,
    },
    {
      id: 'DeliveryStatus',
      field: 'DeliveryStatus',
      header: t('cols.deliveryStatus'),
      width: 140,
      value: (r) => f(r).DeliveryStatus,
      ...derived,
    },
    { id: 'Pid', field: 'PID', header: t('cols.pid'), width: 120 },
    { id: 'RegisteredBy', field: 'Login', header: t('cols.registeredBy'), width: 120 },
    { id: 'Sender', field: 'Sender', header: t('cols.sender'), width: 170 },
    { id: 'Receiver', field: 'Receiver', header: t('cols.receiver'), width: 170 },
    { id: 'Fild1', field: 'Fild1', header: t('cols.fild1'), width: 120 },
    { id: 'Fild2', field: 'Fild2', header: t('cols.fild2'), width: 120 },
    {
      id: 'FirstVisit',
      field: 'Lname',
      header: t('cols.firstVisit'),
      width: 150,
      value: (r) => f(r).Lname,
      ...derived,
    },
    {
      id: 'VisitDate',
      field: 'Ldate',
      header: t('cols.visitDate'),
      ...date,
      value: (r) => f(r).Ldate,
      ...derived,
    },
    {
      id: 'Lateness',
      field: 'Late',
      header: t('cols.late'),
      type: 'number',
      width: 90,
      value: (r) => f(r).Late,
      ...derived,
    },
    { id: 'StatusDate', field: 'StatusDate', header: t('cols.statusDate'), ...date },
    { id: 'Weight', field: 'Weight', header: t('cols.weight'), type: 'weight', width: 100 },
    { id: 'Value', field: 'Value', header: t('cols.value'), type: 'money', width: 120 },
    { id: 'PayType', field: 'PaymetType', header: t('cols.payType'), width: 110, ...derived },
    { id: 'Payer', field: 'Whopays', header: t('cols.payer'), width: 110, ...derived },
    { id: 'Direction', field: 'Direction', header: t('cols.direction'), width: 170, ...derived },
    { id: 'SendType', field: 'SendType', header: t('cols.sendType'), width: 120, ...derived },
    { id: 'ArchiveDate', field: 'ArchiveDate', header: t('cols.archiveDate'), ...date },
  ];
}

/**
 * An archive finder (spec 001 §2.7 the archive, §2.8 the old archive): the heading with the store's
 * date range, the collapsible filter, the chart (archive, more than one result), the server-paged grid
 * (20 a page, 10/15/20) with its filter row, column chooser, export, print, count and the status history
 * per row; the toolbar's refresh, clear, scanner input and progress message; beside it the signature
 * with the print-mode selector and the property list. The old archive: fewer filters and columns, no
 * chart, and the draggable 'scanned bill' popup.
 */
export function ArchiveScreen({ store }: { store: Store }) {
  const { t } = useTranslation('archive');
  const session = useSession();
  const full = store === 'archive';
  const grid = useRef<DataGridHandle<ArchiveRow>>(null);
  const scanRef = useRef<HTMLInputElement>(null);
  const [form, setForm] = useState(() => defaultArchiveForm(full ? ARCHIVE_DAYS : OLD_ARCHIVE_DAYS));
  const [filter, setFilter] = useState<ArchiveFilter | null>(null);
  const [open, setOpen] = useState(true);
  const [result, setResult] = useState<{ stats: FinderStats; capped: boolean } | null>(null);
  const [fresh, setFresh] = useState<Record<string, Fresh>>({});
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [focused, setFocused] = useState<ArchiveRow | null>(null);
  const [scan, setScan] = useState('');
  const [mode, setMode] = useState<'parcel' | 'bill'>('parcel');
  const [printing, setPrinting] = useState(false);
  const [billOpen, setBillOpen] = useState(false);
  const fillToken = useRef(0);
  const minMax = useMinMax(store);
  const qc = useQueryClient();

  /** After each page: each parcel's last status, one call per parcel, a tick apart (archive only). */
  const fill = useCallback(
    async (rows: readonly ArchiveRow[]) => {
      if (!full || rows.length === 0) return;
      const token = ++fillToken.current;
      setProgress({ done: 0, total: rows.length });
      for (let i = 0; i < rows.length; i++) {
        if (token !== fillToken.current) return;
        try {
          const { status, delivery } = await lastStatus(rows[i].GUID);
          if (token !== fillToken.current) return;
          if (status && delivery) {
            const entry: Fresh = { CurStatusName: status.StatusName, ...delivery };
            setFresh((prev) => ({ ...prev, [rows[i].GUID]: entry }));
          }
        } catch (e) {
          if (token === fillToken.current) notifyError(e);
          return;
        }
        setProgress({ done: i + 1, total: rows.length });
        await new Promise((r) => setTimeout(r, LAST_STATUS_TICK_MS));
      }
    },
    [full],
  );

  const query = useCallback(
    async (q: GridQuery): Promise<GridPage<ArchiveRow>> => {
      if (!filter) return { rows: [], total: 0 };
      const answer = await findArchived(store, filter, q);
      // export and print fetch every page: those change nothing on screen
      if (q.Take !== SERVER_EXPORT_TAKE) {
        setResult({ stats: answer.Stats, capped: answer.Capped });
        if (answer.Total === 0) notifyInfo(t('finder.noResult'));
        void fill(answer.Parcels);
      }
      return { rows: answer.Parcels, total: answer.Total, capped: answer.Capped };
    },
    [filter, store, fill, t],
  );
  const queryKey = useMemo(() => [...archiveKeys.find(store), filter] as const, [store, filter]);
  useEffect(
    () => () => {
      fillToken.current++;
    },
    [],
  );

  const reset = () => {
    fillToken.current++;
    setFresh({});
    setProgress(null);
    setFocused(null);
    setBillOpen(false);
  };
  const search = () => {
    if (form.from && form.to && form.to < form.from) {
      notifyError(t('finder.dateOrder'));
      return;
    }
    reset();
    setFilter(toFilter(form, full));
    setOpen(false);
  };
  const clear = () => {
    reset();
    setFilter(null);
    setResult(null);
    grid.current?.clearFilters();
  };
  const onScan = () => {
    grid.current?.setColumnFilter('Barcode', scan.trim().toUpperCase() || null);
    setScan('');
    window.setTimeout(() => scanRef.current?.focus(), 0);
  };

  const current = focused ? merged(focused, fresh[focused.GUID]) : null;
  const deliver = current ? deliverOf(current.DeliveryStatus) : null;
  const signature = useSignature(current?.Barcode ?? null, deliver);
  const bill = useBill(billOpen && current ? current.Barcode : null);
  const sigUrl = base64DataUrl(signature.data);
  const canPrint = !!current && current.DeliveryStatus !== '';
  const columns = useMemo(() => archiveColumns(t, store, fresh), [t, store, fresh]);

  async function print(kind: 'parcel' | 'bill' | 'scanned') {
    if (!current) return;
    setPrinting(true);
    try {
      if (kind === 'bill') {
        await printNotificationCard({ ...current, ParcelTypeName: current.TypeName });
      } else if (kind === 'parcel') {
        const sig = deliver === null ? '' : await fetchSignature(current.Barcode, deliver);
        await printParcelReport(current, {
          signature: sig,
          printedBy: session?.Login || session?.Name || '',
        });
      } else {
        const scanned = await fetchBill(current.Barcode);
        if (!scanned) {
          notifyError(t('print.scannedNotFound'));
          return;
        }
        await printBillReport(current, scanned);
      }
    } catch (e) {
      notifyError(e);
    } finally {
      setPrinting(false);
    }
  }

  const stats = result?.stats;
  const range = minMax.data;
  const title = full ? t('title.archive') : t('title.oldArchive');

  return (
    <Stack gap="md">
      <Paper withBorder p="sm">
        <UnstyledButton
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls="archive-filter"
          style={{ width: '100%' }}
        >
          <Group justify="space-between">
            <Title order={2}>{title}</Title>
            <Text data-testid="archive-range" c="dimmed">
              {range?.Min && range.Max
                ? t('title.range', { min: formatDate(range.Min), max: formatDate(range.Max) })
                : range
                  ? t('title.empty')
                  : ''}
            </Text>
          </Group>
        </UnstyledButton>
        <Collapse expanded={open} id="archive-filter">
          <Box pt="sm">
            <ArchiveFormFields value={form} onChange={setForm} onSubmit={search} full={full} />
          </Box>
        </Collapse>
      </Paper>

      {full && stats && stats.Total > 1 && (
        <Paper withBorder p="sm" data-testid="archive-chart">
          <PieChart
            title={t('chart.title')}
            slices={[
              {
                key: 'total',
                label: t('chart.total'),
                value: stats.Total,
                color: 'var(--mantine-color-blue-6)',
              },
              {
                key: 'inProgress',
                label: t('chart.inProgress'),
                value: stats.InProgress,
                color: 'var(--mantine-color-yellow-5)',
              },
              {
                key: 'delivered',
                label: t('chart.delivered'),
                value: stats.Delivered,
                color: 'var(--mantine-color-green-6)',
              },
              {
                key: 'notDelivered',
                label: t('chart.notDelivered'),
                value: stats.NotDelivered,
                color: 'var(--mantine-color-red-6)',
              },
              {
                key: 'confirmed',
                label: t('chart.confirmed'),
                value: stats.Confirmed,
                color: 'var(--mantine-color-teal-4)',
              },
              {
                key: 'notConfirmed',
                label: t('chart.notConfirmed'),
                value: stats.NotConfirmed,
                color: 'var(--mantine-color-gray-5)',
              },
            ]}
          />
        </Paper>
      )}
      {result?.capped && <Alert color="yellow">{t('finder.capped', { max: GRID_MAX_ROWS })}</Alert>}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 9 }}>
          <DataGrid<ArchiveRow>
            ref={grid}
            mode="server"
            query={query}
            queryKey={queryKey}
            label={t('finder.results')}
            columns={columns}
            rowKey="GUID"
            storageKey={full ? 'po.grid.arcparfinder' : 'po.grid.oldarcparfinder'}
            pageSizes={PAGE_SIZES}
            defaultPageSize={20}
            renderDetail={(row) => <HistoryDetail store={store} gui={row.GUID} />}
            focusedRowKey={focused?.GUID ?? null}
            onFocusedRowChange={(row) => setFocused(row)}
            exportFileName={() => `${title} ${new Date().toISOString().slice(0, 10)}`}
            emptyText={filter ? t('finder.noResult') : t('finder.notSearched')}
            onRefresh={() => {
              reset();
              void qc.invalidateQueries({ queryKey: archiveKeys.find(store) });
            }}
            toolbar={
              <Group gap="xs" wrap="nowrap">
                <TextInput
                  ref={scanRef}
                  size="xs"
                  aria-label={t('finder.scan')}
                  placeholder={t('finder.scan')}
                  value={scan}
                  onChange={(e) => setScan(e.currentTarget.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      onScan();
                    }
                  }}
                />
                <Button size="xs" variant="default" onClick={clear}>
                  {t('finder.clear')}
                </Button>
                {!full && (
                  <Button size="xs" variant="light" disabled={!current} onClick={() => setBillOpen(true)}>
                    {t('bill.open')}
                  </Button>
                )}
                {progress && (
                  <Text size="xs" c="dimmed" role="status" data-testid="archive-progress">
                    {progress.done < progress.total
                      ? t('finder.progress', progress)
                      : t('finder.progressDone', progress)}
                  </Text>
                )}
              </Group>
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <Stack gap="sm">
            <Paper withBorder p="sm" aria-label={t('print.title')} role="region">
              <Stack gap="xs">
                <Text fw={600}>{t('print.signature')}</Text>
                {sigUrl ? (
                  <Image src={sigUrl} alt={t('print.signature')} mah={140} fit="contain" />
                ) : (
                  <Text size="sm" c="dimmed">
                    {current ? t('print.noSignature') : t('print.focusHint')}
                  </Text>
                )}
                <SegmentedControl
                  orientation="vertical"
                  fullWidth
                  size="xs"
                  aria-label={t('print.mode')}
                  value={mode}
                  onChange={(v) => setMode(v as 'parcel' | 'bill')}
                  data={[
                    { value: 'parcel', label: t('print.modeParcel') },
                    { value: 'bill', label: t('print.modeBill') },
                  ]}
                />
                <Button disabled={!canPrint} loading={printing} onClick={() => void print(mode)}>
                  {t('print.parcel')}
                </Button>
                <Button
                  disabled={!canPrint}
                  loading={printing}
                  variant="light"
                  h="auto"
                  py={6}
                  styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
                  onClick={() => void print('scanned')}
                >
                  {t('print.scanned')}
                </Button>
              </Stack>
            </Paper>
            <PropertyList parcel={current} />
          </Stack>
        </Grid.Col>
      </Grid>
      {billOpen && current && (
        <BillPopup
          barcode={current.Barcode}
          bill={bill.data}
          loading={bill.isLoading}
          onClose={() => setBillOpen(false)}
        />
      )}
    </Stack>
  );
}
