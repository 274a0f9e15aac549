import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Collapse,
  Grid,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cleanBarcode } from '@po/contract/barcode';
import { PageSizes } from '@po/contract/constants';
import type { FinderRow, FinderStats, LastStatusItem } from '@po/contract/finder';
import { GRID_MAX_ROWS, type GridQuery } from '@po/contract/grid';
import { DataGrid } from '@/components/data-grid/data-grid';
import { SERVER_EXPORT_TAKE } from '@/components/data-grid/server-query';
import type { DataGridHandle, GridColumn, GridPage } from '@/components/data-grid/types';
import { base64DataUrl } from '@/components/print/data-url';
import { printNotificationCard } from '@/components/print/notification-card';
import { printBillReport, printParcelReport } from '@/components/print/parcel-reports';
import { formatDate } from '@/lib/format';
import { notifyError, notifyInfo, notifySuccess } from '@/lib/notify';
import { FINDER_COLUMNS, getFinderColumns, setFinderColumns, type FinderColumn } from '@/lib/preferences';
import { useSession } from '@/lib/session';
import { BillPopup } from './bill-popup';
import { finderColumns, merged } from './finder-columns';
import { FinderFormFields, toFilter, type FinderFilter, type FinderForm } from './finder-form';
import { FinderChart, PrintPanel, type PrintKind } from './finder-panels';
import { deliverOf, progressiveFill, type FinderSource } from './finder-source';
import { HistoryDetail } from './history-detail';
import { PropertyList, type PropertyListOptions } from './property-list';

export interface FinderScreenProps<R extends FinderRow> {
  source: FinderSource<R>;
  /**
   * The namespace of the screen's texts. Each such namespace has the finder's layout: `finder.*` (form,
   * toolbar, messages), `chart.*`, `cols.*`, `history.*`, `props.*`, `print.*`, and `delete.*` or
   * `billPopup.*` where the screen has them.
   */
  ns: string;
  title: string;
  defaultForm: () => FinderForm;
  /** the operator and description fields (not in the old archive) */
  withOperator?: boolean;
  /** the search button at the right end of the form (the archives) */
  submitRight?: boolean;
  /** the chart is shown when the result has more than this many parcels (finder 0, archive 1) */
  chartAbove?: number | false;
  /** the grid's columns made from the finder's (module-level: a memo dependency); default as they are */
  columns?: (finder: GridColumn<R>[], t: (key: string) => string) => GridColumn<R>[];
  /** the column chooser's choice is the profile's finder columns (the live finder) */
  profileColumns?: boolean;
  pageSizes?: readonly number[];
  defaultPageSize?: number;
  storageKey: string;
  /** beside the title instead of the result's earliest date (e.g. the archive's date range) */
  headerNote?: ReactNode;
  /** the filter header's accessible name (default: its text) */
  toggleLabel?: string;
  /** the scanner input's tooltip */
  scanHint?: string;
  /** a refresh button on the grid: forgets the filled-in statuses and fetches the page again */
  refreshable?: boolean;
  /** three print buttons (the finder) or a print-mode selector, print and the scanned bill (the archives) */
  printControls?: 'buttons' | 'selector';
  /** deletes the focused parcel after a confirmation (the live finder) */
  onDelete?: (gui: string) => Promise<unknown>;
  /** a 'scanned bill' toolbar button opening a draggable popup with the focused parcel's bill */
  billPopup?: boolean;
  /** the property list's pages and extra rows (module-level: a memo dependency) */
  properties?: PropertyListOptions<R>;
}

const visibilityOf = (shown: readonly FinderColumn[]) =>
  Object.fromEntries(FINDER_COLUMNS.map((c) => [c, shown.includes(c)])) as Record<string, boolean>;

/**
 * A parcel finder screen (spec 001 §2.6 the live finder; §2.7, §2.8 the archives): the filter form under
 * a collapsible header, the six-slice chart, the results grid paged by the server with the status
 * history per row, a barcode scan box (Enter filters the grid and keeps the focus), clear, the
 * signature, the print controls (enabled once a parcel with a delivery status is focused) and the
 * property list. After each page the last statuses fill in progressively with a progress message while
 * the grid stays usable. What differs between the finders is configuration (see the props).
 */
export function FinderScreen<R extends FinderRow>({
  source,
  ns,
  title,
  defaultForm,
  withOperator = true,
  submitRight = false,
  chartAbove = 0,
  columns: makeColumns,
  profileColumns = false,
  pageSizes = PageSizes.finder,
  defaultPageSize = 25,
  storageKey,
  headerNote,
  toggleLabel,
  scanHint,
  refreshable = false,
  printControls = 'buttons',
  onDelete,
  billPopup = false,
  properties,
}: FinderScreenProps<R>) {
  const { t } = useTranslation(ns);
  const session = useSession();
  const qc = useQueryClient();
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
  const [billOpen, setBillOpen] = useState(false);
  const fillToken = useRef(0);
  const { find, fill: filler, files } = source;

  const fill = useCallback(
    (rows: readonly R[]) => {
      if (!filler || (filler.skipEmpty && rows.length === 0)) return;
      const token = ++fillToken.current;
      void progressiveFill(
        rows.map((r) => r.GUID),
        filler.batch,
        filler.load,
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
    [filler],
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

  /** Forgets what belongs to the rows on screen: the fill, its progress, the focus, the popup. */
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
    setFilter(toFilter(form, withOperator));
    setOpen(false);
  };

  const clear = () => {
    reset();
    setFilter(null);
    setResult(null);
    grid.current?.clearFilters();
  };

  const current = focused ? merged(focused, fresh[focused.GUID]) : null;
  const deliver = current ? deliverOf(current.DeliveryStatus) : null;
  const barcode = current?.Barcode ?? null;
  const signature = useQuery({
    queryKey: [...files.key, 'signature', barcode, deliver],
    enabled: !!barcode && deliver !== null,
    queryFn: ({ signal }) => files.signature(barcode!, deliver!, signal),
    staleTime: 60_000,
  });
  const billBarcode = billOpen ? barcode : null;
  const bill = useQuery({
    queryKey: [...files.key, 'bill', billBarcode],
    enabled: !!billBarcode,
    queryFn: ({ signal }) => files.bill(billBarcode!, signal),
    staleTime: 60_000,
  });
  const canPrint = !!current && current.DeliveryStatus !== '';

  const columns = useMemo<GridColumn<R>[]>(() => {
    const base = finderColumns<R>(t, fresh);
    return makeColumns ? makeColumns(base, t) : base;
  }, [t, fresh, makeColumns]);

  const onVisibility = (v: Record<string, boolean>) => {
    setVisibility(v);
    setFinderColumns(FINDER_COLUMNS.filter((c) => v[c] !== false));
  };

  const onScan = () => {
    const code = cleanBarcode(scan);
    grid.current?.setColumnFilter('Barcode', code || null);
    setScan('');
    window.setTimeout(() => scanRef.current?.focus(), 0);
  };

  async function print(kind: PrintKind) {
    if (!current) return;
    setPrinting(true);
    try {
      if (kind === 'card') {
        await printNotificationCard({ ...current, ParcelTypeName: current.TypeName });
      } else if (kind === 'report') {
        const sig = deliver === null ? '' : await files.signature(current.Barcode, deliver);
        await printParcelReport(current, {
          signature: sig,
          printedBy: session?.Login || session?.Name || '',
        });
      } else {
        const scanned = await files.bill(current.Barcode);
        if (!scanned) {
          notifyError(t('print.billNotFound'));
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

  async function remove() {
    if (!current || !onDelete) return;
    if (!window.confirm(t('delete.confirm', { barcode: current.Barcode }))) return;
    try {
      await onDelete(current.GUID);
      notifySuccess(t('delete.done', { barcode: current.Barcode }));
      setFocused(null);
    } catch (e) {
      notifyError(e);
    }
  }

  const stats = result?.stats;
  const showChart = stats && chartAbove !== false && stats.Total > chartAbove;

  return (
    <Stack gap="md">
      <Paper withBorder p="sm">
        <UnstyledButton
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls="finder-filter"
          aria-label={toggleLabel}
          style={{ width: '100%' }}
        >
          <Group justify="space-between">
            <Title order={2}>{title}</Title>
            {headerNote ??
              (stats?.MinDate && (
                <Text data-testid="finder-min-date">
                  {t('finder.earliest', { date: formatDate(stats.MinDate) })}
                </Text>
              ))}
          </Group>
        </UnstyledButton>
        <Collapse expanded={open} id="finder-filter">
          <Box pt="sm">
            <FinderFormFields
              value={form}
              onChange={setForm}
              onSubmit={search}
              lookups={source.lookups}
              ns={ns}
              withOperator={withOperator}
              submitRight={submitRight}
            />
          </Box>
        </Collapse>
      </Paper>

      {showChart && <FinderChart stats={stats} ns={ns} />}
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
            grouping
            label={t('finder.results')}
            columns={columns}
            rowKey="GUID"
            storageKey={storageKey}
            pageSizes={pageSizes}
            defaultPageSize={defaultPageSize}
            columnVisibility={profileColumns ? visibility : undefined}
            onColumnVisibilityChange={profileColumns ? onVisibility : undefined}
            renderDetail={(row) => <HistoryDetail gui={row.GUID} source={source.history} ns={ns} />}
            focusedRowKey={focused?.GUID ?? null}
            onFocusedRowChange={(row) => setFocused(row)}
            exportFileName={() => `${title} ${new Date().toISOString().slice(0, 10)}`}
            emptyText={filter ? t('finder.noResult') : t('finder.notSearched')}
            onRefresh={
              refreshable
                ? () => {
                    reset();
                    void qc.invalidateQueries({ queryKey: source.key });
                  }
                : undefined
            }
            toolbar={
              <Group gap="xs" wrap="nowrap">
                <TextInput
                  ref={scanRef}
                  size="xs"
                  aria-label={t('finder.scan')}
                  placeholder={t('finder.scan')}
                  title={scanHint}
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
                {billPopup && (
                  <Button size="xs" variant="light" disabled={!current} onClick={() => setBillOpen(true)}>
                    {t('billPopup.open')}
                  </Button>
                )}
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
            <PrintPanel
              ns={ns}
              signature={base64DataUrl(signature.data)}
              focused={!!current}
              canPrint={canPrint}
              printing={printing}
              print={(kind) => void print(kind)}
              controls={printControls}
              onDelete={onDelete ? () => void remove() : undefined}
            />
            <PropertyList parcel={current} ns={ns} {...properties} />
          </Stack>
        </Grid.Col>
      </Grid>
      {billOpen && current && (
        <BillPopup
          ns={ns}
          barcode={current.Barcode}
          bill={bill.data}
          loading={bill.isLoading}
          onClose={() => setBillOpen(false)}
        />
      )}
    </Stack>
  );
}
