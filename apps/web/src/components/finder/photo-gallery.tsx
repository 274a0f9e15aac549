import { useState } from 'react';
import {
  ActionIcon,
  Group,
  Image,
  Modal,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ParcelPhoto } from '@po/contract/proof/photos';
import { formatDateTime } from '@/lib/format';
import { photoSrc } from '@/lib/proof-photos';

const ZOOMS = [1, 1.5, 2, 3] as const;

/**
 * The focused parcel's proof photos beside its signature (issue 40): thumbnails in the side panel; a
 * click opens a photo large, with the previous and next one and a zoom (the picture scrolls when zoomed).
 */
export function PhotoGallery({ ns, photos }: { ns: string; photos: readonly ParcelPhoto[] }) {
  const { t } = useTranslation(ns);
  const [open, setOpen] = useState<number | null>(null);
  const [zoom, setZoom] = useState(0);
  const shown = open === null ? null : photos[open];
  const caption = (p: ParcelPhoto) =>
    t('photos.caption', { status: p.Status, date: formatDateTime(p.Date), name: p.CourierName });
  const go = (i: number) => {
    setOpen((i + photos.length) % photos.length);
    setZoom(0);
  };
  return (
    <Stack gap={4} data-testid="photo-gallery">
      <Text fw={600}>{t('photos.title', { count: photos.length })}</Text>
      <SimpleGrid cols={3} spacing={4}>
        {photos.map((p, i) => (
          <UnstyledButton
            key={`${p.Hash}-${i}`}
            onClick={() => go(i)}
            aria-label={t('photos.open', { n: i + 1 })}
            title={caption(p)}
          >
            <Image
              src={photoSrc(p.Url)}
              alt={t('photos.alt', { n: i + 1 })}
              h={72}
              fit="cover"
              radius={4}
              style={{ border: '1px solid var(--mantine-color-gray-4)' }}
              data-testid="photo-thumb"
            />
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Modal
        opened={shown !== null}
        onClose={() => setOpen(null)}
        title={open === null ? '' : t('photos.of', { n: open + 1, count: photos.length })}
        size="xl"
        centered
      >
        {shown && (
          <Stack gap="xs">
            <Group justify="space-between">
              <Group gap={4}>
                <ActionIcon
                  variant="light"
                  aria-label={t('photos.previous')}
                  disabled={photos.length < 2}
                  onClick={() => go(open! - 1)}
                >
                  ‹
                </ActionIcon>
                <ActionIcon
                  variant="light"
                  aria-label={t('photos.next')}
                  disabled={photos.length < 2}
                  onClick={() => go(open! + 1)}
                >
                  ›
                </ActionIcon>
              </Group>
              <Group gap={4}>
                <ActionIcon
                  variant="light"
                  aria-label={t('photos.zoomOut')}
                  disabled={zoom === 0}
                  onClick={() => setZoom((z) => Math.max(0, z - 1))}
                >
                  −
                </ActionIcon>
                <Text size="sm" w={48} ta="center" data-testid="photo-zoom">
                  {Math.round(ZOOMS[zoom] * 100)}%
                </Text>
                <ActionIcon
                  variant="light"
                  aria-label={t('photos.zoomIn')}
                  disabled={zoom === ZOOMS.length - 1}
                  onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
                >
                  +
                </ActionIcon>
              </Group>
            </Group>
            <ScrollArea h="65vh" type="auto">
              <img
                src={photoSrc(shown.Url)}
                alt={t('photos.alt', { n: open! + 1 })}
                data-testid="photo-large"
                style={{
                  display: 'block',
                  width: `${ZOOMS[zoom] * 100}%`,
                  height: 'auto',
                  cursor: 'zoom-in',
                }}
                onClick={() => setZoom((z) => (z + 1) % ZOOMS.length)}
              />
            </ScrollArea>
            <Text size="sm">{caption(shown)}</Text>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
