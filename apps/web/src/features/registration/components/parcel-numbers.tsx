import { useMemo } from 'react';
import { Select, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PARCEL_TYPE } from '@po/contract/constants';
import { useParcelTypes } from '../api/lookups';
import { NUMBER_ORDER, type ParcelForm } from '../form-state';
import { NumberField } from './number-field';

export interface ParcelNumbersProps {
  value: ParcelForm;
  set: (patch: Partial<ParcelForm>) => void;
  disabled: boolean;
}

/** The parcel's type and its numbers: package count, weight (kg), length, width and height (cm). */
export function ParcelNumbers({ value, set, disabled }: ParcelNumbersProps) {
  const { t } = useTranslation('registration');
  const types = useParcelTypes();
  const typeData = useMemo(() => {
    const rows = (types.data ?? []).map((r) => ({ value: String(r.ID), label: r.Name }));
    return rows.length ? rows : [{ value: String(DEFAULT_PARCEL_TYPE), label: String(DEFAULT_PARCEL_TYPE) }];
  }, [types.data]);
  return (
    <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
      <Select
        label={t('parcel.type')}
        data={typeData}
        value={String(value.parcelType)}
        onChange={(v) => set({ parcelType: v ? Number(v) : DEFAULT_PARCEL_TYPE })}
        disabled={disabled}
        allowDeselect={false}
      />
      {NUMBER_ORDER.map((field) => (
        <NumberField
          key={field}
          field={field}
          label={t(`parcel.${field}`)}
          value={value[field]}
          onChange={(text) => set({ [field]: text })}
          disabled={disabled}
        />
      ))}
    </SimpleGrid>
  );
}
