import { useState } from 'react';
import { Image, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Handover } from '@po/contract/files';
import { formatDateTime } from '@/lib/format';

/**
 * The recipient's signature at the width of the side panel (not a thumbnail), with who handed the parcel
 * over, when and what the courier wrote; a click opens it large in a dialog.
 */
export function SignatureView({
  ns,
  signature,
  handover,
}: {
  ns: string;
  /** the signature as a data URL */
  signature: string;
  handover: Handover | null;
}) {
  const { t } = useTranslation(ns);
  const [open, setOpen] = useState(false);
  const caption = handover?.CourierName
    ? t('print.handedOverBy', {
        name: handover.CourierName,
        date: handover.Date ? formatDateTime(handover.Date) : '',
      })
    : null;
  const image = (maw?: number) => (
    <Image
      src={signature}
      alt={t('print.signature')}
      fit="contain"
      w="100%"
      maw={maw}
      bg="white"
      style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4 }}
      data-testid={maw ? 'signature-large' : 'signature-image'}
    />
  );
  return (
    <Stack gap={4}>
      <UnstyledButton
        onClick={() => setOpen(true)}
        aria-label={t('print.enlarge')}
        title={t('print.enlarge')}
      >
        {image()}
      </UnstyledButton>
      {caption && (
        <Text size="sm" data-testid="signature-courier">
          {caption}
        </Text>
      )}
      {handover?.Comment && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="signature-comment">
          {t('print.courierComment', { comment: handover.Comment })}
        </Text>
      )}
      <Modal opened={open} onClose={() => setOpen(false)} title={t('print.signature')} size="xl" centered>
        <Stack gap="xs">
          {image(760)}
          {caption && <Text>{caption}</Text>}
          {handover?.Comment && <Text>{t('print.courierComment', { comment: handover.Comment })}</Text>}
        </Stack>
      </Modal>
    </Stack>
  );
}
