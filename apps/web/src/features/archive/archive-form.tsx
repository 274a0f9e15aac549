import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FormEvent } from 'react';
import dayjs from '@/lib/dayjs';
import { useCities, useOperators, type ArchiveFilter } from './api/archive';

/** The filter form's values (dates as `YYYY-MM-DD` for the date inputs). */
export interface ArchiveForm {
  barcode: string;
  from: string;
  to: string;
  sender: string;
  receiver: string;
  operator: string | null;
  fild1: string;
  fild2: string;
  description: string;
  senderCity: string | null;
  receiverCity: string | null;
}

/** Today in Tbilisi as `YYYY-MM-DD`. */
export const tbilisiToday = (now = new Date()): string =>
  new Date(now.getTime() + 4 * 3_600_000).toISOString().slice(0, 10);
const addDays = (day: string, days: number) => dayjs(day).add(days, 'day').format('YYYY-MM-DD');
/** `YYYY-MM-DD` as the calls take dates (US short `MM/DD/YYYY`); '' stays ''. */
export function toUsDate(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  return m ? `${m[2]}/${m[3]}/${m[1]}` : '';
}

/** The range of a search spans this many days before its end (spec 001 §4). */
export const RANGE_DAYS = 14;

/** Defaults (spec 001 §4): the range ends `endDaysAgo` days ago and starts 14 days before that. */
export function defaultArchiveForm(endDaysAgo: number, today = tbilisiToday()): ArchiveForm {
  const to = addDays(today, -endDaysAgo);
  return {
    barcode: '',
    from: addDays(to, -RANGE_DAYS),
    to,
    sender: '',
    receiver: '',
    operator: null,
    fild1: '',
    fild2: '',
    description: '',
    senderCity: null,
    receiverCity: null,
  };
}

/** The call's filter; the old archive's leaves the operator and the description out. */
export function toFilter(f: ArchiveForm, full: boolean): ArchiveFilter {
  const base: ArchiveFilter = {
    StartRegDate: toUsDate(f.from),
    EndRegDate: toUsDate(f.to),
    Barcode: f.barcode.trim().toUpperCase(),
    SenderName: f.sender.trim(),
    ReceiverName: f.receiver.trim(),
    Fild1: f.fild1.trim(),
    Fild2: f.fild2.trim(),
    SenderRegion: f.senderCity ? Number(f.senderCity) : 0,
    ReceiverRegion: f.receiverCity ? Number(f.receiverCity) : 0,
  };
  return full ? { ...base, RegistredUserGUID: f.operator ?? '', Description: f.description.trim() } : base;
}

export interface ArchiveFormProps {
  value: ArchiveForm;
  onChange: (v: ArchiveForm) => void;
  onSubmit: () => void;
  /** the operator (a searchable list) and the description: the archive has them, the old one not */
  full: boolean;
}

/** The archives' filter form (spec 001 §2.7, §2.8). Enter in the barcode (or any text field) searches. */
export function ArchiveFormFields({ value, onChange, onSubmit, full }: ArchiveFormProps) {
  const { t } = useTranslation('archive');
  const cities = useCities();
  const operators = useOperators(full);
  const set = <K extends keyof ArchiveForm>(k: K, v: ArchiveForm[K]) => onChange({ ...value, [k]: v });
  const cityData = (cities.data ?? []).map((c) => ({ value: String(c.ID), label: c.Name }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  const text = (k: 'barcode' | 'sender' | 'receiver' | 'fild1' | 'fild2' | 'description') => (
    <TextInput label={t(`form.${k}`)} value={value[k]} onChange={(e) => set(k, e.currentTarget.value)} />
  );
  return (
    <form onSubmit={submit} aria-label={t('form.title')}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
        {text('barcode')}
        <TextInput
          type="date"
          label={t('form.from')}
          value={value.from}
          onChange={(e) => set('from', e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('form.to')}
          value={value.to}
          onChange={(e) => set('to', e.currentTarget.value)}
        />
        {full && (
          <Select
            label={t('form.operator')}
            searchable
            clearable
            data={(operators.data ?? []).map((u) => ({ value: u.GUID, label: u.Login }))}
            value={value.operator}
            onChange={(v) => set('operator', v)}
            nothingFoundMessage={t('form.nothing')}
          />
        )}
        {text('sender')}
        {text('receiver')}
        {text('fild1')}
        {text('fild2')}
        {full && text('description')}
        <Select
          label={t('form.senderCity')}
          searchable
          clearable
          data={cityData}
          value={value.senderCity}
          onChange={(v) => set('senderCity', v)}
          nothingFoundMessage={t('form.nothing')}
        />
        <Select
          label={t('form.receiverCity')}
          searchable
          clearable
          data={cityData}
          value={value.receiverCity}
          onChange={(v) => set('receiverCity', v)}
          nothingFoundMessage={t('form.nothing')}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button type="submit">{t('form.search')}</Button>
      </Group>
    </form>
  );
}
