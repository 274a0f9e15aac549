import { useCallback, useRef, useState, type RefObject } from 'react';
import { vibrateError } from './feedback';
import { toastError } from './toast';

/** Where a flow keeps its unsent work on the device (`po.mobile.<flow>`, see `held.ts`, `waybill-run.ts`). */
export interface HeldWorkStore<W> {
  load: () => W;
  save: (work: W) => void;
  /** drops the held copy (a new operation) */
  forget: () => void;
}

export interface HeldWorkState<W> {
  /** the work as the screen shows it */
  work: W;
  /** the work as it stands now, for code that runs between renders (scans, a run, a send) */
  workRef: RefObject<W>;
  /** changes the work and holds the change on the device at once */
  update: (change: (work: W) => W) => void;
  /** starts from `fresh`, forgetting the held copy (nothing is written until the next change) */
  restart: (fresh: W) => void;
}

/**
 * A courier flow's unsent work (spec 003 §5): read from the device once, kept in state for the screen
 * and in a ref for the asynchronous scan and send code, and written back on every change, so a reload,
 * a lost connection or leaving the screen keeps it. The job screens (`ScanJob`, `WaybillJob`) share it.
 */
export function useHeldWork<W>(store: HeldWorkStore<W>): HeldWorkState<W> {
  const storeRef = useRef(store);
  storeRef.current = store;
  const [work, setWork] = useState<W>(() => store.load());
  const workRef = useRef(work);

  const update = useCallback((change: (work: W) => W) => {
    const next = change(workRef.current);
    workRef.current = next;
    setWork(next);
    storeRef.current.save(next);
  }, []);

  const restart = useCallback((fresh: W) => {
    storeRef.current.forget();
    workRef.current = fresh;
    setWork(fresh);
  }, []);

  return { work, workRef, update, restart };
}

/** A refused scan or send: the error vibration and a red toast (spec 003 §9). */
export function failScan(text: string): void {
  vibrateError();
  toastError(text);
}
