import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanBarcode } from '@po/contract/barcode';
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
// The reader's WebAssembly ships with the app (a hashed asset of the build), never from a CDN.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { beep } from '../lib/feedback';
import { useRearCamera } from '../lib/rear-camera';

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

const QR: ReaderOptions = { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 1 };
const LINEAR: ReaderOptions = {
  formats: ['Code128', 'Code39', 'Code93', 'EAN-13', 'EAN-8', 'ITF', 'Codabar', 'UPC-A'],
  tryHarder: true,
  maxNumberOfSymbols: 1,
};
/** Camera popup sizes of spec 003 §9. */
const POPUP_WIDTH = 350;
const SCANNER = { width: 300, height: 250 };
/** After a scan-button press with text present the popup closes after 1.5 s (§9). */
const CLOSE_AFTER_MS = 1500;
const isIOS = () => /iPad|iPhone|iPod/.test(navigator.userAgent);

export interface CameraScannerProps {
  kind: 'qr' | 'barcode';
  /** positions already listed */
  toSend: number;
  /** handles one code; answers whether it was taken */
  onScan: (code: string) => Promise<boolean>;
  onClose: () => void;
}

/**
 * The camera popup (spec 003 §2, §9): the rear camera in a 300x250 scanner, 'current: {scan}' and
 * 'to send: N positions', the torch except on iOS, a short sound on each read.
 */
export default function CameraScanner({ kind, toSend, onScan, onClose }: CameraScannerProps) {
  const { t } = useTranslation('mobile');
  const video = useRef<HTMLVideoElement>(null);
  const [current, setCurrent] = useState('');
  const [torch, setTorch] = useState<null | boolean>(null);
  const track = useRef<MediaStreamTrack | null>(null);
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;
  const { error } = useRearCamera(video, {
    onTrack: (tr) => {
      track.current = tr;
      const caps = (tr?.getCapabilities?.() ?? {}) as { torch?: boolean };
      if (caps.torch && !isIOS()) setTorch(false);
    },
  });

  useEffect(() => {
    let stopped = false;
    let last = '';
    const canvas = document.createElement('canvas');
    const g = canvas.getContext('2d', { willReadFrequently: true });

    const tick = async () => {
      const v = video.current;
      if (stopped || !g) return;
      // the popup's video may mount a frame later: look again at the next tick
      if (v && v.readyState >= 2 && v.videoWidth > 0) {
        canvas.width = v.videoWidth;
        canvas.height = v.videoHeight;
        g.drawImage(v, 0, 0);
        try {
          const [hit] = await readBarcodes(
            g.getImageData(0, 0, canvas.width, canvas.height),
            kind === 'qr' ? QR : LINEAR,
          );
          const text = cleanBarcode(hit?.text ?? '');
          if (text && text !== last) {
            last = text;
            setCurrent(text);
            beep();
            await onScanRef.current(text);
          }
        } catch {
          /* an unreadable frame: try the next one */
        }
      }
      if (!stopped) setTimeout(() => void tick(), 150);
    };
    void tick();
    return () => {
      stopped = true;
    };
  }, [kind]);

  const toggleTorch = () => {
    const next = !torch;
    void track.current
      ?.applyConstraints({ advanced: [{ torch: next } as MediaTrackConstraintSet] })
      .then(() => setTorch(next))
      .catch(() => setTorch(null));
  };

  /** The popup's scan button: with a code shown, take it and close after 1.5 s. */
  const [typed, setTyped] = useState('');
  const press = async () => {
    const text = typed.trim() || current;
    if (!text) return;
    if (typed.trim()) await onScan(typed);
    setTyped('');
    setTimeout(onClose, CLOSE_AFTER_MS);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size={POPUP_WIDTH}
      title={kind === 'qr' ? t('camera.titleQr') : t('camera.titleBarcode')}
      centered
    >
      <Stack gap="xs" align="center">
        <video
          ref={video}
          muted
          playsInline
          width={SCANNER.width}
          height={SCANNER.height}
          style={{ width: SCANNER.width, height: SCANNER.height, objectFit: 'cover', background: '#000' }}
          data-testid="camera-video"
        />
        {error && (
          <Text c="red" size="sm">
            {t('camera.error', { error })}
          </Text>
        )}
        <Text size="sm" data-testid="camera-current">
          {t('camera.current', { scan: current })}
        </Text>
        <Text size="sm">{t('camera.toSend', { n: toSend })}</Text>
        <TextInput
          w="100%"
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          placeholder={t('job.scan')}
        />
        <Group>
          {torch !== null && (
            <Button variant="light" onClick={toggleTorch}>
              {torch ? t('camera.torchOff') : t('camera.torchOn')}
            </Button>
          )}
          <Button onClick={() => void press()}>{t('camera.scan')}</Button>
          <Button variant="default" onClick={onClose}>
            {t('camera.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
