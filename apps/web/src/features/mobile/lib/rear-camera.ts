import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

export interface RearCamera {
  /** the video shows frames */
  ready: boolean;
  /** why the camera could not start ('' while it works) */
  error: string;
}

/**
 * Shows the rear camera in a video element while the component lives (the barcode popup, the proof
 * photo camera): `getUserMedia` with facingMode environment, stopped on unmount. `onTrack` hears the
 * video track once it runs (the torch).
 */
export function useRearCamera(
  video: RefObject<HTMLVideoElement | null>,
  opts: { size?: { width: number; height: number }; onTrack?: (track: MediaStreamTrack | null) => void } = {},
): RearCamera {
  const { t } = useTranslation('mobile');
  const [ready, setReady] = useState(false);
  const [error, setError] = useState('');
  const onTrack = useRef(opts.onTrack);
  onTrack.current = opts.onTrack;
  const width = opts.size?.width;
  const height = opts.size?.height;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    if (!navigator.mediaDevices) {
      setError(t('camera.unavailable'));
      return;
    }
    const size = width && height ? { width: { ideal: width }, height: { ideal: height } } : {};
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: 'environment' }, ...size }, audio: false })
      .then((s) => {
        stream = s;
        if (stopped) return s.getTracks().forEach((tr) => tr.stop());
        const v = video.current;
        if (v) {
          v.srcObject = s;
          v.onloadeddata = () => setReady(true);
          void v.play().catch(() => undefined);
        }
        onTrack.current?.(s.getVideoTracks()[0] ?? null);
      })
      .catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)));
    return () => {
      stopped = true;
      stream?.getTracks().forEach((tr) => tr.stop());
    };
  }, [video, width, height, t]);

  return { ready, error };
}
