import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
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
import type { FinderRow, FinderStats } from '@po/contract/parcels/finder';
import { GRID_MAX_ROWS, type GridQuery } from '@po/contract/grid';
import { DataGrid } from '@/components/data-grid/data-grid';
import { SERVER_EXPORT_TAKE } from '@/components/data-grid/server-query';
import type { DataGridHandle, GridColumn, GridPage } from '@/components/data-grid/types';
import { base64DataUrl } from '@/components/print/data-url';
import { printNotificationCard } from '@/components/print/notification-card';
import { printBillReport, printParcelReport } from '@/components/print/parcel-reports';
import { askConfirm } from '@/components/confirm/ask-confirm';
import { formatDate } from '@/lib/format';
import { notifyError, notifyInfo, notifySuccess } from '@/lib/notify';
import { FINDER_COLUMNS, getFinderColumns, setFinderColumns, type FinderColumn } from '@/lib/preferences';
import { useSession } from '@/lib/session';
import { BillPopup } from './bill-popup';
import { finderColumns, merged } from './finder-columns';
import { photoDataUrl } from '@/lib/proof-photos';
import { FinderFormFields, toFilter, type FinderFilter, type FinderForm } from './finder-form';
import { FinderChart, PrintPanel, type PrintKind } from './finder-panels';
import { deliverOf, type FinderSource } from './finder-source';
import { HistoryDetail } from './history-detail';
import { PropertyList, type PropertyListOptions } from './property-list';
import { useLastStatusFill, type FillProgress } from './use-last-status-fill';

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
  const qc = useQueryClient();
  const grid = useRef<DataGridHandle<R>>(null);
  const [open, setOpen] = useState(true);
  const [focused, setFocused] = useState<R | null>(null);
  const [billOpen, setBillOpen] = useState(false);
  const { fresh, progress, fill, forgetFill } = useLastStatusFill(source.fill);
  const { filter, setFilter, result, setResult, query, queryKey } = useFinderQuery(source, t, fill);

  /** Forgets what belongs to the rows on screen: the fill, its progress, the focus, the popup. */
  const reset = () => {
    forgetFill();
    setFocused(null);
    setBillOpen(false);
  };

  const search = (form: FinderForm) => {
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

  const columns = useMemo<GridColumn<R>[]>(() => {
    const base = finderColumns<R>(t, fresh);
    return makeColumns ? makeColumns(base, t) : base;
  }, [t, fresh, makeColumns]);
  const { visibility, onVisibility } = useProfileColumns();

  const stats = result?.stats;

  return (
    <Stack gap="md">
      <FinderHeader
        ns={ns}
        title={title}
        open={open}
        onToggle={() => setOpen((o) => !o)}
        toggleLabel={toggleLabel}
        note={headerNote}
        minDate={stats?.MinDate}
        form={{ defaultForm, lookups: source.lookups, withOperator, submitRight, onSearch: search }}
      />

      <FinderNotices ns={ns} result={result} chartAbove={chartAbove} />

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
              <FinderToolbar
                ns={ns}
                scanHint={scanHint}
                onScan={(code) => grid.current?.setColumnFilter('Barcode', code || null)}
                onClear={clear}
                onBill={billPopup ? () => setBillOpen(true) : undefined}
                billDisabled={!current}
                progress={progress}
              />
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <FinderSide
            ns={ns}
            current={current}
            files={source.files}
            controls={printControls}
            onDelete={onDelete}
            onDeleted={() => setFocused(null)}
            properties={properties}
          />
        </Grid.Col>
      </Grid>
      {billOpen && current && (
        <FinderBillPopup
          ns={ns}
          files={source.files}
          barcode={current.Barcode}
          onClose={() => setBillOpen(false)}
        />
      )}
    </Stack>
  );
}

/** The collapsible header: the title (the toggle), the result's earliest date or a note, the form. */
function FinderHeader({
  ns,
  title,
  open,
  onToggle,
  toggleLabel,
  note,
  minDate,
  form,
}: {
  ns: string;
  title: string;
  open: boolean;
  onToggle: () => void;
  toggleLabel?: string;
  note?: ReactNode;
  minDate?: string | null;
  form: {
    defaultForm: () => FinderForm;
    lookups: FinderSource<FinderRow>['lookups'];
    withOperator: boolean;
    submitRight: boolean;
    onSearch: (form: FinderForm) => void;
  };
}) {
  const { t } = useTranslation(ns);
  const [value, setValue] = useState(form.defaultForm);
  return (
    <Paper withBorder p="sm">
      <UnstyledButton
        onClick={onToggle}
        aria-expanded={open}
        aria-controls="finder-filter"
        aria-label={toggleLabel}
        style={{ width: '100%' }}
      >
        <Group justify="space-between">
          <Title order={2}>{title}</Title>
          {note ??
            (minDate && (
              <Text data-testid="finder-min-date">{t('finder.earliest', { date: formatDate(minDate) })}</Text>
            ))}
        </Group>
      </UnstyledButton>
      <Collapse expanded={open} id="finder-filter">
        <Box pt="sm">
          <FinderFormFields
            value={value}
            onChange={setValue}
            onSubmit={() => form.onSearch(value)}
            lookups={form.lookups}
            ns={ns}
            withOperator={form.withOperator}
            submitRight={form.submitRight}
          />
        </Box>
      </Collapse>
    </Paper>
  );
}

/** The grid's toolbar: the barcode scan box (Enter filters the grid, the focus stays), clear, the bill, progress. */
function FinderToolbar({
  ns,
  scanHint,
  onScan,
  onClear,
  onBill,
  billDisabled,
  progress,
}: {
  ns: string;
  scanHint?: string;
  onScan: (code: string) => void;
  onClear: () => void;
  onBill?: () => void;
  billDisabled: boolean;
  progress: FillProgress | null;
}) {
  const { t } = useTranslation(ns);
  const scanRef = useRef<HTMLInputElement>(null);
  const [scan, setScan] = useState('');
  const submitScan = () => {
    onScan(cleanBarcode(scan));
    setScan('');
    window.setTimeout(() => scanRef.current?.focus(), 0);
  };
  return (
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
            submitScan();
          }
        }}
      />
      <Button size="xs" variant="default" onClick={onClear}>
        {t('finder.clear')}
      </Button>
      {onBill && (
        <Button size="xs" variant="light" disabled={billDisabled} onClick={onBill}>
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
  );
}

/**
 * Beside the grid: the focused parcel's signature (once it has a delivery status), the print controls
 * (and delete), and its property list.
 */
function FinderSide<R extends FinderRow>({
  ns,
  current,
  files,
  controls,
  onDelete,
  onDeleted,
  properties,
}: {
  ns: string;
  current: R | null;
  files: FinderSource<R>['files'];
  controls: 'buttons' | 'selector';
  onDelete?: (gui: string) => Promise<unknown>;
  onDeleted: () => void;
  properties?: PropertyListOptions<R>;
}) {
  const { t } = useTranslation(ns);
  const session = useSession();
  const deliver = current ? deliverOf(current.DeliveryStatus) : null;
  const barcode = current?.Barcode ?? null;
  const signature = useQuery({
    queryKey: [...files.key, 'signature', barcode, deliver],
    enabled: !!barcode && deliver !== null,
    queryFn: ({ signal }) => files.signature(barcode!, deliver!, signal),
    staleTime: 60_000,
  });
  const handover = useQuery({
    queryKey: [...files.key, 'handover', barcode],
    enabled: !!barcode,
    queryFn: ({ signal }) => files.handover(barcode!, signal),
    staleTime: 60_000,
  });
  const gui = current?.GUID ?? null;
  const photos = useQuery({
    queryKey: [...files.key, 'photos', gui],
    enabled: !!gui,
    queryFn: ({ signal }) => files.photos(gui!, signal),
    staleTime: 60_000,
  });
  // the answer of the focused parcel only (not the previous one's while the next loads)
  const shownHandover = barcode && handover.data && !handover.isPlaceholderData ? handover.data : null;
  const { print, remove, printing } = useFinderActions({
    current,
    deliver,
    files,
    t,
    onDelete,
    printedBy: session?.Login || session?.Name || '',
    onDeleted,
  });
  return (
    <Stack gap="sm">
      <PrintPanel
        ns={ns}
        signature={base64DataUrl(signature.data)}
        handover={shownHandover}
        photos={gui && photos.data && !photos.isPlaceholderData ? photos.data : []}
        focused={!!current}
        canPrint={!!current && current.DeliveryStatus !== ''}
        printing={printing}
        print={(kind) => void print(kind)}
        controls={controls}
        onDelete={onDelete ? () => void remove() : undefined}
      />
      <PropertyList parcel={current} handover={shownHandover} ns={ns} {...properties} />
    </Stack>
  );
}

/** The draggable popup with the focused parcel's scanned bill. */
function FinderBillPopup<R extends FinderRow>({
  ns,
  files,
  barcode,
  onClose,
}: {
  ns: string;
  files: FinderSource<R>['files'];
  barcode: string;
  onClose: () => void;
}) {
  const bill = useQuery({
    queryKey: [...files.key, 'bill', barcode],
    queryFn: ({ signal }) => files.bill(barcode, signal),
    staleTime: 60_000,
  });
  return <BillPopup ns={ns} barcode={barcode} bill={bill.data} loading={bill.isLoading} onClose={onClose} />;
}

/** Printing the focused parcel (card, report, scanned bill) and deleting it. */
function useFinderActions<R extends FinderRow>({
  current,
  deliver,
  files,
  t,
  onDelete,
  printedBy,
  onDeleted,
}: {
  current: R | null;
  deliver: ReturnType<typeof deliverOf> | null;
  files: FinderSource<R>['files'];
  t: (key: string, options?: Record<string, unknown>) => string;
  onDelete?: (gui: string) => Promise<unknown>;
  printedBy: string;
  onDeleted: () => void;
}) {
  const [printing, setPrinting] = useState(false);
  async function print(kind: PrintKind) {
    if (!current) return;
    setPrinting(true);
    try {
      if (kind === 'card') {
        await printNotificationCard({ ...current, ParcelTypeName: current.TypeName });
      } else if (kind === 'report') {
        const [sig, handover, photos] = await Promise.all([
          deliver === null ? '' : files.signature(current.Barcode, deliver),
          files.handover(current.Barcode),
          files.photos(current.GUID).then((list) => Promise.all(list.map((p) => photoDataUrl(p.Url)))),
        ]);
        await printParcelReport(current, { signature: sig, handover, photos, printedBy });
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
    const yes = await askConfirm({
      title: t('delete.button'),
      message: t('delete.confirm', { barcode: current.Barcode }),
      confirm: t('delete.yes'),
      danger: true,
    });
    if (!yes) return;
    try {
      await onDelete(current.GUID);
      notifySuccess(t('delete.done', { barcode: current.Barcode }));
      onDeleted();
    } catch (e) {
      notifyError(e);
    }
  }

  return { print, remove, printing };
}

/** The server's pages for the filter searched for, the result's figures, and the fill after each page. */
function useFinderQuery<R extends FinderRow>(
  source: FinderSource<R>,
  t: (key: string) => string,
  fill: (rows: readonly R[]) => void,
) {
  const [filter, setFilter] = useState<FinderFilter | null>(null);
  const [result, setResult] = useState<{ stats: FinderStats; capped: boolean } | null>(null);
  /** the last page asked for: the same page again is a refresh (e.g. after a delete), not a new search */
  const lastAsked = useRef('');
  const { find } = source;
  const query = useCallback(
    async (q: GridQuery): Promise<GridPage<R>> => {
      if (!filter) return { rows: [], total: 0 };
      const answer = await find(filter, q);
      // export and print fetch every page: those pages change nothing on screen
      if (q.Take !== SERVER_EXPORT_TAKE) {
        setResult({ stats: answer.Stats, capped: answer.Capped });
        // "nothing found" answers a search, once: a refresh of the same page (after deleting its last
        // parcel, say) leaves the grid's empty text to say it, beside the action's own message
        const asked = JSON.stringify([filter, q.Skip, q.Take, q.Sort, q.Filter]);
        const again = asked === lastAsked.current;
        lastAsked.current = asked;
        if (answer.Total === 0 && !again) notifyInfo(t('finder.noResult'));
        fill(answer.Parcels);
      }
      return { rows: answer.Parcels, total: answer.Total, capped: answer.Capped };
    },
    [filter, find, fill, t],
  );
  const queryKey = useMemo(() => [...source.key, filter] as const, [source.key, filter]);

  /** a search (the same filter again too) is answered afresh */
  const ask = useCallback((f: FinderFilter | null) => {
    lastAsked.current = '';
    setFilter(f);
  }, []);

  return { filter, setFilter: ask, result, setResult, query, queryKey };
}

/** The column chooser's choice kept as the profile's finder columns (the live finder). */
function useProfileColumns() {
  const [visibility, setVisibility] = useState(() => visibilityOf(getFinderColumns()));
  const onVisibility = (v: Record<string, boolean>) => {
    setVisibility(v);
    setFinderColumns(FINDER_COLUMNS.filter((c) => v[c] !== false));
  };
  return { visibility, onVisibility };
}

/** Above the grid: the six-slice chart (past `chartAbove` parcels) and the "capped" notice. */
function FinderNotices({
  ns,
  result,
  chartAbove,
}: {
  ns: string;
  result: { stats: FinderStats; capped: boolean } | null;
  chartAbove: number | false;
}) {
  const { t } = useTranslation(ns);
  const stats = result?.stats;
  const showChart = stats && chartAbove !== false && stats.Total > chartAbove;
  return (
    <>
      {showChart && <FinderChart stats={stats} ns={ns} />}
      {result?.capped && (
        <Alert color="yellow" data-testid="finder-capped">
          {t('finder.capped', { max: GRID_MAX_ROWS })}
        </Alert>
      )}
    </>
  );
}
