import { useMemo } from 'react';
import {
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { cleanBarcode } from '@po/contract/barcode';
import { DEFAULT_PARCEL_TYPE, Payer, PayType } from '@po/contract/constants';
import { useParcelTypes } from '../api/lookups';
import { LIMIT_PARAMS, normalizePrefix, numberError, type NumberField, type ParcelForm } from '../form-state';
import { SectionHeading } from './section-heading';

export interface ParcelBlockProps {
  value: ParcelForm;
  onChange: (next: ParcelForm) => void;
  onReset: () => void;
  /** saves barcode generation, auto-print and the prefix as this browser's defaults */
  onSaveDefaults: () => void;
  locked: boolean;
}

/** The parcel properties block (spec 002 §2.1); the price and the register button are in the action bar. */
export function ParcelBlock({ value, onChange, onReset, onSaveDefaults, locked }: ParcelBlockProps) {
  const { t } = useTranslation('registration');
  const types = useParcelTypes();
  const set = (patch: Partial<ParcelForm>) => onChange({ ...value, ...patch });
  const typeData = useMemo(() => {
    const rows = (types.data ?? []).map((r) => ({ value: String(r.ID), label: r.Name }));
    return rows.length ? rows : [{ value: String(DEFAULT_PARCEL_TYPE), label: String(DEFAULT_PARCEL_TYPE) }];
  }, [types.data]);
  const d = locked;

  /** A number field: kept exactly as typed; a broken rule shows under it, never a silent rewrite. */
  const numberInput = (field: NumberField, label: string) => {
    const error = numberError(field, value[field]);
    return (
      <TextInput
        id={`parcel-${field}`}
        label={label}
        value={value[field]}
        onChange={(e) => set({ [field]: e.currentTarget.value })}
        inputMode={field === 'packages' ? 'numeric' : 'decimal'}
        error={error ? t(error, LIMIT_PARAMS) : undefined}
        disabled={d}
        maxLength={12}
        autoComplete="off"
      />
    );
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('parcel.title')}>
      <SectionHeading title={t('parcel.title')} onReset={onReset} />
      <Stack gap="sm">
        <Group gap="md" align="flex-end">
          <Checkbox
            label={t('parcel.generate')}
            checked={value.generate}
            onChange={(e) => set({ generate: e.currentTarget.checked })}
            disabled={d}
          />
          <TextInput
            style={{ flex: 1, minWidth: 160 }}
            id="parcel-barcode"
            label={t('parcel.barcode')}
            value={value.barcode}
            onChange={(e) => set({ barcode: cleanBarcode(e.currentTarget.value) })}
            disabled={d || value.generate}
            readOnly={value.generate}
            maxLength={12}
            data-testid="barcode"
          />
          <TextInput
            w={90}
            id="parcel-prefix"
            label={t('parcel.prefix')}
            value={value.prefix}
            onChange={(e) => set({ prefix: normalizePrefix(e.currentTarget.value) })}
            disabled={d || !value.generate}
            maxLength={2}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('parcel.payer')}
            </Text>
            <SegmentedControl
              fullWidth
              value={String(value.payer)}
              onChange={(v) => set({ payer: Number(v) })}
              disabled={d}
              data={[
                { value: String(Payer.Sender), label: t('parcel.payerSender') },
                { value: String(Payer.Receiver), label: t('parcel.payerReceiver') },
              ]}
              aria-label={t('parcel.payer')}
            />
          </div>
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('parcel.payType')}
            </Text>
            <SegmentedControl
              fullWidth
              value={String(value.payType)}
              onChange={(v) => set({ payType: Number(v) })}
              disabled={d}
              data={[
                { value: String(PayType.NonCash), label: t('parcel.nonCash') },
                { value: String(PayType.Cash), label: t('parcel.cash') },
              ]}
              aria-label={t('parcel.payType')}
            />
          </div>
        </SimpleGrid>
        <Group gap="lg">
          <Checkbox
            label={t('parcel.urgent')}
            checked={value.urgent}
            onChange={(e) => set({ urgent: e.currentTarget.checked })}
            disabled={d}
          />
          <Checkbox
            label={t('parcel.doubled')}
            checked={value.doubled}
            onChange={(e) => set({ doubled: e.currentTarget.checked })}
            disabled={d}
          />
          <Checkbox
            label={t('parcel.autoPrint')}
            checked={value.autoPrint}
            onChange={(e) => set({ autoPrint: e.currentTarget.checked })}
          />
          <Button variant="subtle" size="compact-sm" onClick={onSaveDefaults}>
            {t('parcel.saveDefaults')}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('parcel.fild1')}
            value={value.fild1}
            onChange={(e) => set({ fild1: e.currentTarget.value })}
            disabled={d}
            maxLength={200}
          />
          <TextInput
            label={t('parcel.fild2')}
            value={value.fild2}
            onChange={(e) => set({ fild2: e.currentTarget.value })}
            disabled={d}
            maxLength={200}
          />
        </SimpleGrid>
        <Textarea
          label={t('parcel.description')}
          value={value.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
          disabled={d}
          maxLength={500}
          autosize
          minRows={1}
        />
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
          <Select
            label={t('parcel.type')}
            data={typeData}
            value={String(value.parcelType)}
            onChange={(v) => set({ parcelType: v ? Number(v) : DEFAULT_PARCEL_TYPE })}
            disabled={d}
            allowDeselect={false}
          />
          {numberInput('packages', t('parcel.packages'))}
          {numberInput('weight', t('parcel.weight'))}
          {numberInput('length', t('parcel.length'))}
          {numberInput('width', t('parcel.width'))}
          {numberInput('height', t('parcel.height'))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
