import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Collapse,
  Grid,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DeliveryStatus } from '@po/contract/constants';
import type { FinderRow, FinderStats, LastStatusItem } from '@po/contract/finder';
import { GRID_MAX_ROWS, type GridQuery } from '@po/contract/grid';
import { DataGrid } from '@/components/data-grid/data-grid';
import { SERVER_EXPORT_TAKE } from '@/components/data-grid/server-query';
import type { DataGridHandle, GridColumn, GridPage } from '@/components/data-grid/types';
import { PieChart } from '@/components/charts/pie-chart';
import { base64DataUrl } from '@/components/print/data-url';
import { printNotificationCard } from '@/components/print/notification-card';
import { printBillReport, printParcelReport } from '@/components/print/parcel-reports';
import { formatDate } from '@/lib/format';
import { notifyError, notifyInfo, notifySuccess } from '@/lib/notify';
import { FINDER_COLUMNS, getFinderColumns, setFinderColumns, type FinderColumn } from '@/lib/preferences';
import { useSession } from '@/lib/session';
import type { FinderFilter } from '../api/finder';
import { fetchBill, fetchSignature, useSignature } from '../api/files';
import { useDeleteParcel } from '../api/deleted';
import { finderColumns, merged } from './finder-columns';
import { FinderFormFields, toFilter, type FinderForm } from './finder-form';
import { HistoryDetail, type HistorySource } from './history-detail';
import { PropertyList } from './property-list';

/** The tick between two last-status requests (spec 001 §9: 10 ms). */
export const LAST_STATUS_TICK_MS = 10;

/** A finder's answer to one page (ParcelFinder and the archive finders answer this shape). */
export interface FinderPage<R extends FinderRow> {
  Parcels: R[];
  Stats: FinderStats;
  Total: number;
  Capped: boolean;
}

/**
 * The calls a finder screen uses: the live finder's, or an archive's. Define it once at module level
 * (its identity is part of the grid's query key and of the fill's callbacks).
 */
export interface FinderSource<R extends FinderRow> {
  /** query key prefix of the grid (e.g. `['parcels', 'finder']`) */
  key: readonly unknown[];
  find: (filter: FinderFilter, q: GridQuery, signal?: AbortSignal) => Promise<FinderPage<R>>;
  /** The last status and delivery entry of some parcels (the progressive fill); none: no fill. */
  lastStatuses?: (guis: readonly string[]) => Promise<LastStatusItem[]>;
  /** parcels per `lastStatuses` call (1 for a per-parcel call such as ArchGetLastParcelStatus) */
  batch?: number;
  /** the master-detail history (default GetParcelStatuses) */
  history?: HistorySource;
}

export interface FinderScreenProps<R extends FinderRow> {
  source: FinderSource<R>;
  title: string;
  defaultForm: () => FinderForm;
  /** the operator and description fields (not in the old archive) */
  withOperator?: boolean;
  /** the chart is shown when the result has more than this many parcels (finder 0, archive 1) */
  chartAbove?: number | false;
  /** columns after the finder's (e.g. the archive date) */
  extraColumns?: GridColumn<R>[];
  pageSizes?: readonly number[];
  defaultPageSize?: number;
  storageKey: string;
  /** a delete button for the focused parcel (the live finder) */
  canDelete?: boolean;
  /** something above the filter (e.g. the archive's date range) */
  header?: ReactNode;
}

/** `deliver` of GetSignatureToBase64 for a delivery status: 0 delivered, 1 not delivered, none in progress. */
export function deliverOf(status: string): 0 | 1 | null {
  if (status === DeliveryStatus.Delivered) return 0;
  if (status === DeliveryStatus.NotDelivered) return 1;
  return null;
}

const visibilityOf = (shown: readonly FinderColumn[]) =>
  Object.fromEntries(FINDER_COLUMNS.map((c) => [c, shown.includes(c)])) as Record<string, boolean>;

/**
 * Runs `load` over `ids` in batches, one tick apart, reporting progress; stops when `alive()` turns
 * false (a new search or page). Exported for the component tests.
 */
export async function progressiveFill(
  ids: readonly string[],
  batch: number,
  load: (guis: readonly string[]) => Promise<LastStatusItem[]>,
  on: {
    items: (items: LastStatusItem[]) => void;
    progress: (done: number, total: number) => void;
    alive: () => boolean;
    error: (e: unknown) => void;
  },
  tickMs = LAST_STATUS_TICK_MS,
): Promise<void> {
  on.progress(0, ids.length);
  for (let i = 0; i < ids.length; i += batch) {
    if (!on.alive()) return;
    try {
      const items = await load(ids.slice(i, i + batch));
      if (!on.alive()) return;
      on.items(items);
    } catch (e) {
      if (on.alive()) on.error(e);
      return;
    }
    on.progress(Math.min(ids.length, i + batch), ids.length);
    if (i + batch < ids.length) await new Promise((r) => setTimeout(r, tickMs));
  }
}

/**
 * A parcel finder screen (spec 001 §2.6; the archives of §2.7 reuse it with their calls): the filter
 * form under a collapsible header (the earliest date after a search), the six-slice chart, the results
 * grid paged by the server with the profile's columns and the status history per row, a barcode scan
 * box (Enter filters the grid and keeps the focus), clear, the signature, the property list and the
 * print controls (enabled once a parcel with a delivery status is focused). After each page the last
 * statuses fill in progressively with a progress message while the grid stays usable.
 */
export function FinderScreen<R extends FinderRow>({
  source,
  title,
  defaultForm,
  withOperator = true,
  chartAbove = 0,
  extraColumns,
  pageSizes = [25, 35, 45],
  defaultPageSize = 25,
  storageKey,
  canDelete = false,
  header,
}: FinderScreenProps<R>) {
  const { t } = useTranslation('finder');
  const session = useSession();
  const grid = useRef<DataGridHandle<R>>(null);
  const scanRef = useRef<HTMLInputElement>(null);
  const [form, setForm] = useState(defaultForm);
  const [filter, setFilter] = useState<FinderFilter | null>(null);
  const [open, setOpen] = useState(true);
  const [result, setResult] = useState<{ stats: FinderStats; capped: boolean } | null>(null);
  const [fresh, setFresh] = useState<Record<string, LastStatusItem>>({});
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [focused, setFocused] = useState<R | null>(null);
  const [scan, setScan] = useState('');
  const [visibility, setVisibility] = useState(() => visibilityOf(getFinderColumns()));
  const [printing, setPrinting] = useState(false);
  const fillToken = useRef(0);
  const del = useDeleteParcel();
  const { find, lastStatuses, batch = 5 } = source;

  const fill = useCallback(
    (rows: readonly R[]) => {
      if (!lastStatuses) return;
      const token = ++fillToken.current;
      void progressiveFill(
        rows.map((r) => r.GUID),
        batch,
        lastStatuses,
        {
          alive: () => token === fillToken.current,
          items: (items) =>
            setFresh((prev) => {
              const next = { ...prev };
              for (const it of items) next[it.ParcelGUID] = it;
              return next;
            }),
          progress: (done, total) => setProgress({ done, total }),
          error: notifyError,
        },
      );
    },
    [lastStatuses, batch],
  );

  const query = useCallback(
    async (q: GridQuery): Promise<GridPage<R>> => {
      if (!filter) return { rows: [], total: 0 };
      const answer = await find(filter, q);
      // export and print fetch every page: those pages change nothing on screen
      if (q.Take !== SERVER_EXPORT_TAKE) {
        setResult({ stats: answer.Stats, capped: answer.Capped });
        if (answer.Total === 0) notifyInfo(t('finder.noResult'));
        fill(answer.Parcels);
      }
      return { rows: answer.Parcels, total: answer.Total, capped: answer.Capped };
    },
    [filter, find, fill, t],
  );
  const queryKey = useMemo(() => [...source.key, filter] as const, [source.key, filter]);

  useEffect(
    () => () => {
      fillToken.current++;
    },
    [],
  );

  const search = () => {
    if (form.from && form.to && form.to < form.from) {
      notifyError(t('finder.dateOrder'));
      return;
    }
    fillToken.current++;
    setFresh({});
    setProgress(null);
    setFocused(null);
    setFilter(toFilter(form));
    setOpen(false);
  };

  const clear = () => {
    fillToken.current++;
    setFilter(null);
    setResult(null);
    setFresh({});
    setProgress(null);
    setFocused(null);
    grid.current?.clearFilters();
  };

  const current = focused ? merged(focused, fresh[focused.GUID]) : null;
  const deliver = current ? deliverOf(current.DeliveryStatus) : null;
  const signature = useSignature(current?.Barcode ?? null, deliver);
  const canPrint = !!current && current.DeliveryStatus !== '';

  const columns = useMemo<GridColumn<R>[]>(
    () => [...finderColumns<R>(t, fresh), ...(extraColumns ?? [])],
    [t, fresh, extraColumns],
  );

  const onVisibility = (v: Record<string, boolean>) => {
    setVisibility(v);
    setFinderColumns(FINDER_COLUMNS.filter((c) => v[c] !== false));
  };

  const onScan = () => {
    const code = scan.trim().toUpperCase();
    grid.current?.setColumnFilter('Barcode', code || null);
    setScan('');
    window.setTimeout(() => scanRef.current?.focus(), 0);
  };

  async function print(kind: 'card' | 'report' | 'bill') {
    if (!current) return;
    setPrinting(true);
    try {
      if (kind === 'card') {
        await printNotificationCard({ ...current, ParcelTypeName: current.TypeName });
      } else if (kind === 'report') {
        const sig = deliver === null ? '' : await fetchSignature(current.Barcode, deliver);
        await printParcelReport(current, {
          signature: sig,
          printedBy: session?.Login || session?.Name || '',
        });
      } else {
        const bill = await fetchBill(current.Barcode);
        if (!bill) {
          notifyError(t('print.billNotFound'));
          return;
        }
        await printBillReport(current, bill);
      }
    } catch (e) {
      notifyError(e);
    } finally {
      setPrinting(false);
    }
  }

  async function remove() {
    if (!current) return;
    if (!window.confirm(t('delete.confirm', { barcode: current.Barcode }))) return;
    try {
      await del.mutateAsync(current.GUID);
      notifySuccess(t('delete.done', { barcode: current.Barcode }));
      setFocused(null);
    } catch (e) {
      notifyError(e);
    }
  }

  const stats = result?.stats;
  const sigUrl = base64DataUrl(signature.data);
  const showChart = stats && chartAbove !== false && stats.Total > chartAbove;

  return (
    <Stack gap="md">
      {header}
      <Paper withBorder p="sm">
        <UnstyledButton
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls="finder-filter"
          aria-label={t('finder.toggle')}
          style={{ width: '100%' }}
        >
          <Group justify="space-between">
            <Title order={2}>{title}</Title>
            {stats?.MinDate && (
              <Text data-testid="finder-min-date">
                {t('finder.earliest', { date: formatDate(stats.MinDate) })}
              </Text>
            )}
          </Group>
        </UnstyledButton>
        <Collapse expanded={open} id="finder-filter">
          <Box pt="sm">
            <FinderFormFields value={form} onChange={setForm} onSubmit={search} withOperator={withOperator} />
          </Box>
        </Collapse>
      </Paper>

      {showChart && (
        <Paper withBorder p="sm" data-testid="finder-chart">
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
      {result?.capped && (
        <Alert color="yellow" data-testid="finder-capped">
          {t('finder.capped', { max: GRID_MAX_ROWS })}
        </Alert>
      )}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 9 }}>
          <DataGrid<R>
            ref={grid}
            mode="server"
            query={query}
            queryKey={queryKey}
            label={t('finder.results')}
            columns={columns}
            rowKey="GUID"
            storageKey={storageKey}
            pageSizes={pageSizes}
            defaultPageSize={defaultPageSize}
            columnVisibility={visibility}
            onColumnVisibilityChange={onVisibility}
            renderDetail={(row) => <HistoryDetail gui={row.GUID} source={source.history} />}
            focusedRowKey={focused?.GUID ?? null}
            onFocusedRowChange={(row) => setFocused(row)}
            exportFileName={() => `${title} ${new Date().toISOString().slice(0, 10)}`}
            emptyText={filter ? t('finder.noResult') : t('finder.notSearched')}
            toolbar={
              <Group gap="xs" wrap="nowrap">
                <TextInput
                  ref={scanRef}
                  size="xs"
                  aria-label={t('finder.scan')}
                  placeholder={t('finder.scan')}
                  title={t('finder.scanHint')}
                  data-finder-scan=""
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
                {progress && (
                  <Text size="xs" c="dimmed" role="status" data-testid="finder-progress">
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
                  <Image
                    src={sigUrl}
                    alt={t('print.signature')}
                    mah={140}
                    fit="contain"
                    data-testid="signature-image"
                  />
                ) : (
                  <Text size="sm" c="dimmed">
                    {current ? t('print.noSignature') : t('print.focusHint')}
                  </Text>
                )}
                <Button disabled={!canPrint} loading={printing} onClick={() => void print('card')}>
                  {t('print.card')}
                </Button>
                <Button
                  disabled={!canPrint}
                  loading={printing}
                  variant="light"
                  onClick={() => void print('report')}
                >
                  {t('print.report')}
                </Button>
                <Button
                  disabled={!canPrint}
                  loading={printing}
                  variant="light"
                  onClick={() => void print('bill')}
                >
                  {t('print.bill')}
                </Button>
                {canDelete && (
                  <Button disabled={!current} color="red" variant="subtle" onClick={() => void remove()}>
                    {t('delete.button')}
                  </Button>
                )}
              </Stack>
            </Paper>
            <PropertyList parcel={current} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
