import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanBarcode } from '@po/contract/barcode';
import { WaybillPace } from '@po/contract/constants';
import { useConfirmLeave } from '@/components/confirm/use-confirm-leave';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { GridColumn } from '@/components/data-grid/types';
import { getSession, useSession } from '@/lib/session';
import { sendWaybillLine } from '../api/waybills-api';
import { vibrateError, vibrateOk } from '../lib/feedback';
import { forgetWork } from '../lib/held';
import { showPopup } from '../lib/popup';
import {
  checkParcel,
  hasStandardLength,
  isOffline,
  isRegistryCode,
  registryBarcodes,
} from '../lib/scan-rules';
import { toastInfo } from '../lib/toast';
import { failScan as fail, useHeldWork } from '../lib/use-held-work';
import { useMobileScreen } from '../lib/use-mobile-screen';
import {
  emptyWaybillWork,
  loadWaybillWork,
  runWaybills,
  saveWaybillWork,
  SINGLE_REGISTRY,
  type RunOutcome,
  type WaybillFlow,
  type WaybillLine,
  type WaybillPaceMs,
  type WaybillWork,
} from '../lib/waybill-run';
import { FloatingButton } from './floating-button';
import { JobHeader } from './job-header';
import { ScanInput, type ScanInputHandle } from './scan-input';
import classes from './waybill-job.module.css';

export interface WaybillJobProps {
  flow: WaybillFlow;
  /** the run's pace (spec 003 §9 by default) */
  pace?: WaybillPaceMs;
}

const newLine = (Registry: string, Barcode: string): WaybillLine => ({
  Registry,
  Barcode,
  WaybillId: 0,
  EnableDelete: true,
  IsProcesed: false,
  IsRepied: false,
});

/** Waits `ms`, or less when the run is asked to stop. */
function pausableWait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

/**
 * The start waybill and close waybill screens (spec 003 §2 "Start waybill (/startwaybill) and close
 * waybill (/closewaybill)", §4 "Waybill start and close run", §5): registry codes expand into their
 * parcels, the grid is keyed by barcode and grouped by registry ('RG №') with the execution column,
 * and the floating button starts, pauses and resumes the run. The lines and the run's position are
 * held on the device, so a pause, a lost connection, leaving the screen or a reload resume from the
 * same parcel; a line sent before goes again with IsRepied, so the server never makes a second waybill.
 */
export function WaybillJob({ flow, pace = WaybillPace }: WaybillJobProps) {
  const { t } = useTranslation('mobile');
  useMobileScreen();
  const { work, workRef, update, restart } = useHeldWork<WaybillWork>({
    load: () => loadWaybillWork(flow),
    save: (w) => saveWaybillWork(flow, w),
    forget: () => forgetWork(flow),
  });
  const scanRef = useRef<ScanInputHandle>(null);
  const isStart = flow === 'startwaybill';
  const scan = useWaybillScan(workRef, update, isStart);
  const { phase, onFab } = useWaybillRun({ flow, pace, workRef, update, scanRef });
  const busy = phase !== 'idle';

  const columns = useWaybillColumns();

  const total = work.items.length;
  const current = busy || work.interrupted ? work.items[work.index]?.Barcode : undefined;
  const position = Math.min(work.index + 1, total);

  return (
    <Stack gap="sm" maw={640} mx="auto" data-flow={flow}>
      <JobHeader
        disabled={busy}
        onNewOperation={() => {
          restart(emptyWaybillWork());
          scanRef.current?.focusSoon();
        }}
      />
      {isStart && <VehicleNote />}

      <ScanInput ref={scanRef} onScan={scan} toSend={total} disabled={busy} />

      {total > 0 && (busy || work.interrupted) && (
        <Text
          size="sm"
          fw={600}
          c={busy ? 'indigo' : 'orange.8'}
          data-testid="run-position"
          aria-live="polite"
        >
          {t(busy ? 'run.running' : 'run.paused', { n: position, m: total })}
        </Text>
      )}

      <DataGrid<WaybillLine>
        columns={columns}
        data={work.items}
        rowKey="Barcode"
        groupBy={['Registry']}
        filterRow={false}
        paging={false}
        sorting={false}
        columnChooser={false}
        emptyText={t('grid.empty')}
        rowClassName={(row) => (row.Barcode === current ? classes.current : undefined)}
        editing={{
          mode: 'row',
          allowDeleting: (row) => row.EnableDelete && !busy,
          confirmDelete: false,
          onDelete: (key) =>
            update((w) => {
              const at = w.items.findIndex((l) => l.Barcode === key);
              if (at < 0) return w;
              return {
                ...w,
                items: w.items.filter((_, i) => i !== at),
                index: at < w.index ? w.index - 1 : w.index,
              };
            }),
        }}
      />

      {/* the run is over once its end popup shows: no pause button under it */}
      {total > 0 && phase !== 'ending' && (
        <FloatingButton
          label={phase === 'running' ? t('run.pause') : t('run.start')}
          icon={
            phase === 'running' ? <IconPlayerPauseFilled size={30} /> : <IconPlayerPlayFilled size={30} />
          }
          color={phase === 'running' ? 'orange' : 'green'}
          loading={phase === 'pausing'}
          onClick={onFab}
          testId="run-toggle"
        />
      )}
    </Stack>
  );
}

/** One scanned or typed code through the waybill flows' rules (spec 003 §5). */
function useWaybillScan(
  workRef: RefObject<WaybillWork>,
  update: (change: (work: WaybillWork) => WaybillWork) => void,
  isStart: boolean,
) {
  const { t } = useTranslation('mobile');
  return useCallback(
    async (raw: string): Promise<boolean> => {
      const c = cleanBarcode(raw);
      if (!c) return false;
      const items = workRef.current.items;
      if (isRegistryCode(c)) {
        if (items.some((l) => l.Registry === c)) {
          fail(t('scan.qrRepeated'));
          return false;
        }
        let list: string[];
        try {
          list = await registryBarcodes(c);
        } catch (err) {
          fail(isOffline(err) ? t('run.serverProblem') : err instanceof Error ? err.message : String(err));
          return false;
        }
        if (list.length === 0) {
          fail(t('run.registryNotFound'));
          return false;
        }
        const have = new Set(workRef.current.items.map((l) => l.Barcode));
        const fresh = [...new Set(list)].filter((b) => !have.has(b));
        update((w) => ({ ...w, items: [...w.items, ...fresh.map((b) => newLine(c, b))] }));
        toastInfo(t('scan.registryReceived', { code: c, n: fresh.length }));
        return true;
      }
      if (items.some((l) => l.Barcode === c)) {
        fail(t('scan.repeated', { code: c }));
        return false;
      }
      if (!hasStandardLength(c)) {
        // the start flow words a wrong length as 'not registered' (spec 003 §5)
        fail(t(isStart ? 'scan.notRegistered' : 'scan.badLength', { code: c }));
        return false;
      }
      try {
        const r = await checkParcel(c);
        if (r === 'unknown') {
          fail(t('scan.notRegistered', { code: c }));
          return false;
        }
        // No connection: listed unchecked; the server checks it when the run sends it.
        update((w) => ({ ...w, items: [...w.items, newLine(SINGLE_REGISTRY, c)] }));
        toastInfo(t(r === 'offline' ? 'scan.addedUnchecked' : 'scan.received', { code: c }));
        return true;
      } catch (err) {
        fail(err instanceof Error ? err.message : String(err));
        return false;
      }
    },
    [isStart, t, update, workRef],
  );
}

/** Leaving a running screen asks, then pauses (spec 003 §4 step 9); a logout is never held up. */
function useLeaveGuard(runRef: RefObject<AbortController | null>, flow: WaybillFlow) {
  const { t } = useTranslation('mobile');
  useConfirmLeave(
    () => runRef.current !== null,
    () => ({
      title: t(`title.${flow}`),
      message: t('run.leaveConfirm'),
      confirm: t('job.yes'),
      cancel: t('job.no'),
    }),
    () => runRef.current?.abort(),
  );
}

/** The grid's columns: registry (the grouping), barcode, execution. */
function useWaybillColumns() {
  const { t } = useTranslation('mobile');
  return useMemo<GridColumn<WaybillLine>[]>(
    () => [
      { field: 'Registry', header: t('waybill.registry') },
      // widths that fit a 390 px phone beside the delete button: the grid never scrolls sideways
      { field: 'Barcode', header: t('grid.barcode'), summary: 'count', width: 130 },
      {
        field: 'IsProcesed',
        header: t('waybill.execution'),
        width: 100,
        format: (v) => (v ? t('job.yes') : t('job.no')),
        cell: (row) => (
          <Badge color={row.IsProcesed ? 'green' : 'gray'} variant={row.IsProcesed ? 'filled' : 'light'}>
            {row.IsProcesed ? t('job.yes') : t('job.no')}
          </Badge>
        ),
      },
    ],
    [t],
  );
}

/** The start flow's car and driver (from the session). */
function VehicleNote() {
  const { t } = useTranslation('mobile');
  const session = useSession();
  return (
    <Paper withBorder p="xs" data-testid="vehicle">
      <Group gap="lg">
        <Text size="sm">
          {t('home.car')}: <b>{session?.CarNumber || '—'}</b>
        </Text>
        <Text size="sm">
          {t('home.driverId')}: <b>{session?.DriverId || '—'}</b>
        </Text>
      </Group>
    </Paper>
  );
}

/**
 * The waybill run (spec 003 §4): started, paused and resumed by the floating button, its position held
 * with the work; leaving the screen asks, then pauses, and unmounting stops it after the line it sends.
 */
function useWaybillRun({
  flow,
  pace,
  workRef,
  update,
  scanRef,
}: {
  flow: WaybillFlow;
  pace: WaybillPaceMs;
  workRef: RefObject<WaybillWork>;
  update: (change: (work: WaybillWork) => WaybillWork) => void;
  scanRef: RefObject<ScanInputHandle | null>;
}) {
  const { t } = useTranslation('mobile');
  /**
   * idle; running; pausing (asked to stop, the line being sent finishes first); ending (past the last
   * line, the end popup shows until the outcome is kept)
   */
  const [phase, setPhase] = useState<'idle' | 'running' | 'pausing' | 'ending'>('idle');
  /** set while a run runs: aborting it asks the run to stop */
  const runRef = useRef<AbortController | null>(null);
  const mounted = useRef(false);
  const finish = (outcome: RunOutcome) => {
    if (outcome.kind === 'noConnection') {
      vibrateError();
      if (mounted.current)
        showPopup({
          title: t('run.noConnection'),
          lines: [t('run.position', { n: outcome.position, m: outcome.total })],
          onClose: () => scanRef.current?.focusSoon(),
          testId: 'run-popup',
        });
    } else if (outcome.kind === 'finished') {
      // full success: a new job; otherwise only the unprocessed lines stay, for another run
      update(() =>
        outcome.failed === 0 ? emptyWaybillWork() : { items: outcome.items, index: 0, interrupted: false },
      );
    }
  };

  const run = async (from: number) => {
    if (runRef.current) return;
    const ctl = new AbortController();
    runRef.current = ctl;
    setPhase('running');
    update((w) => ({ ...w, index: from, interrupted: true }));
    const s = getSession();
    const vehicle = { CarNumber: s?.CarNumber ?? '', DriverId: s?.DriverId ?? '' };
    let outcome: RunOutcome;
    try {
      outcome = await runWaybills(
        workRef.current.items,
        from,
        {
          send: (line, n, m) => sendWaybillLine(flow, line, n, m, vehicle),
          update: (items, index) => update((w) => ({ ...w, items, index })),
          stopped: () => ctl.signal.aborted,
          wait: (ms) => pausableWait(ms, ctl.signal),
          onEnd: (total, failed) => {
            if (failed === 0) vibrateOk();
            else vibrateError();
            if (mounted.current) setPhase('ending');
            if (mounted.current)
              showPopup({
                title: t(`title.${flow}`),
                lines: [
                  t('run.total', { n: total }),
                  failed === 0 ? t('run.full') : t('run.notProcessed', { n: failed }),
                ],
                onClose: () => scanRef.current?.focusSoon(),
                testId: 'run-popup',
              });
          },
        },
        pace,
      );
    } catch (err) {
      // unexpected: the run stops where it stands, the position is kept
      fail(err instanceof Error ? err.message : String(err));
      outcome = { kind: 'paused', index: workRef.current.index };
    } finally {
      runRef.current = null;
      if (mounted.current) setPhase('idle');
    }
    finish(outcome);
  };

  const onFab = () => {
    if (phase === 'running') {
      runRef.current?.abort();
      setPhase('pausing');
      return;
    }
    if (phase === 'pausing' || phase === 'ending') return;
    const w = workRef.current;
    if (w.items.length === 0) {
      fail(t('send.empty'));
      return;
    }
    const resume = w.interrupted;
    modals.openConfirmModal({
      title: t(`title.${flow}`),
      children: <Text size="sm">{t(`run.${resume ? 'resumeConfirm' : 'startConfirm'}.${flow}`)}</Text>,
      labels: { confirm: t('job.yes'), cancel: t('job.no') },
      onConfirm: () => void run(resume ? w.index : 0),
    });
  };

  useLeaveGuard(runRef, flow);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      // the run stops after the line it is sending; its position stays held for the next visit
      runRef.current?.abort();
    };
  }, []);

  return { phase, onFab };
}
