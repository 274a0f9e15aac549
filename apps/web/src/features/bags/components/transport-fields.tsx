import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import { useMemo, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session';
import { notifyError } from '@/lib/notify';
import { checkDriver, useOffices } from '../api/bags';

export interface Transport {
  car: string;
  driver: string;
  driverName: string;
  office: string | null;
}

export interface TransportRefs {
  driver: RefObject<HTMLInputElement | null>;
  car: RefObject<HTMLInputElement | null>;
  office: RefObject<HTMLInputElement | null>;
}

/**
 * The bag's transport (spec 002 §2.14): the driver with the check at the revenue service and the name
 * it answers, the car number, the receiving office (any but mine). Locked while a bag is open.
 */
export function TransportFields({
  value,
  onChange,
  refs,
  locked,
}: {
  value: Transport;
  onChange: (next: Partial<Transport>) => void;
  refs: TransportRefs;
  locked: boolean;
}) {
  const { t } = useTranslation('bags');
  const session = useSession();
  const offices = useOffices();
  const officeItems = useMemo(
    () =>
      (offices.data ?? [])
        .filter((o) => o.GUID !== session?.note.OfficeGUID)
        .map((o) => ({ value: o.GUID, label: o.Name })),
    [offices.data, session?.note.OfficeGUID],
  );

  async function verifyDriver() {
    const id = value.driver.trim();
    if (!id) {
      notifyError(t('messages.driverRequired'));
      return refs.driver.current?.focus();
    }
    try {
      const name = await checkDriver(id);
      if (!name || name === 'null') {
        onChange({ driverName: '' });
        notifyError(t('messages.driverNotFound', { id }));
      } else onChange({ driverName: name });
    } catch (err) {
      notifyError(t('messages.rsError', { error: err instanceof Error ? err.message : String(err) }));
    }
  }

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        ref={refs.driver}
        label={t('fields.driver')}
        value={value.driver}
        onChange={(e) => onChange({ driver: e.currentTarget.value, driverName: '' })}
        w={160}
        disabled={locked}
      />
      <Button variant="light" onClick={() => void verifyDriver()} disabled={locked}>
        {t('actions.checkDriver')}
      </Button>
      <Text size="sm" data-testid="driver-name" mb={6} miw={120}>
        {value.driverName}
      </Text>
      <TextInput
        ref={refs.car}
        label={t('fields.car')}
        value={value.car}
        onChange={(e) => onChange({ car: e.currentTarget.value.toUpperCase() })}
        w={140}
        disabled={locked}
      />
      <Select
        ref={refs.office}
        label={t('fields.office')}
        data={officeItems}
        value={value.office}
        onChange={(office) => onChange({ office })}
        searchable
        w={240}
        disabled={locked}
        nothingFoundMessage={t('nothingFound')}
      />
    </Group>
  );
}
