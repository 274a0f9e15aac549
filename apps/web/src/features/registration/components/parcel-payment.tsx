import { SegmentedControl, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Payer, PayType } from '@po/contract/constants';
import type { ParcelForm } from '../form-state';

export interface ParcelPaymentProps {
  value: ParcelForm;
  set: (patch: Partial<ParcelForm>) => void;
  disabled: boolean;
}

/** Who pays (the sender or the receiver) and how (non-cash or cash). */
export function ParcelPayment({ value, set, disabled }: ParcelPaymentProps) {
  const { t } = useTranslation('registration');
  const choices = [
    {
      key: 'payer',
      label: t('parcel.payer'),
      value: value.payer,
      data: [
        { value: String(Payer.Sender), label: t('parcel.payerSender') },
        { value: String(Payer.Receiver), label: t('parcel.payerReceiver') },
      ],
    },
    {
      key: 'payType',
      label: t('parcel.payType'),
      value: value.payType,
      data: [
        { value: String(PayType.NonCash), label: t('parcel.nonCash') },
        { value: String(PayType.Cash), label: t('parcel.cash') },
      ],
    },
  ] as const;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      {choices.map((c) => (
        <div key={c.key}>
          <Text size="sm" fw={500} mb={4}>
            {c.label}
          </Text>
          <SegmentedControl
            fullWidth
            value={String(c.value)}
            onChange={(v) => set({ [c.key]: Number(v) })}
            disabled={disabled}
            data={[...c.data]}
            aria-label={c.label}
          />
        </div>
      ))}
    </SimpleGrid>
  );
}
