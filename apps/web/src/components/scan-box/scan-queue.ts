import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { cleanBarcode } from '@po/contract/barcode';
import { Code } from '@po/contract/envelope';
import { notifyError } from '@/lib/notify';
import type { ScanPopup } from './scan-box';

/** Focus goes back to the scan box this long after a popup closes (§1, §9). */
export const REFOCUS_MS = 200;

/** A popup on screen; its id tells one popup from the next with the same text. */
export interface ShownPopup extends ScanPopup {
  id: number;
}

export interface ScanQueueOptions {
  onScan: (code: string) => Promise<ScanPopup | null | void>;
  isDuplicate?: (code: string) => boolean;
  duplicateMessage?: (code: string) => ReactNode;
  blocked: boolean;
  /** the scan namespace's texts (the duplicate and failure messages) */
  t: (key: string, options?: Record<string, unknown>) => string;
  /** puts the focus back into the scan box (unless the user has gone into another field) */
  focus: () => void;
}

/**
 * The scan box's queue: codes are handed to `onScan` one at a time, in the order they were scanned;
 * codes that arrive while a request runs or a popup shows wait. A popup stops the queue until it is
 * closed (`close`), which gives the box the focus back after `REFOCUS_MS` and sends what the scanner
 * typed into the popup (`typed`) as the next code. `reset` forgets what waits (a new operation).
 */
export function useScanQueue(options: ScanQueueOptions) {
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState(0);
  const [popup, setPopup] = useState<ShownPopup | null>(null);

  // The latest options, read by the queue's loop (which outlives a render).
  const latest = useRef(options);
  latest.current = options;
  const queue = useRef<string[]>([]);
  const running = useRef(false);
  const popupOpen = useRef(false);
  /** keys typed while the popup is open: the start of the next code */
  const typed = useRef('');
  const popupSeq = useRef(0);
  const refocusTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const generation = useRef(0);

  const show = useCallback((p: ScanPopup) => {
    popupOpen.current = true;
    typed.current = '';
    setPopup({ ...p, id: ++popupSeq.current });
  }, []);

  /** One code: the blue popup for a duplicate, else the screen's answer (a thrown error: the red one). */
  const scanOne = useCallback(async (code: string, gen: number): Promise<ScanPopup | null | 'stop'> => {
    const { isDuplicate: dup, duplicateMessage: dupMsg, onScan: scan, t } = latest.current;
    if (dup?.(code)) {
      return { kind: 'duplicate', message: dupMsg ? dupMsg(code) : t('box.duplicate', { code }) };
    }
    try {
      return (await scan(code)) ?? null;
    } catch (err) {
      if (gen !== generation.current) return 'stop';
      if ((err as { code?: unknown } | null)?.code === Code.Unauthorized) {
        queue.current = [];
        return 'stop';
      }
      const message = err instanceof Error ? err.message : t('box.failed');
      notifyError(message);
      return { kind: 'error', message };
    }
  }, []);

  const pump = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    const gen = generation.current;
    try {
      while (queue.current.length > 0 && !popupOpen.current && !latest.current.blocked) {
        const code = queue.current.shift() as string;
        setWaiting(queue.current.length);
        const result = await scanOne(code, gen);
        if (result === 'stop' || gen !== generation.current) break;
        if (result) show(result);
      }
    } finally {
      running.current = false;
      setBusy(false);
      setWaiting(queue.current.length);
    }
  }, [scanOne, show]);

  const submit = useCallback(
    (raw: string) => {
      const code = cleanBarcode(raw);
      if (!code) return;
      queue.current.push(code);
      setWaiting(queue.current.length);
      void pump();
    },
    [pump],
  );

  const close = useCallback(() => {
    if (!popupOpen.current) return;
    popupOpen.current = false;
    const next = typed.current;
    typed.current = '';
    setPopup(null);
    if (refocusTimer.current) clearTimeout(refocusTimer.current);
    refocusTimer.current = setTimeout(() => {
      refocusTimer.current = null;
      latest.current.focus();
    }, REFOCUS_MS);
    // a code typed into the popup and ended with Enter is not lost: it is the next scan
    if (next.trim()) queue.current.push(cleanBarcode(next));
    void pump();
  }, [pump]);

  const reset = useCallback(() => {
    generation.current += 1;
    queue.current = [];
    setWaiting(0);
    if (popupOpen.current) close();
    else latest.current.focus();
  }, [close]);

  // A lookup that was empty and is chosen now: send what waited.
  const { blocked } = options;
  useEffect(() => {
    if (!blocked) void pump();
  }, [blocked, pump]);

  useEffect(
    () => () => {
      if (refocusTimer.current) clearTimeout(refocusTimer.current);
    },
    [],
  );

  return { busy, waiting, popup, popupOpen, typed, submit, close, reset };
}
