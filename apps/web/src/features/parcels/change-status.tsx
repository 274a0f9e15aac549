import { useMemo, useRef, useState } from 'react';
import { Button, Modal, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_REPORT_DAYS, Status } from '@po/contract/constants';
import type { FinderRow } from '@po/contract/parcels/finder';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { GridColumn, GridRowKey } from '@/components/data-grid/types';
import { HistoryDetail } from '@/components/finder/history-detail';
import { PropertyList } from '@/components/finder/property-list';
import { addDays, tbilisiToday, toUsDate } from '@/lib/dates';
import { notifyConnecting, notifyError, notifyInfo, notifySuccess } from '@/lib/notify';
import { findNotConfirmed, liveHistory, upStat, useStatuses, type FinderFilter } from './api/finder';
import { DateRangeBar, rangeError, type DayRange } from './components/date-range-bar';

/** The tick between two parcels of a bulk assignment (spec 001 §4, §9: 50 ms). */
export const ASSIGN_TICK_MS = 50;

export interface AssignOutcome {
  done: string[];
  failed: Array<{ barcode: string; error: string }>;
}

/**
 * Assigns `stat` to the barcodes one at a time, a tick apart: each parcel on its own, so one failing
 * parcel does not undo the others. `onDone` runs after each success (the row leaves the list),
 * `onProgress` after each parcel.
 */
export async function assignOneByOne(
  barcodes: readonly string[],
  stat: number,
  send: (barcode: string, stat: number) => Promise<{ Ret: number; Failed: Array<{ Error: string }> }>,
  on: { done: (barcode: string) => void; progress: (n: number) => void },
  tickMs = ASSIGN_TICK_MS,
): Promise<AssignOutcome> {
  const out: AssignOutcome = { done: [], failed: [] };
  for (let i = 0; i < barcodes.length; i++) {
    const barcode = barcodes[i] as string;
    try {
      const r = await send(barcode, stat);
      if (r.Ret > 0) {
        out.done.push(barcode);
        on.done(barcode);
      } else out.failed.push({ barcode, error: r.Failed[0]?.Error ?? '' });
    } catch (e) {
      out.failed.push({ barcode, error: e instanceof Error ? e.message : String(e) });
    }
    on.progress(i + 1);
    if (i + 1 < barcodes.length) await new Promise((r) => setTimeout(r, tickMs));
  }
  return out;
}

/**
 * /changestatus (spec 001 §2.4): the unconfirmed parcels of a date range (NotConfirmParcelFinder), a
 * status lookup preselected 8734 and Assign for the selected rows, one parcel at a time with a live
 * count; parcels that succeed leave the list. Multi-select, grouping, the history per row and a
 * properties popup (double click or the button).
 */
export function ChangeStatusScreen() {
  const { t } = useTranslation('finder');
  const [range, setRange] = useState<DayRange>(() => {
    const today = tbilisiToday();
    return { from: addDays(today, -DEFAULT_REPORT_DAYS), to: today };
  });
  const [filter, setFilter] = useState<FinderFilter | null>(null);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<FinderRow[]>([]);
  const [selectedKeys, setSelectedKeys] = useState<GridRowKey[]>([]);
  const [stat, setStat] = useState<string | null>(String(Status.Confirmed));
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [props, setProps] = useState<FinderRow | null>(null);
  const [focused, setFocused] = useState<FinderRow | null>(null);
  const running = useRef(false);
  const statuses = useStatuses();

  const list = useQuery({
    queryKey: ['parcels', 'notConfirmed', filter],
    enabled: filter !== null,
    queryFn: async ({ signal }) => {
      notifyConnecting();
      const answer = await findNotConfirmed(filter as FinderFilter, signal);
      if (answer.Parcels.length === 0) notifyInfo(t('finder.noResult'));
      return answer;
    },
  });
  const rows = useMemo(() => list.data?.Parcels.filter((p) => !removed.has(p.Barcode)), [list.data, removed]);

  const find = () => {
    const err = rangeError(range, t);
    if (err) return notifyError(err);
    setRemoved(new Set());
    setSelected([]);
    setSelectedKeys([]);
    setProgress(null);
    setFilter({ StartRegDate: toUsDate(range.from), EndRegDate: toUsDate(range.to) });
    if (filter) void list.refetch();
  };

  async function assign() {
    if (running.current) return;
    if (selected.length === 0) return notifyError(t('status.noSelection'));
    if (!stat) return notifyError(t('status.status'));
    running.current = true;
    const barcodes = selected.map((r) => r.Barcode);
    setProgress({ done: 0, total: barcodes.length });
    try {
      const out = await assignOneByOne(barcodes, Number(stat), upStat, {
        done: (b) => {
          setRemoved((prev) => new Set(prev).add(b));
          setSelectedKeys((prev) => prev.filter((k) => k !== selected.find((r) => r.Barcode === b)?.GUID));
          setSelected((prev) => prev.filter((r) => r.Barcode !== b));
        },
        progress: (done) => setProgress({ done, total: barcodes.length }),
      });
      if (out.failed.length === 0) notifySuccess(t('status.done', { ok: out.done.length, failed: 0 }));
      else
        notifyError(
          `${t('status.done', { ok: out.done.length, failed: out.failed.length })}: ${out.failed
            .map((f) => `${f.barcode} ${f.error}`)
            .join('; ')}`,
        );
    } finally {
      running.current = false;
    }
  }

  const columns = useMemo<GridColumn<FinderRow>[]>(
    () => [
      { field: 'CreateDate', header: t('cols.createDate'), type: 'datetime', width: 150 },
      { field: 'Barcode', header: t('cols.barcode'), width: 140, summary: 'count' },
      { field: 'CurStatusName', header: t('cols.lastStatus'), width: 170 },
      { field: 'Receiver', header: t('cols.receiver'), width: 180 },
      { field: 'Sender', header: t('cols.sender'), width: 180 },
      { field: 'PID', header: t('cols.pid'), width: 120 },
      { field: 'Login', header: t('cols.registeredBy'), width: 120 },
    ],
    [t],
  );

  const busy = progress !== null && progress.done < progress.total;
  return (
    <Stack gap="md">
      <Title order={2}>{t('status.title')}</Title>
      <Paper withBorder p="sm">
        <DateRangeBar value={range} onChange={setRange} onFind={find} busy={list.isFetching}>
          <Select
            label={t('status.status')}
            searchable
            data={(statuses.data ?? []).map((s) => ({ value: String(s.ID), label: s.Name }))}
            value={stat}
            onChange={setStat}
            allowDeselect={false}
            w={260}
            nothingFoundMessage={t('finder.nothing')}
          />
          <Button variant="filled" color="teal" onClick={() => void assign()} loading={busy}>
            {t('status.assign')}
          </Button>
          {progress && (
            <Text size="sm" role="status" data-testid="assign-progress">
              {t('status.progress', progress)}
            </Text>
          )}
        </DateRangeBar>
      </Paper>
      <DataGrid<FinderRow>
        label={t('status.results')}
        columns={columns}
        data={rows ?? (filter ? undefined : [])}
        loading={list.isFetching}
        rowKey="GUID"
        storageKey="po.grid.changestatus"
        pageSizes={[10, 15, 20]}
        defaultPageSize={20}
        grouping
        selection="multi"
        selectedKeys={selectedKeys}
        onSelectionChange={(keys, sel) => {
          setSelectedKeys(keys);
          setSelected(sel);
        }}
        focusedRowKey={focused?.GUID ?? null}
        onFocusedRowChange={(row) => setFocused(row)}
        onRowDoubleClick={(row) => setProps(row)}
        renderDetail={(row) => <HistoryDetail gui={row.GUID} source={liveHistory} ns="finder" />}
        emptyText={filter ? t('finder.noResult') : t('finder.notSearched')}
        exportFileName={() => `${t('status.results')} ${range.from}`}
        toolbar={
          <>
            <Text size="sm" c="dimmed">
              {t('status.selected', { count: selected.length })}
            </Text>
            <Button size="xs" variant="default" disabled={!focused} onClick={() => setProps(focused)}>
              {t('props.open')}
            </Button>
          </>
        }
      />
      <Modal opened={props !== null} onClose={() => setProps(null)} title={t('props.title')} size="lg">
        <PropertyList parcel={props} ns="finder" />
      </Modal>
    </Stack>
  );
}
