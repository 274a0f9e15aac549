import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FormEvent } from 'react';
import { cleanBarcode } from '@po/contract/barcode';
import { DEFAULT_REPORT_DAYS } from '@po/contract/constants';
import { addDays, tbilisiToday, toUsDate } from '@/lib/dates';
import { DateField } from '@/components/date-field/date-field';

/** The search filter as the form sends it (dates MM/DD/YYYY, empty fields empty; no grid parameters). */
export interface FinderFilter {
  StartRegDate?: string;
  EndRegDate?: string;
  Barcode?: string;
  SenderName?: string;
  ReceiverName?: string;
  SenderRegion?: number;
  ReceiverRegion?: number;
  Fild1?: string;
  Fild2?: string;
  Description?: string;
  RegistredUserGUID?: string;
  RegistredUserOfficeGUID?: string;
  RegistredUserLogin?: string;
}

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

/**
 * Defaults (spec 001 §4): a range of 14 days ending `endDaysAgo` days before today (the live finder:
 * today; the archive: 180 days ago; the old archive: 1825 days ago).
 */
export function defaultFinderForm(endDaysAgo = 0, today = tbilisiToday()): FinderForm {
  const to = addDays(today, -endDaysAgo);
  return {
    barcode: '',
    from: addDays(to, -DEFAULT_REPORT_DAYS),
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

/**
 * The search filter the call takes (spec 001 §3), dates in US short format; without the operator and
 * description fields (the old archive) it leaves them out.
 */
export function toFilter(f: FinderForm, withOperator = true): FinderFilter {
  const base: FinderFilter = {
    StartRegDate: toUsDate(f.from),
    EndRegDate: toUsDate(f.to),
    Barcode: cleanBarcode(f.barcode),
    SenderName: f.sender.trim(),
    ReceiverName: f.receiver.trim(),
    Fild1: f.fild1.trim(),
    Fild2: f.fild2.trim(),
    SenderRegion: f.senderCity ? Number(f.senderCity) : 0,
    ReceiverRegion: f.receiverCity ? Number(f.receiverCity) : 0,
  };
  return withOperator
    ? { ...base, RegistredUserGUID: f.operator ?? '', Description: f.description.trim() }
    : base;
}

/** The form's two lists, loaded by the screen's feature (PostGetRegion cities, PostGetAllUsers mode=1). */
export interface FinderLookups {
  /** query key prefix of the lists (the feature's, e.g. `['parcels']`) */
  key: readonly unknown[];
  cities: (signal?: AbortSignal) => Promise<Array<{ ID: number; Name: string }>>;
  operators: (signal?: AbortSignal) => Promise<Array<{ GUID: string; Login: string }>>;
}

export interface FinderFormProps {
  value: FinderForm;
  onChange: (v: FinderForm) => void;
  onSubmit: () => void;
  lookups: FinderLookups;
  /** the namespace of the texts (`finder.form`, `finder.barcode` … `finder.find`) */
  ns: string;
  /** the operator (a searchable list) and the description: not in the old archive */
  withOperator?: boolean;
  /** the search button at the right end (the archives) instead of the left */
  submitRight?: boolean;
}

type TextField = 'barcode' | 'sender' | 'receiver' | 'fild1' | 'fild2' | 'description';

/** The finders' filter form (spec 001 §2.6, §2.7, §2.8). Enter in any text field searches. */
export function FinderFormFields({
  value,
  onChange,
  onSubmit,
  lookups,
  ns,
  withOperator = true,
  submitRight = false,
}: FinderFormProps) {
  const { t } = useTranslation(ns);
  const cities = useQuery({
    queryKey: [...lookups.key, 'cities'],
    queryFn: ({ signal }) => lookups.cities(signal),
    staleTime: 10 * 60_000,
  });
  const operators = useQuery({
    queryKey: [...lookups.key, 'operators'],
    enabled: withOperator,
    queryFn: ({ signal }) => lookups.operators(signal),
    staleTime: 5 * 60_000,
  });
  const set = <K extends keyof FinderForm>(k: K, v: FinderForm[K]) => onChange({ ...value, [k]: v });
  const cityData = (cities.data ?? []).map((c) => ({ value: String(c.ID), label: c.Name }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  const text = (k: TextField) => (
    <TextInput label={t(`finder.${k}`)} value={value[k]} onChange={(e) => set(k, e.currentTarget.value)} />
  );
  const date = (k: 'from' | 'to') => (
    <DateField label={t(`finder.${k}`)} value={value[k]} onChange={(day) => set(k, day)} />
  );
  const city = (k: 'senderCity' | 'receiverCity') => (
    <Select
      label={t(`finder.${k}`)}
      searchable
      clearable
      data={cityData}
      value={value[k]}
      onChange={(v) => set(k, v)}
      nothingFoundMessage={t('finder.nothing')}
    />
  );
  return (
    <form onSubmit={submit} aria-label={t('finder.form')}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
        {text('barcode')}
        {date('from')}
        {date('to')}
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
        {text('sender')}
        {text('receiver')}
        {text('fild1')}
        {text('fild2')}
        {withOperator && text('description')}
        {city('senderCity')}
        {city('receiverCity')}
      </SimpleGrid>
      <Group justify={submitRight ? 'flex-end' : undefined} mt="sm">
        <Button type="submit">{t('finder.find')}</Button>
      </Group>
    </form>
  );
}
