import { useMemo } from 'react';
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PARCEL_TYPE, Payer, PayType } from '@po/contract/constants';
import { formatMoney } from '@/lib/format';
import { useParcelTypes } from '../api/lookups';
import { normalizePrefix, type ParcelForm } from '../form-state';
import classes from '../registration.module.css';

export interface ParcelBlockProps {
  value: ParcelForm;
  onChange: (next: ParcelForm) => void;
  onReset: () => void;
  price: number | null;
  locked: boolean;
  busy: boolean;
  onCalc: () => void;
  onRegister: () => void;
  onSaveDefaults: () => void;
}

const num = (v: string | number, fallback = 0) => (typeof v === 'number' ? v : Number(v) || fallback);

/** The parcel properties block (spec 002 §2.1) with the price display and the register button. */
export function ParcelBlock({
  value,
  onChange,
  onReset,
  price,
  locked,
  busy,
  onCalc,
  onRegister,
  onSaveDefaults,
}: ParcelBlockProps) {
  const { t } = useTranslation('registration');
  const types = useParcelTypes();
  const set = (patch: Partial<ParcelForm>) => onChange({ ...value, ...patch });
  const typeData = useMemo(() => {
    const rows = (types.data ?? []).map((r) => ({ value: String(r.ID), label: r.Name }));
    return rows.length ? rows : [{ value: String(DEFAULT_PARCEL_TYPE), label: String(DEFAULT_PARCEL_TYPE) }];
  }, [types.data]);
  const d = locked;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('parcel.title')}>
      <UnstyledButton onClick={onReset} title={t('resetHint')} mb="sm">
        <Title order={3} size="h4">
          {t('parcel.title')}
        </Title>
      </UnstyledButton>
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
            label={t('parcel.barcode')}
            value={value.barcode}
            onChange={(e) => set({ barcode: e.currentTarget.value.trim().toUpperCase() })}
            disabled={d || value.generate}
            readOnly={value.generate}
            maxLength={12}
            data-testid="barcode"
          />
          <TextInput
            w={90}
            label={t('parcel.prefix')}
            value={value.prefix}
            onChange={(e) => set({ prefix: normalizePrefix(e.currentTarget.value).slice(0, 2) })}
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
          <NumberInput
            label={t('parcel.packages')}
            value={value.packages}
            onChange={(v) => set({ packages: num(v) })}
            min={0}
            step={1}
            allowDecimal={false}
            disabled={d}
          />
          <NumberInput
            label={t('parcel.weight')}
            value={value.weight}
            onChange={(v) => set({ weight: num(v, 0) })}
            min={0.2}
            step={0.1}
            decimalScale={1}
            disabled={d}
          />
          <NumberInput
            label={t('parcel.length')}
            value={value.length}
            onChange={(v) => set({ length: num(v) })}
            min={0}
            disabled={d}
          />
          <NumberInput
            label={t('parcel.width')}
            value={value.width}
            onChange={(v) => set({ width: num(v) })}
            min={0}
            disabled={d}
          />
          <NumberInput
            label={t('parcel.height')}
            value={value.height}
            onChange={(v) => set({ height: num(v) })}
            min={0}
            disabled={d}
          />
        </SimpleGrid>
        <Group justify="space-between" align="center" mt="xs">
          <div className={classes.price} data-testid="price">
            <Text size="xs" c="dimmed">
              {t('parcel.price')}
            </Text>
            <Text size="xl" fw={700}>
              {price == null ? '—' : formatMoney(price)}
            </Text>
          </div>
          <Group gap="xs">
            <Button variant="subtle" onClick={onSaveDefaults}>
              {t('parcel.saveDefaults')}
            </Button>
            <Button variant="light" onClick={onCalc} disabled={locked} loading={busy}>
              {t('parcel.calc')}
            </Button>
            <Button onClick={onRegister} disabled={locked} loading={busy}>
              {t('parcel.register')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
