import { Button, Group } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/date-field/date-field';

export interface DayRange {
  /** `YYYY-MM-DD` */
  from: string;
  to: string;
}

/** Checks a range: a translated message when a date is missing or the end is before the start. */
export function rangeError(r: DayRange, t: (k: string) => string): string | null {
  if (!r.from || !r.to) return t('range.required');
  if (r.to < r.from) return t('range.dateOrder');
  return null;
}

/** A date range and a Find button (the admin parcel screens); Enter in a date also finds. */
export function DateRangeBar({
  value,
  onChange,
  onFind,
  busy,
  children,
}: {
  value: DayRange;
  onChange: (v: DayRange) => void;
  onFind: () => void;
  busy?: boolean;
  /** more controls after Find (e.g. the status lookup and Assign) */
  children?: ReactNode;
}) {
  const { t } = useTranslation('finder');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onFind();
  };
  return (
    <form onSubmit={submit}>
      <Group align="flex-end" gap="sm">
        <DateField
          label={t('range.from')}
          value={value.from}
          onChange={(from) => onChange({ ...value, from })}
        />
        <DateField label={t('range.to')} value={value.to} onChange={(to) => onChange({ ...value, to })} />
        <Button type="submit" loading={busy}>
          {t('range.find')}
        </Button>
        {children}
      </Group>
    </form>
  );
}
