import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Payer, PayType } from '@po/contract/constants';
import type { ParcelListRow } from '@po/contract/parcels/scans';
import { formatDateTime, formatMoney, formatWeight } from '@/lib/format';

/** The side panel of my parcels (spec 002 §2.6): the focused parcel's properties. */
export function ParcelProperties({ row }: { row: ParcelListRow | null }) {
  const { t } = useTranslation('scan');
  const items: Array<[string, string]> = row
    ? [
        [t('columns.barcode'), row.Barcode],
        [t('props.sendType'), row.SendType],
        [t('columns.status'), row.CurStatusName],
        [t('props.delivery'), row.DeliveryStatus],
        [t('props.deliveryDate'), row.DeliveryDate ? formatDateTime(row.DeliveryDate) : '—'],
        [
          t('props.firstVisit'),
          row.Lname ? `${row.Lname} ${row.Ldate ? formatDateTime(row.Ldate) : ''}` : '—',
        ],
        [t('props.late'), String(row.Late)],
        [t('props.fild1'), row.Fild1 || '—'],
        [t('props.fild2'), row.Fild2 || '—'],
        [t('props.description'), row.Description || '—'],
        [t('columns.comment'), row.Signature || '—'],
        [t('props.packages'), String(row.NumberOfPackages)],
        [t('props.weight'), formatWeight(row.Weight)],
        [t('props.dims'), `${row.Width} × ${row.Height}`],
        [t('props.value'), formatMoney(row.Value)],
        [t('props.payType'), row.PaymetType === PayType.Cash ? t('props.cash') : t('props.nonCash')],
        [
          t('props.payer'),
          row.Whopays === Payer.Receiver ? t('props.payerReceiver') : t('props.payerSender'),
        ],
        [t('props.office'), row.LoginExt || '—'],
        [t('props.bag'), row.BagName || '—'],
        [t('props.modified'), formatDateTime(row.ModifiedDate)],
      ]
    : [];
  return (
    <Paper withBorder p="md" w={{ base: '100%', lg: 320 }} aria-label={t('props.title')} component="aside">
      <Stack gap="xs">
        <Title order={4}>{t('props.title')}</Title>
        {!row && <Text c="dimmed">{t('props.none')}</Text>}
        <SimpleGrid cols={1} spacing={4}>
          {items.map(([label, value]) => (
            <div key={label}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text size="sm">{value}</Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
