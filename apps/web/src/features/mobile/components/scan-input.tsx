import { ActionIcon, TextInput } from '@mantine/core';
import { IconBarcode, IconQrcode } from '@tabler/icons-react';
import {
  lazy,
  Suspense,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { useTranslation } from 'react-i18next';

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
  const [busy, setBusy] = useState(false);
  const [camera, setCamera] = useState<null | 'qr' | 'barcode'>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const focusSoon = () => setTimeout(() => inputRef.current?.focus(), REFOCUS_MS);
  useImperativeHandle(ref, () => ({ focusSoon, focus: () => inputRef.current?.focus() }), []);
  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const onKey = async (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || busy) return;
    e.preventDefault();
    const value = code;
    setCode('');
    setBusy(true);
    try {
      await onScan(value, 'typed');
    } finally {
      setBusy(false);
      inputRef.current?.focus();
    }
  };

  return (
    <>
      <TextInput
        ref={inputRef}
        size="lg"
        label={t('job.scan')}
        placeholder={t('job.scanPlaceholder')}
        value={code}
        disabled={busy || disabled}
        autoComplete="off"
        autoCapitalize="characters"
        onChange={(e) => setCode(e.currentTarget.value)}
        onKeyDown={(e) => void onKey(e)}
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
