import { Button, Group, Loader, Modal, Text, TextInput } from '@mantine/core';
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { useTranslation } from 'react-i18next';
import { cleanBarcode } from '@po/contract/barcode';
import { Code } from '@po/contract/envelope';
import { notifyError } from '@/lib/notify';
import classes from './scan-box.module.css';

/**
 * What a scan led to, shown in the scan box's popup (spec 002 §1, §8):
 * - `duplicate`: the code is already in the list (blue);
 * - `error`: the server refused (red shading; the error is also a 3 s toast);
 * - `info`: anything else the screen wants to say.
 */
export type ScanPopupKind = 'info' | 'duplicate' | 'error';
export interface ScanPopup {
  kind: ScanPopupKind;
  message: ReactNode;
  /** a heading above the message */
  title?: string;
}

/** Popup widths of the specification (§9): 600, or 680 for the server's longer error texts. */
export const POPUP_WIDTH = { normal: 600, wide: 680 } as const;
/** Focus goes back to the scan box this long after a popup closes (§1, §9). */
export const REFOCUS_MS = 200;

export interface ScanBoxHandle {
  focus: () => void;
  /** forgets queued codes and closes the popup (the screen's "new operation") */
  reset: () => void;
}

export interface ScanBoxProps {
  label: string;
  placeholder?: string;
  description?: string;
  /**
   * Processes one code (already trimmed and upper-cased). Codes are handed over one at a time, in the
   * order they were scanned; the next waits until this promise settles. Answer a popup to show, or
   * nothing. A thrown error (its message) is shown in the red popup and as a toast; a 401 is left to
   * the API client, which logs out.
   */
  onScan: (code: string) => Promise<ScanPopup | null | void>;
  /** The code is already in the screen's list: the blue popup instead of a call. */
  isDuplicate?: (code: string) => boolean;
  /** The blue popup's text for a duplicate code. */
  duplicateMessage?: (code: string) => ReactNode;
  /** Nothing is sent while true (e.g. a required lookup is empty); typed codes wait. */
  blocked?: boolean;
  autoFocus?: boolean;
  ref?: Ref<ScanBoxHandle>;
}

interface Shown extends ScanPopup {
  id: number;
}

/**
 * The scan box of every scan screen (spec 002 §1): Enter sends the code, which is trimmed and has its
 * Latin letters upper-cased (Georgian letters stay as they are). Only one request runs at a time, but
 * nothing a keyboard-wedge scanner types is lost: codes that arrive while a request runs, or while a
 * popup is open, wait in order and are sent one after another. A popup closes with Enter (or its
 * button; also Enter on the empty box, when it comes before the popup has taken the focus) and the box
 * gets the focus back 200 ms later.
 */
export function ScanBox({
  label,
  placeholder,
  description,
  onScan,
  isDuplicate,
  duplicateMessage,
  blocked = false,
  autoFocus = true,
  ref,
}: ScanBoxProps) {
  const { t } = useTranslation('scan');
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState(0);
  const [popup, setPopup] = useState<Shown | null>(null);

  // The latest props and state, read by the queue's loop (which outlives a render).
  const latest = useRef({ onScan, isDuplicate, duplicateMessage, blocked, t });
  latest.current = { onScan, isDuplicate, duplicateMessage, blocked, t };
  const queue = useRef<string[]>([]);
  const running = useRef(false);
  const popupOpen = useRef(false);
  /** keys typed while the popup is open: the start of the next code */
  const typedInPopup = useRef('');
  const popupSeq = useRef(0);
  const refocusTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const generation = useRef(0);

  const show = useCallback((p: ScanPopup) => {
    popupOpen.current = true;
    typedInPopup.current = '';
    setPopup({ ...p, id: ++popupSeq.current });
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
        const { isDuplicate: dup, duplicateMessage: dupMsg, onScan: scan, t: tr } = latest.current;
        if (dup?.(code)) {
          show({ kind: 'duplicate', message: dupMsg ? dupMsg(code) : tr('box.duplicate', { code }) });
          break;
        }
        let result: ScanPopup | null | void = null;
        try {
          result = await scan(code);
        } catch (err) {
          if (gen !== generation.current) break;
          const code401 = (err as { code?: unknown } | null)?.code === Code.Unauthorized;
          if (code401) {
            queue.current = [];
            break;
          }
          const message = err instanceof Error ? err.message : tr('box.failed');
          notifyError(message);
          result = { kind: 'error', message };
        }
        if (gen !== generation.current) break;
        if (result) show(result);
      }
    } finally {
      running.current = false;
      setBusy(false);
      setWaiting(queue.current.length);
    }
  }, [show]);

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

  const focus = useCallback(() => inputRef.current?.focus(), []);

  const close = useCallback(() => {
    if (!popupOpen.current) return;
    popupOpen.current = false;
    const typed = typedInPopup.current;
    typedInPopup.current = '';
    setPopup(null);
    if (refocusTimer.current) clearTimeout(refocusTimer.current);
    refocusTimer.current = setTimeout(() => {
      refocusTimer.current = null;
      focus();
    }, REFOCUS_MS);
    // a code typed into the popup and ended with Enter is not lost: it is the next scan
    if (typed.trim()) queue.current.push(cleanBarcode(typed));
    void pump();
  }, [focus, pump]);

  useImperativeHandle(
    ref,
    () => ({
      focus,
      reset: () => {
        generation.current += 1;
        queue.current = [];
        setWaiting(0);
        setValue('');
        if (popupOpen.current) close();
        else focus();
      },
    }),
    [focus, close],
  );

  // A lookup that was empty and is chosen now: send what waited.
  useEffect(() => {
    if (!blocked) void pump();
  }, [blocked, pump]);

  useEffect(
    () => () => {
      if (refocusTimer.current) clearTimeout(refocusTimer.current);
    },
    [],
  );

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    e.preventDefault();
    const raw = e.currentTarget.value;
    // Enter on an empty box while a popup shows (before the popup has taken the focus) answers it.
    if (popupOpen.current && !raw.trim()) {
      close();
      return;
    }
    // Clear the box at once: the scanner's next characters start the next code.
    e.currentTarget.value = '';
    setValue('');
    submit(raw);
  }

  function onPopupKeyDown(e: KeyboardEvent<HTMLElement>) {
    if (e.key === 'Enter') {
      e.preventDefault();
      e.stopPropagation();
      close();
    } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      // The scanner keeps typing while the popup shows: keep those characters for the next code.
      e.preventDefault();
      typedInPopup.current += e.key;
    }
  }

  const wide = popup?.kind === 'error';
  return (
    <>
      <TextInput
        ref={inputRef}
        label={label}
        description={description}
        placeholder={placeholder}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        autoFocus={autoFocus}
        autoComplete="off"
        spellCheck={false}
        aria-busy={busy}
        data-scan-box=""
        rightSection={busy ? <Loader size="xs" aria-label={t('box.busy', { count: waiting })} /> : undefined}
        classNames={{ input: classes.input }}
      />
      <Modal
        opened={popup != null}
        onClose={close}
        size={wide ? POPUP_WIDTH.wide : POPUP_WIDTH.normal}
        centered
        title={popup?.title}
        withCloseButton={!!popup?.title}
        returnFocus={false}
        transitionProps={{ duration: 0 }}
        classNames={{
          content: popup ? classes[popup.kind] : undefined,
          header: popup ? classes[popup.kind] : undefined,
        }}
        onKeyDown={onPopupKeyDown}
        data-kind={popup?.kind}
      >
        <Text role="alert" data-kind={popup?.kind} data-scan-popup="" className={classes.message}>
          {popup?.message}
        </Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={close} data-autofocus color={popup?.kind === 'error' ? 'red' : 'blue'}>
            {t('box.ok')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
