import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FormEvent } from 'react';
import { DEFAULT_REPORT_DAYS } from '@po/contract/constants';
import { useCities, useOperators, type FinderFilter } from '../api/finder';
import { addDays, tbilisiToday, toUsDate } from '../dates';

/** The finder form's values (dates as `YYYY-MM-DD` for the date inputs). */
export interface FinderForm {
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

/** Defaults (spec 001 §4): the last 14 days up to today. */
export function defaultFinderForm(): FinderForm {
  const today = tbilisiToday();
  return {
    barcode: '',
    from: addDays(today, -DEFAULT_REPORT_DAYS),
    to: today,
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

/** The search filter the call takes (spec 001 §3), dates in US short format. */
export function toFilter(f: FinderForm): FinderFilter {
  return {
    StartRegDate: toUsDate(f.from),
    EndRegDate: toUsDate(f.to),
    Barcode: f.barcode.trim().toUpperCase(),
    SenderName: f.sender.trim(),
    ReceiverName: f.receiver.trim(),
    RegistredUserGUID: f.operator ?? '',
    Fild1: f.fild1.trim(),
    Fild2: f.fild2.trim(),
    Description: f.description.trim(),
    SenderRegion: f.senderCity ? Number(f.senderCity) : 0,
    ReceiverRegion: f.receiverCity ? Number(f.receiverCity) : 0,
  };
}

export interface FinderFormProps {
  value: FinderForm;
  onChange: (v: FinderForm) => void;
  onSubmit: () => void;
  busy?: boolean;
  /** the archive finder's reduced form has no operator and no description */
  withOperator?: boolean;
}

/** The parcel finder's filter form (spec 001 §2.6). Enter in any field searches. */
export function FinderFormFields({ value, onChange, onSubmit, busy, withOperator = true }: FinderFormProps) {
  const { t } = useTranslation('finder');
  const cities = useCities();
  const operators = useOperators();
  const set = <K extends keyof FinderForm>(k: K, v: FinderForm[K]) => onChange({ ...value, [k]: v });
  const cityData = (cities.data ?? []).map((c) => ({ value: String(c.ID), label: c.Name }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} aria-label={t('finder.form')}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
        <TextInput
          label={t('finder.barcode')}
          value={value.barcode}
          onChange={(e) => set('barcode', e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('finder.from')}
          value={value.from}
          onChange={(e) => set('from', e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('finder.to')}
          value={value.to}
          onChange={(e) => set('to', e.currentTarget.value)}
        />
        {withOperator && (
          <Select
            label={t('finder.operator')}
            searchable
            clearable
            data={(operators.data ?? []).map((u) => ({ value: u.GUID, label: u.Login }))}
            value={value.operator}
            onChange={(v) => set('operator', v)}
            nothingFoundMessage={t('finder.nothing')}
          />
        )}
        <TextInput
          label={t('finder.sender')}
          value={value.sender}
          onChange={(e) => set('sender', e.currentTarget.value)}
        />
        <TextInput
          label={t('finder.receiver')}
          value={value.receiver}
          onChange={(e) => set('receiver', e.currentTarget.value)}
        />
        <TextInput
          label={t('finder.fild1')}
          value={value.fild1}
          onChange={(e) => set('fild1', e.currentTarget.value)}
        />
        <TextInput
          label={t('finder.fild2')}
          value={value.fild2}
          onChange={(e) => set('fild2', e.currentTarget.value)}
        />
        {withOperator && (
          <TextInput
            label={t('finder.description')}
            value={value.description}
            onChange={(e) => set('description', e.currentTarget.value)}
          />
        )}
        <Select
          label={t('finder.senderCity')}
          searchable
          clearable
          data={cityData}
          value={value.senderCity}
          onChange={(v) => set('senderCity', v)}
          nothingFoundMessage={t('finder.nothing')}
        />
        <Select
          label={t('finder.receiverCity')}
          searchable
          clearable
          data={cityData}
          value={value.receiverCity}
          onChange={(v) => set('receiverCity', v)}
          nothingFoundMessage={t('finder.nothing')}
        />
      </SimpleGrid>
      <Group mt="sm">
        <Button type="submit" loading={busy}>
          {t('finder.find')}
        </Button>
      </Group>
    </form>
  );
}
