import { useState } from 'react';
import { Button, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Handover } from '@po/contract/files';
import type { FinderStats } from '@po/contract/parcels/finder';
import type { ParcelPhoto } from '@po/contract/proof/photos';
import { PieChart } from '@/components/charts/pie-chart';
import { PhotoGallery } from './photo-gallery';
import { SignatureView } from './signature-view';

/** The chart's slices: the text key under `chart.*`, the count of the result and the colour. */
const SLICES = [
  ['total', 'Total', 'blue-6'],
  ['inProgress', 'InProgress', 'yellow-5'],
  ['delivered', 'Delivered', 'green-6'],
  ['notDelivered', 'NotDelivered', 'red-6'],
  ['confirmed', 'Confirmed', 'teal-4'],
  ['notConfirmed', 'NotConfirmed', 'gray-5'],
] as const;

/** The six-slice chart of a result (spec 001 §2.6, §2.7). */
export function FinderChart({ stats, ns }: { stats: FinderStats; ns: string }) {
  const { t } = useTranslation(ns);
  return (
    <Paper withBorder p="sm" data-testid="finder-chart">
      <PieChart
        title={t('chart.title')}
        slices={SLICES.map(([key, field, color]) => ({
          key,
          label: t(`chart.${key}`),
          value: stats[field],
          color: `var(--mantine-color-${color})`,
        }))}
      />
    </Paper>
  );
}

/** What the print controls print: the notification card, the parcel report, the scanned bill. */
export type PrintKind = 'card' | 'report' | 'bill';

export interface PrintPanelProps {
  ns: string;
  /** the focused parcel's signature as a data URL, or none */
  signature: string | null;
  /** the focused parcel's handover (courier, comment), shown with the signature */
  handover: Handover | null;
  /** the focused parcel's proof photos (issue 40), shown under the signature */
  photos?: readonly ParcelPhoto[];
  focused: boolean;
  canPrint: boolean;
  printing: boolean;
  print: (kind: PrintKind) => void;
  /** three buttons (the finder) or a print-mode selector, print and the scanned bill (the archives) */
  controls: 'buttons' | 'selector';
  /** a delete button for the focused parcel (the live finder) */
  onDelete?: () => void;
}

/** The signature of the focused parcel and its print controls (spec 001 §2.6, §2.7). */
export function PrintPanel({
  ns,
  signature,
  handover,
  photos = [],
  focused,
  canPrint,
  printing,
  print,
  controls,
  onDelete,
}: PrintPanelProps) {
  const { t } = useTranslation(ns);
  const [mode, setMode] = useState<'report' | 'card'>('report');
  const button = (kind: PrintKind, label: string, variant?: 'light') => (
    <Button disabled={!canPrint} loading={printing} variant={variant} onClick={() => print(kind)}>
      {label}
    </Button>
  );
  return (
    <Paper withBorder p="sm" aria-label={t('print.title')} role="region">
      <Stack gap="xs">
        <Text fw={600}>{t('print.signature')}</Text>
        {signature ? (
          <SignatureView ns={ns} signature={signature} handover={handover} />
        ) : (
          <Text size="sm" c="dimmed">
            {focused ? t('print.noSignature') : t('print.focusHint')}
          </Text>
        )}
        {photos.length > 0 && <PhotoGallery ns={ns} photos={photos} />}
        {controls === 'selector' ? (
          <>
            <SegmentedControl
              orientation="vertical"
              fullWidth
              size="xs"
              aria-label={t('print.mode')}
              value={mode}
              onChange={(v) => setMode(v as 'report' | 'card')}
              data={[
                { value: 'report', label: t('print.modeParcel') },
                { value: 'card', label: t('print.modeBill') },
              ]}
            />
            {button(mode, t('print.parcel'))}
            <Button
              disabled={!canPrint}
              loading={printing}
              variant="light"
              h="auto"
              py={6}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
              onClick={() => print('bill')}
            >
              {t('print.scanned')}
            </Button>
          </>
        ) : (
          <>
            {button('card', t('print.card'))}
            {button('report', t('print.report'), 'light')}
            {button('bill', t('print.bill'), 'light')}
          </>
        )}
        {onDelete && (
          <Button disabled={!focused} color="red" variant="subtle" onClick={onDelete}>
            {t('delete.button')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
