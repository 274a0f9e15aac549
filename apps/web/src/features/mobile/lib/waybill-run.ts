import { WaybillAnswer } from '@po/contract/waybills';
import type { MobileFlow } from '@/lib/mobile-work';
import { readHeld, writeHeld } from './held';

export type WaybillFlow = Extract<MobileFlow, 'startwaybill' | 'closewaybill'>;

/** The Registry of a line scanned as a single parcel (spec 003 §3 "Job parcel line", waybill flows). */
export const SINGLE_REGISTRY = '...';

/** One line of a waybill flow (spec 003 §3): keyed by barcode, grouped by registry. */
export interface WaybillLine {
  /** the registry code it came from, or '...' for a single scan */
  Registry: string;
  Barcode: string;
  /** the waybill id once done, 0 before */
  WaybillId: number;
  /** false once done: a done line is skipped by the run and cannot be deleted */
  EnableDelete: boolean;
  /** the 'execution' column ('yes' / 'no') */
  IsProcesed: boolean;
  /** the line has been sent at least once: the server then looks before it acts (never two waybills) */
  IsRepied: boolean;
}

/**
 * A waybill flow's work held on the device (it survives leaving the screen and a reload): the lines,
 * the position of the run (the next line to send) and whether a run was started and not finished.
 */
export interface WaybillWork {
  items: WaybillLine[];
  index: number;
  interrupted: boolean;
}

export const emptyWaybillWork = (): WaybillWork => ({ items: [], index: 0, interrupted: false });

const isLine = (v: unknown): v is WaybillLine => {
  const l = v as Partial<WaybillLine> | null;
  return !!l && typeof l.Barcode === 'string' && typeof l.Registry === 'string';
};

export function loadWaybillWork(flow: WaybillFlow): WaybillWork {
  const v = readHeld(flow) as Partial<WaybillWork> | null;
  if (!v || !Array.isArray(v.items)) return emptyWaybillWork();
  const items = v.items.filter(isLine).map((l) => ({
    Registry: l.Registry,
    Barcode: l.Barcode,
    WaybillId: Number(l.WaybillId) || 0,
    EnableDelete: l.EnableDelete !== false,
    IsProcesed: l.IsProcesed === true,
    IsRepied: l.IsRepied === true,
  }));
  const index = Math.min(Math.max(0, Math.trunc(Number(v.index) || 0)), items.length);
  return { items, index, interrupted: v.interrupted === true && items.length > 0 };
}

export function saveWaybillWork(flow: WaybillFlow, work: WaybillWork): void {
  writeHeld(flow, work.items.length === 0 ? null : work);
}

/**
 * What one line's call answered: the waybill id (> 0), 0 or below a refusal (-1), -2 no connection, or
 * false when the user check failed (the session ended; the app is on its way to the login form).
 */
export type WaybillResult = number | false;

export interface WaybillPaceMs {
  stepMs: number;
  endPopupMs: number;
  endClearMs: number;
}

export interface RunHooks {
  /** sends one line as it was before this attempt (its IsRepied says whether it was tried before) */
  send: (line: WaybillLine, position: number, total: number) => Promise<WaybillResult>;
  /** the lines or the position changed: keep and show them */
  update: (items: WaybillLine[], index: number) => void;
  /** true once the run is asked to stop (pause, leaving the screen) */
  stopped: () => boolean;
  /** waits `ms`; a stop ends the wait early */
  wait: (ms: number) => Promise<void>;
  /** the end popup, after the last line: total lines and how many are not processed */
  onEnd: (total: number, failed: number) => void;
}

export type RunOutcome =
  /** asked to stop before `index` (the next line to send) */
  | { kind: 'paused'; index: number }
  /** -2 at `index`: the same line is sent again on resume */
  | { kind: 'noConnection'; index: number; position: number; total: number }
  /** the user check failed at `index` */
  | { kind: 'unauthorized'; index: number }
  /** past the last line: `items` are the lines left (the unprocessed ones; none on full success) */
  | { kind: 'finished'; total: number; failed: number; items: WaybillLine[] };

/** Pure waits used at the end of a run (not cut short by a pause: the run is over by then). */
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * The waybill start and close run (spec 003 §4 "Waybill start and close run"): from `from`, one line at
 * a time about `stepMs` apart; done lines (EnableDelete false) are skipped; an id above 0 marks the line
 * done; 0 or below (not -2) is a failure, tallied; -2 stops the run keeping the position; after the last
 * line, `endPopupMs` later the end popup, `endClearMs` later the outcome. Each line is marked tried
 * (IsRepied) and kept before it is sent, so a retry after a lost answer or a reload says so.
 */
export async function runWaybills(
  start: readonly WaybillLine[],
  from: number,
  hooks: RunHooks,
  pace: WaybillPaceMs,
): Promise<RunOutcome> {
  let items = [...start];
  const set = (i: number, line: WaybillLine) => {
    items = items.map((l, k) => (k === i ? line : l));
  };
  for (let i = Math.max(0, from); i < items.length; i++) {
    if (hooks.stopped()) {
      hooks.update(items, i);
      return { kind: 'paused', index: i };
    }
    const line = items[i];
    if (!line.EnableDelete) continue;
    set(i, { ...line, IsRepied: true });
    hooks.update(items, i);
    const answer = await hooks.send(line, i + 1, items.length);
    if (answer === false) return { kind: 'unauthorized', index: i };
    if (answer === WaybillAnswer.NoConnection)
      return { kind: 'noConnection', index: i, position: i + 1, total: items.length };
    if (answer > 0) set(i, { ...items[i], WaybillId: answer, EnableDelete: false, IsProcesed: true });
    hooks.update(items, i + 1);
    if (i < items.length - 1) await hooks.wait(pace.stepMs);
  }
  await sleep(pace.endPopupMs);
  const left = items.filter((l) => !l.IsProcesed);
  hooks.onEnd(items.length, left.length);
  await sleep(pace.endClearMs);
  return { kind: 'finished', total: items.length, failed: left.length, items: left };
}
