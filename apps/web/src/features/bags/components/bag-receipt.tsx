import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CallData } from '@po/contract';
import type { ReceiveBag } from '@po/contract/bags';
import { formatWeight } from '@/lib/format';

export type Received = CallData<typeof ReceiveBag>;

/** What receiving a bag found: declared against counted parcels and weight, the missing barcodes. */
export function BagReceipt({ received, onClose }: { received: Received; onClose: () => void }) {
  const { t } = useTranslation('bags');
  const bag = received.Bags[0];
  if (!bag) return null;
  return (
    <Alert
      color={received.Declared === received.Counted ? 'green' : 'red'}
      title={t('receipt.title', { bag: bag.BagName })}
      data-testid="bag-receipt"
      withCloseButton
      onClose={onClose}
    >
      <Text size="sm">{t('receipt.counts', { declared: received.Declared, counted: received.Counted })}</Text>
      <Text size="sm">
        {t('receipt.weights', {
          declared: received.DeclaredWeight == null ? '—' : formatWeight(received.DeclaredWeight),
          counted: formatWeight(received.CountedWeight),
        })}
      </Text>
      {received.Missing.length > 0 && (
        <Text size="sm" fw={700}>
          {t('receipt.missing', { list: received.Missing.join(', ') })}
        </Text>
      )}
    </Alert>
  );
}
