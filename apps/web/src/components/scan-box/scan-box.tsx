import { Loader, TextInput } from '@mantine/core';
import {
  useCallback,
  useImperativeHandle,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { useTranslation } from 'react-i18next';
import { refocus } from '@/lib/refocus';
import { ScanPopupDialog } from './scan-popup';
import { useScanQueue } from './scan-queue';
import classes from './scan-box.module.css';

export { POPUP_WIDTH } from './scan-popup';
export { REFOCUS_MS } from './scan-queue';

/**
 * What a scan led to, shown in the scan box's popup (spec 002 §1, §8), in the colours of its kind:
 * - `duplicate`: the code is already in the list (blue);
 * - `error`: the server refused (red; the error is also a 3 s toast);
 * - `info`: anything else the screen wants to say (blue).
 */
export type ScanPopupKind = 'info' | 'duplicate' | 'error';
export interface ScanPopup {
  kind: ScanPopupKind;
  message: ReactNode;
  /** a heading above the message */
  title?: string;
}

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
  const focus = useCallback(() => inputRef.current?.focus(), []);
  // after a popup: back into the box, unless the operator has meanwhile gone into another field
  const giveFocusBack = useCallback(() => refocus(inputRef.current), []);
  const { busy, waiting, popup, popupOpen, typed, submit, close, reset } = useScanQueue({
    onScan,
    isDuplicate,
    duplicateMessage,
    blocked,
    t,
    focus: giveFocusBack,
  });

  useImperativeHandle(
    ref,
    () => ({
      focus,
      reset: () => {
        setValue('');
        reset();
      },
    }),
    [focus, reset],
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
      <ScanPopupDialog popup={popup} onClose={close} typed={typed} />
    </>
  );
}
