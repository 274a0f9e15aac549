import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { ActionIcon, Group, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { base64DataUrl } from '@/components/print/data-url';

/**
 * The 'scanned bill' popup of the old archive (spec 001 §2.8): the image and the barcode in a window the
 * user drags by its title bar; Escape or the close button closes it. Texts under `billPopup.*` of `ns`.
 */
export function BillPopup({
  barcode,
  bill,
  loading,
  onClose,
  ns,
}: {
  ns: string;
  barcode: string;
  bill: string | null | undefined;
  loading: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(ns);
  const [pos, setPos] = useState({ x: 120, y: 120 });
  const drag = useRef<{ dx: number; dy: number } | null>(null);
  const url = base64DataUrl(bill);
  const down = (e: ReactPointerEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest('button')) return; // the close button keeps its click
    drag.current = { dx: e.clientX - pos.x, dy: e.clientY - pos.y };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const move = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setPos({ x: Math.max(0, e.clientX - drag.current.dx), y: Math.max(0, e.clientY - drag.current.dy) });
  };
  return (
    <Paper
      role="dialog"
      aria-label={t('billPopup.title')}
      withBorder
      shadow="lg"
      p={0}
      style={{ position: 'fixed', left: pos.x, top: pos.y, zIndex: 300, width: 460 }}
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
      data-testid="bill-popup"
    >
      <Group
        justify="space-between"
        px="sm"
        py={6}
        bg="var(--mantine-color-blue-light)"
        style={{ cursor: 'move', userSelect: 'none', touchAction: 'none' }}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={() => (drag.current = null)}
        data-testid="bill-popup-handle"
      >
        <Text fw={600}>{t('billPopup.title')}</Text>
        <ActionIcon variant="subtle" aria-label={t('billPopup.close')} onClick={onClose} autoFocus>
          ×
        </ActionIcon>
      </Group>
      <Stack p="sm" gap="xs">
        <Text data-testid="bill-barcode">{barcode}</Text>
        {loading ? (
          <Loader size="sm" />
        ) : url ? (
          <Image src={url} alt={t('billPopup.title')} mah={480} fit="contain" />
        ) : (
          <Text c="red">{t('billPopup.notFound')}</Text>
        )}
      </Stack>
    </Paper>
  );
}
