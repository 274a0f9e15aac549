import { ActionIcon, Box, Button, FileButton, Group, Image, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconCamera, IconPhoto, IconX } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProofPhoto } from '../lib/held-photos';
import { PhotoLimits, shrinkFile } from '../lib/photo-shrink';
import { failScan } from '../lib/use-held-work';

// The camera's code loads when the courier first opens it.
const PhotoCamera = lazy(() => import('./photo-camera'));

export interface ProofPhotosProps {
  photos: ProofPhoto[];
  onAdd: (data: string) => void;
  onRemove: (id: string) => void;
  /** the job's rule asks for a photo */
  required: boolean;
  disabled?: boolean;
}

/**
 * The proof photos of a courier job (issue 40): one to three taken with the rear camera or picked from
 * the gallery, made small on the phone, shown as thumbnails the courier can remove before sending.
 * The handover, the status change and the hand to courier show it (the shared job screen).
 */
export function ProofPhotos({ photos, onAdd, onRemove, required, disabled }: ProofPhotosProps) {
  const { t } = useTranslation('mobile');
  const [camera, setCamera] = useState(false);
  const [reading, setReading] = useState(false);
  const room = PhotoLimits.perJob - photos.length;

  const pick = (files: File[]) => {
    const take = files.slice(0, room);
    if (files.length > room) failScan(t('proof.max', { max: PhotoLimits.perJob }));
    if (take.length === 0) return;
    setReading(true);
    void (async () => {
      for (const file of take) {
        try {
          onAdd(await shrinkFile(file));
        } catch {
          failScan(t('proof.unreadable', { name: file.name }));
        }
      }
    })().finally(() => setReading(false));
  };

  return (
    <Paper withBorder p="xs" data-testid="proof-photos">
      <Group justify="space-between" wrap="nowrap" mb={photos.length ? 'xs' : 0}>
        <Text size="sm" fw={600} c={required && photos.length === 0 ? 'red.8' : undefined}>
          {t('proof.title', { n: photos.length, max: PhotoLimits.perJob })}
          {required && photos.length === 0 ? ` · ${t('proof.required')}` : ''}
        </Text>
        <Group gap={6} wrap="nowrap">
          <Button
            size="compact-md"
            variant="light"
            leftSection={<IconCamera size={18} />}
            disabled={disabled || room <= 0}
            onClick={() => setCamera(true)}
          >
            {t('proof.take')}
          </Button>
          <FileButton onChange={pick} accept="image/*" multiple disabled={disabled || room <= 0}>
            {(props) => (
              <ActionIcon
                {...props}
                size="lg"
                variant="light"
                loading={reading}
                aria-label={t('proof.gallery')}
                data-testid="photo-gallery"
              >
                <IconPhoto size={20} />
              </ActionIcon>
            )}
          </FileButton>
        </Group>
      </Group>
      {photos.length > 0 && (
        <SimpleGrid cols={PhotoLimits.perJob} spacing={6}>
          {photos.map((p, i) => (
            <Box key={p.id} pos="relative" data-testid="proof-photo">
              <Image src={p.data} alt={t('proof.alt', { n: i + 1 })} radius="sm" h={96} fit="cover" />
              <ActionIcon
                pos="absolute"
                top={4}
                right={4}
                size="md"
                radius="xl"
                color="red"
                variant="filled"
                aria-label={t('proof.remove', { n: i + 1 })}
                onClick={() => onRemove(p.id)}
              >
                <IconX size={16} />
              </ActionIcon>
            </Box>
          ))}
        </SimpleGrid>
      )}
      {camera && (
        <Suspense fallback={null}>
          <PhotoCamera room={room} onTake={onAdd} onClose={() => setCamera(false)} />
        </Suspense>
      )}
    </Paper>
  );
}
