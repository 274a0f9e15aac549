import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shrinkFrame } from '../lib/photo-shrink';
import { useRearCamera } from '../lib/rear-camera';

export interface PhotoCameraProps {
  /** photos the job may still take */
  room: number;
  /** a taken photo, already small (JPEG `data:` URL) */
  onTake: (data: string) => void;
  onClose: () => void;
}

/**
 * The proof photo camera: the rear camera filling the popup's width and a capture button; each press
 * keeps the frame shown, made small on the phone. It closes by itself when the job has its photos.
 */
export default function PhotoCamera({ room, onTake, onClose }: PhotoCameraProps) {
  const { t } = useTranslation('mobile');
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState('');
  const [taking, setTaking] = useState(false);
  const { ready, error: cameraError } = useRearCamera(video, { size: { width: 1920, height: 1080 } });
  const error = cameraError || failed;

  const take = () => {
    const v = video.current;
    if (!v || !ready || v.videoWidth === 0) return;
    setTaking(true);
    shrinkFrame(v)
      .then((data) => {
        onTake(data);
        if (room <= 1) onClose();
      })
      .catch((err: unknown) => setFailed(err instanceof Error ? err.message : String(err)))
      .finally(() => setTaking(false));
  };

  return (
    <Modal opened onClose={onClose} title={t('proof.cameraTitle')} centered size="md">
      <Stack gap="xs">
        <video
          ref={video}
          muted
          playsInline
          style={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', background: '#000' }}
          data-testid="photo-video"
        />
        {error && (
          <Text c="red" size="sm">
            {t('proof.cameraError', { error })}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {t('proof.room', { n: room })}
        </Text>
        <Group grow>
          <Button variant="default" onClick={onClose}>
            {t('proof.close')}
          </Button>
          <Button
            leftSection={<IconCamera size={18} />}
            onClick={take}
            loading={taking}
            disabled={!ready || room <= 0}
          >
            {t('proof.capture')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
