import { Button, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RegisteredParcel } from '@po/contract/registration';
import { formatMoney } from '@/lib/format';
import { NotificationCardPreview } from '@/components/print/notification-card';

export interface InfoPopupProps {
  parcel: RegisteredParcel | null;
  onClose: () => void;
  onPrint: (p: RegisteredParcel) => void;
}

/** The information popup after registration (spec 002 §2.1): barcode, price and the card with a print button. */
export function InfoPopup({ parcel, onClose, onPrint }: InfoPopupProps) {
  const { t } = useTranslation('registration');
  return (
    <Modal opened={!!parcel} onClose={onClose} title={t('info.title')} size={760} centered>
      {parcel && (
        <Stack>
          <Group gap="xl">
            <div>
              <Text size="xs" c="dimmed">
                {t('info.barcode')}
              </Text>
              <Text fw={700} ff="monospace" size="lg" data-testid="info-barcode">
                {parcel.Barcode}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                {t('info.price')}
              </Text>
              <Text fw={700} size="lg">
                {formatMoney(parcel.Value)}
              </Text>
            </div>
          </Group>
          <ScrollArea type="auto">
            <NotificationCardPreview parcel={parcel} />
          </ScrollArea>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('info.close')}
            </Button>
            <Button leftSection={<IconPrinter size={16} />} onClick={() => onPrint(parcel)}>
              {t('info.print')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
