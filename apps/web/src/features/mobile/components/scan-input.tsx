import { ActionIcon, TextInput } from '@mantine/core';
import { IconBarcode, IconQrcode } from '@tabler/icons-react';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { useTranslation } from 'react-i18next';
import { refocus } from '@/lib/refocus';

// The camera (zxing-wasm) loads only when a camera button is pressed.
const CameraScanner = lazy(() => import('./camera-scanner'));

/** How a code was entered: typed by a keyboard-wedge scanner or by hand, or read by the camera. */
export type ScanVia = 'typed' | 'camera';

export interface ScanInputHandle {
  /** focuses the input 200 ms later (after a popup closes, spec 003 §9) */
  focusSoon: () => void;
  focus: () => void;
}

export interface ScanInputProps {
  /** handles one code as entered (the screen applies the rules); answers whether it was taken */
  onScan: (raw: string, via: ScanVia) => Promise<boolean>;
  /** positions already listed ('to send: N positions' in the camera popup) */
  toSend: number;
  disabled?: boolean;
  ref?: Ref<ScanInputHandle>;
}

/**
 * Hands the codes over one at a time in the order they were entered: a code typed while the one before
 * is still checked on the server waits its turn, so a scanner's fast rhythm loses nothing and the rules
 * (a repeated code, a parcel of a listed registry) see every code before it.
 */
function useScanQueue(onScan: ScanInputProps['onScan']): (code: string) => void {
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;
  const queue = useRef<string[]>([]);
  const running = useRef(false);
  return useCallback((code: string) => {
    queue.current.push(code);
    if (running.current) return;
    running.current = true;
    void (async () => {
      try {
        for (let next = queue.current.shift(); next !== undefined; next = queue.current.shift())
          await onScanRef.current(next, 'typed').catch(() => false);
      } finally {
        running.current = false;
      }
    })();
  }, []);
}

/** Focus returns to the scan field this long after a popup closes (spec 003 §9). */
const REFOCUS_MS = 200;

/**
 * The courier's scan input (spec 003 §2 "Shared mobile screen elements"): Enter hands the code over,
 * one at a time; a QR-camera button on the left and a barcode-camera button on the right open the
 * camera popup.
 */
export function ScanInput({ onScan, toSend, disabled = false, ref }: ScanInputProps) {
  const { t } = useTranslation('mobile');
  const [code, setCode] = useState('');
  const [camera, setCamera] = useState<null | 'qr' | 'barcode'>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const handOver = useScanQueue(onScan);
  // later, the focus goes back unless the courier has meanwhile gone into the comment
  const focusSoon = () => setTimeout(() => refocus(inputRef.current), REFOCUS_MS);
  useImperativeHandle(ref, () => ({ focusSoon, focus: () => inputRef.current?.focus() }), []);
  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  // The box is never disabled while a code is checked: a scanner types the next code at once, and a
  // disabled box would lose the focus and the characters it sends.
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const value = e.currentTarget.value;
    setCode('');
    if (value.trim()) handOver(value);
  };

  return (
    <>
      <TextInput
        ref={inputRef}
        size="lg"
        label={t('job.scan')}
        placeholder={t('job.scanPlaceholder')}
        value={code}
        disabled={disabled}
        autoComplete="off"
        autoCapitalize="characters"
        onChange={(e) => setCode(e.currentTarget.value)}
        onKeyDown={onKey}
        leftSection={
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t('camera.qr')}
            disabled={disabled}
            onClick={() => setCamera('qr')}
          >
            <IconQrcode />
          </ActionIcon>
        }
        rightSection={
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t('camera.barcode')}
            disabled={disabled}
            onClick={() => setCamera('barcode')}
          >
            <IconBarcode />
          </ActionIcon>
        }
        leftSectionPointerEvents="all"
        rightSectionPointerEvents="all"
        data-testid="scan-input"
      />
      {camera && (
        <Suspense fallback={null}>
          <CameraScanner
            kind={camera}
            toSend={toSend}
            onScan={(c) => onScan(c, 'camera')}
            onClose={() => {
              setCamera(null);
              focusSoon();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
