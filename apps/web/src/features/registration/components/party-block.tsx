import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconAddressBook, IconSearch, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { notifyError, notifyInfo, notifySuccess } from '@/lib/notify';
import { checkPid } from '../api/register';
import { useCities, useOffices, useVillages } from '../api/lookups';
import { cleanAddress, fullAddress, type FieldId, type PartyForm } from '../form-state';
import { useCappedText } from '../use-capped-text';
import { focusNextField } from '../keyboard';
import { SectionHeading } from './section-heading';
import {
  addToBook,
  deleteFromBook,
  findInBook,
  loadBook,
  partyFromEntry,
  type BookEntry,
} from '../local-book';

export interface PartyBlockProps {
  kind: 'sender' | 'receiver';
  value: PartyForm;
  onChange: (next: PartyForm) => void;
  /** a confirmed click on the heading resets the block (the parent remounts it: the book's choice goes too) */
  onReset: () => void;
  /** corporate sender: code, name and office fixed and disabled */
  fixed?: boolean;
  /** the parcel is registered: the form is locked until reset */
  locked?: boolean;
  /** the messages of the form's fields in error, by field id (this block shows its own) */
  errors?: Partial<Record<FieldId, string>>;
}

/**
 * A drop-down list the clerk types into: what was typed highlights the first match and Enter takes it.
 * Highlighting the first option when the list opens, too, keeps Mantine from looking up the chosen one
 * a moment later (a timer), which, on a busy machine, came after the typing and left Enter nothing to
 * take: the city went empty.
 */
const TYPE_TO_PICK = {
  searchable: true,
  selectFirstOptionOnChange: true,
  selectFirstOptionOnDropdownOpen: true,
} as const;

/** The sender or receiver block (spec 002 §2.1): code with the tax-registry check, name, office, city, village, address. */
export function PartyBlock({
  kind,
  value,
  onChange,
  onReset,
  fixed = false,
  locked = false,
  errors = {},
}: PartyBlockProps) {
  const { t } = useTranslation('registration');
  const cities = useCities();
  const villages = useVillages(value.cityId);
  const offices = useOffices();
  const set = (patch: Partial<PartyForm>) => onChange({ ...value, ...patch });
  const id = (f: string) => `${kind}-${f}`;
  const name = useCappedText(200);
  const address = useCappedText(500);

  const cityName = cities.data?.find((c) => c.ID === value.cityId)?.Name;
  const villageName = villages.data?.find((v) => v.ID === value.villageId)?.Name;
  const full = fullAddress(value, cityName, villageName);

  const cityData = useMemo(
    () => (cities.data ?? []).map((c) => ({ value: String(c.ID), label: c.Name })),
    [cities.data],
  );
  const villageData = useMemo(
    () => (villages.data ?? []).map((c) => ({ value: String(c.ID), label: c.Name })),
    [villages.data],
  );
  const officeData = useMemo(
    () => (offices.data ?? []).map((o) => ({ value: o.GUID, label: o.Name })),
    [offices.data],
  );

  const { chooseCity, chooseVillage } = usePlaceChoice(value, onChange, cities.data, villages.data);

  const { checking, check, pidKey } = usePidCheck(value, set);

  const disabled = locked;
  const title = t(`${kind}.title`);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <SectionHeading title={title} onReset={onReset} />
      <AddressBookBar title={title} value={value} onChange={onChange} fixed={fixed} disabled={disabled} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Group gap="xs" align="flex-end" wrap="nowrap" style={{ gridColumn: '1 / -1' }}>
          <TextInput
            style={{ flex: 1 }}
            id={id('pid')}
            label={t('sender.pid')}
            value={value.pid}
            onChange={(e) => set({ pid: e.currentTarget.value.replace(/\s/g, '') })}
            onKeyDown={pidKey}
            error={errors[`${kind}-pid`]}
            disabled={disabled || fixed}
            maxLength={20}
            autoComplete="off"
          />
          <Button
            variant="light"
            onClick={() => void check()}
            loading={checking}
            disabled={disabled || fixed}
            leftSection={<IconSearch size={16} />}
            aria-label={`${title}: ${t('check.button')}`}
          >
            {t('check.button')}
          </Button>
        </Group>
        <TextInput
          id={id('name')}
          label={t('sender.name')}
          value={value.name}
          onChange={(e) => set({ name: name.cap(e.currentTarget.value) })}
          disabled={disabled || fixed}
          error={errors[`${kind}-name`] ?? name.notice}
        />
        <Select
          id={id('office')}
          label={t('sender.office')}
          data={officeData}
          value={value.office}
          onChange={(v) => set({ office: v })}
          {...TYPE_TO_PICK}
          clearable={!fixed}
          disabled={disabled || fixed}
        />
        <Select
          id={id('city')}
          label={t('sender.city')}
          data={cityData}
          value={value.cityId == null ? null : String(value.cityId)}
          onChange={chooseCity}
          {...TYPE_TO_PICK}
          clearable
          error={errors[`${kind}-city`]}
          disabled={disabled}
        />
        <Select
          id={id('village')}
          label={t('sender.village')}
          data={villageData}
          value={value.villageId == null ? null : String(value.villageId)}
          onChange={chooseVillage}
          {...TYPE_TO_PICK}
          clearable
          disabled={disabled || value.cityId == null}
        />
        <TextInput
          id={id('address')}
          label={t('sender.address')}
          value={value.address}
          onChange={(e) => set({ address: address.cap(cleanAddress(e.currentTarget.value)) })}
          description={t('sender.addressHint')}
          disabled={disabled}
          error={errors[`${kind}-address`] ?? address.notice}
        />
        <TextInput
          id={id('postCode')}
          label={t('sender.postCode')}
          value={value.postCode}
          readOnly
          disabled={disabled}
        />
        <TextInput
          id={id('zone')}
          label={t('sender.zone')}
          value={value.zone ?? ''}
          readOnly
          disabled={disabled}
        />
        {kind === 'receiver' && <ReceiverContactFields value={value} set={set} disabled={disabled} />}
      </SimpleGrid>
      <Text
        size="sm"
        c="dimmed"
        mt="sm"
        data-testid={`${kind}-full-address`}
        style={{ overflowWrap: 'anywhere' }}
      >
        {t('sender.fullAddress')}: {full || '—'}
      </Text>
    </Paper>
  );
}

/** The tax-registry check of the code (a button, and Enter in the field, which then moves on). */
function usePidCheck(value: PartyForm, set: (patch: Partial<PartyForm>) => void) {
  const { t } = useTranslation('registration');
  const [checking, setChecking] = useState(false);
  /** The tax-registry check; answers whether the code could be checked at all. */
  const check = async (): Promise<boolean> => {
    const pid = value.pid.trim();
    if (!pid) {
      notifyError(t('check.empty'));
      return false;
    }
    // A personal number has 11 digits, a company code 9: say so before asking the registry.
    if (!/^\d{9}$|^\d{11}$/.test(pid)) {
      notifyError(t('check.format'));
      return false;
    }
    setChecking(true);
    try {
      const name = await checkPid(pid);
      if (!name) notifyError(t('check.notFound', { pid }));
      else {
        notifyInfo(t('check.found', { pid, name }));
        if (!value.name.trim()) set({ name });
      }
    } catch (err) {
      notifyError(err instanceof ApiError && err.code === 400 ? t('check.format') : t('check.rsError'));
    } finally {
      setChecking(false);
    }
    return true;
  };
  /** Enter in the code field checks it and moves on to the next field (keyboard-first counter work). */
  const pidKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    e.stopPropagation();
    const from = e.currentTarget;
    void check().then((ok) => ok && focusNextField(from));
  };
  return { checking, check, pidKey };
}

/** The address book on this device: choose an entry (fills the block), record the block, delete the entry. */
function AddressBookBar({
  title,
  value,
  onChange,
  fixed,
  disabled,
}: {
  title: string;
  value: PartyForm;
  onChange: (next: PartyForm) => void;
  fixed: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation('registration');
  const [book, setBook] = useState<BookEntry[]>(loadBook);
  const [bookId, setBookId] = useState<string | null>(null);
  const bookData = useMemo(
    () => book.map((e) => ({ value: e.ID, label: [e.Name, e.Pid].filter(Boolean).join(' · ') })),
    [book],
  );
  const bookAdd = () => {
    const r = addToBook(value);
    if (!r.ok) return notifyError(t(`book.${r.error}`, { max: 2000 }));
    setBook(r.book);
    setBookId(r.entry?.ID ?? null);
    notifySuccess(t('book.recorded'));
  };
  const bookDelete = () => {
    const r = deleteFromBook(bookId);
    if (!r.ok) return notifyError(t(`book.${r.error}`));
    setBook(r.book);
    setBookId(null);
    notifySuccess(t('book.deleted'));
  };
  const bookSelect = (entryId: string | null) => {
    setBookId(entryId);
    if (!entryId) return;
    const r = findInBook(entryId);
    if (!r.ok || !r.entry) return notifyError(t(`book.${r.ok ? 'notFound' : r.error}`));
    const next = partyFromEntry(r.entry, value);
    onChange(fixed ? { ...next, pid: value.pid, name: value.name, office: value.office } : next);
  };
  return (
    <Group gap="xs" mb="sm" align="flex-end" wrap="nowrap">
      <Select
        style={{ flex: 1 }}
        label={t('book.title')}
        placeholder={t('book.choose')}
        data={bookData}
        value={bookId}
        onChange={bookSelect}
        searchable
        clearable
        disabled={disabled}
        leftSection={<IconAddressBook size={16} />}
        aria-label={`${title}: ${t('book.title')}`}
      />
      <Tooltip label={t('book.add')}>
        <ActionIcon
          variant="light"
          size="lg"
          onClick={bookAdd}
          aria-label={`${title}: ${t('book.add')}`}
          disabled={disabled}
        >
          <IconUserPlus size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('book.delete')}>
        <ActionIcon
          variant="light"
          color="red"
          size="lg"
          onClick={bookDelete}
          aria-label={`${title}: ${t('book.delete')}`}
          disabled={disabled}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** Choosing a city or village brings its postal index and zone (also for a city chosen elsewhere). */
function usePlaceChoice(
  value: PartyForm,
  onChange: (next: PartyForm) => void,
  cities: ReturnType<typeof useCities>['data'],
  villages: ReturnType<typeof useVillages>['data'],
) {
  const set = (patch: Partial<PartyForm>) => onChange({ ...value, ...patch });
  // A city chosen elsewhere (a corporate office, the address book) brings its postal index and zone.
  // Only a change is handed on: a city without an index leaves the code empty, and handing the same
  // place on again would run this effect again, without end.
  useEffect(() => {
    if (value.cityId == null || value.villageId != null || value.postCode || !cities) return;
    const c = cities.find((x) => x.ID === value.cityId);
    if (c && ((c.Index ?? '') !== value.postCode || c.Zone !== value.zone))
      onChange({ ...value, postCode: c.Index ?? '', zone: c.Zone });
  }, [value, onChange, cities]);

  const chooseCity = (v: string | null) => {
    const c = cities?.find((x) => String(x.ID) === v);
    set({ cityId: c?.ID ?? null, villageId: null, postCode: c?.Index ?? '', zone: c?.Zone ?? null });
  };
  const chooseVillage = (v: string | null) => {
    const village = villages?.find((x) => String(x.ID) === v);
    const city = cities?.find((x) => x.ID === value.cityId);
    set({
      villageId: village?.ID ?? null,
      postCode: village?.Index ?? city?.Index ?? '',
      zone: village?.Zone ?? city?.Zone ?? null,
    });
  };
  return { chooseCity, chooseVillage };
}

/** The receiver's optional mobile and e-mail for the notifications (issue 38). */
function ReceiverContactFields({
  value,
  set,
  disabled,
}: {
  value: PartyForm;
  set: (patch: Partial<PartyForm>) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('registration');
  return (
    <>
      <TextInput
        id="receiver-phone"
        label={t('sender.phone')}
        description={t('sender.contactHint')}
        type="tel"
        inputMode="tel"
        value={value.phone ?? ''}
        onChange={(e) => set({ phone: e.currentTarget.value })}
        disabled={disabled}
        maxLength={30}
      />
      <TextInput
        id="receiver-email"
        label={t('sender.email')}
        description={t('sender.contactHint')}
        type="email"
        value={value.email ?? ''}
        onChange={(e) => set({ email: e.currentTarget.value })}
        disabled={disabled}
        maxLength={200}
      />
    </>
  );
}
