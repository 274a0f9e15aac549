import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldId, ParcelForm } from '../form-state';
import { useCappedText } from '../use-capped-text';
import { ParcelBarcode } from './parcel-barcode';
import { ParcelNumbers } from './parcel-numbers';
import { ParcelPayment } from './parcel-payment';
import { SectionHeading } from './section-heading';

export interface ParcelBlockProps {
  value: ParcelForm;
  onChange: (next: ParcelForm) => void;
  onReset: () => void;
  /** saves barcode generation, auto-print and the prefix as this browser's defaults */
  onSaveDefaults: () => void;
  locked: boolean;
  /** the messages of the fields in error, by field id */
  errors: Partial<Record<FieldId, string>>;
}

/** The parcel properties block (spec 002 §2.1); the price and the register button are in the action bar. */
export function ParcelBlock({ value, onChange, onReset, onSaveDefaults, locked, errors }: ParcelBlockProps) {
  const { t } = useTranslation('registration');
  const set = (patch: Partial<ParcelForm>) => onChange({ ...value, ...patch });
  const d = locked;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('parcel.title')}>
      <SectionHeading title={t('parcel.title')} onReset={onReset} />
      <Stack gap="sm">
        <ParcelBarcode value={value} set={set} disabled={d} errors={errors} />
        <ParcelPayment value={value} set={set} disabled={d} />
        <Group gap="lg">
          {(['urgent', 'doubled', 'autoPrint'] as const).map((k) => (
            <Checkbox
              key={k}
              label={t(`parcel.${k}`)}
              checked={value[k]}
              onChange={(e) => set({ [k]: e.currentTarget.checked })}
              disabled={d && k !== 'autoPrint'}
            />
          ))}
          <Button variant="subtle" size="compact-sm" onClick={onSaveDefaults}>
            {t('parcel.saveDefaults')}
          </Button>
        </Group>
        <ParcelTexts value={value} set={set} disabled={d} />
        <ParcelNumbers value={value} set={set} disabled={d} />
      </Stack>
    </Paper>
  );
}

/**
 * The case number, the extra field and the description: cut at the server's limits with a word beside
 * the field. Enter in the description moves on; Shift+Enter breaks its line (see keyboard.ts).
 */
function ParcelTexts({
  value,
  set,
  disabled,
}: {
  value: ParcelForm;
  set: (patch: Partial<ParcelForm>) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('registration');
  const fild1 = useCappedText(200);
  const fild2 = useCappedText(200);
  const description = useCappedText(500);
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={t('parcel.fild1')}
          value={value.fild1}
          onChange={(e) => set({ fild1: fild1.cap(e.currentTarget.value) })}
          disabled={disabled}
          error={fild1.notice}
        />
        <TextInput
          label={t('parcel.fild2')}
          value={value.fild2}
          onChange={(e) => set({ fild2: fild2.cap(e.currentTarget.value) })}
          disabled={disabled}
          error={fild2.notice}
        />
      </SimpleGrid>
      <Textarea
        id="parcel-description"
        label={t('parcel.description')}
        description={t('parcel.descriptionHint')}
        value={value.description}
        onChange={(e) => set({ description: description.cap(e.currentTarget.value) })}
        disabled={disabled}
        error={description.notice}
        autosize
        minRows={1}
      />
    </>
  );
}
