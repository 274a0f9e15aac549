import type { ReactNode } from 'react';
import { DateInput, DateTimePicker } from '@mantine/dates';
import dayjs from '@/lib/dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/** How every date filter shows a day, and a day with its time (as the grids do: 24-hour). */
export const DAY_FORMAT = 'DD.MM.YYYY';
export const DAY_TIME_FORMAT = 'DD.MM.YYYY HH:mm';

interface FieldProps {
  label: string;
  /** a message under the field (a required date, an end before the start) */
  error?: ReactNode;
  /** the asterisk of a required field */
  required?: boolean;
  clearable?: boolean;
  w?: number;
  'data-testid'?: string;
}

/**
 * Reads a typed day in the shown form (`25.11.2026`, also `25/11/2026` or `2026-11-25`), strictly: a day
 * that does not exist (31.02) is no day. Answers `YYYY-MM-DD` or null.
 */
export function parseTypedDay(text: string): string | null {
  const d = dayjs(text.trim(), [DAY_FORMAT, 'D.M.YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'], true);
  return d.isValid() ? d.format('YYYY-MM-DD') : null;
}

/**
 * A day field (`YYYY-MM-DD`, '' when empty): typed as `dd.mm.yyyy` or picked from a calendar that starts
 * on Monday, with the month and day names of the interface language (the `DatesProvider` of the working
 * app sets it). Every screen's date filter is this field.
 */
export function DateField({
  value,
  onChange,
  label,
  error,
  required,
  clearable = false,
  w,
  'data-testid': testId,
}: FieldProps & { value: string; onChange: (day: string) => void }) {
  return (
    <DateInput
      label={label}
      value={value || null}
      onChange={(v) => onChange(v ? v.slice(0, 10) : '')}
      valueFormat={DAY_FORMAT}
      dateParser={parseTypedDay}
      placeholder={DAY_FORMAT.toLowerCase()}
      error={error}
      withAsterisk={required}
      clearable={clearable}
      w={w}
      popoverProps={{ withinPortal: true }}
      data-testid={testId}
      data-date-field=""
    />
  );
}

/**
 * A day and time field (`YYYY-MM-DDTHH:mm`, '' when empty): shown as `dd.mm.yyyy hh:mm` (24-hour), picked
 * from the same calendar with a time input under it.
 */
export function DateTimeField({
  value,
  onChange,
  label,
  error,
  required,
  clearable = false,
  w,
  'data-testid': testId,
}: FieldProps & { value: string; onChange: (dayTime: string) => void }) {
  return (
    <DateTimePicker
      label={label}
      value={value ? `${value.replace('T', ' ')}${value.length === 16 ? ':00' : ''}` : null}
      onChange={(v) => onChange(v ? v.slice(0, 16).replace(' ', 'T') : '')}
      valueFormat={DAY_TIME_FORMAT}
      timePickerProps={{ format: '24h' }}
      error={error}
      withAsterisk={required}
      clearable={clearable}
      w={w}
      popoverProps={{ withinPortal: true }}
      data-testid={testId}
      data-date-field=""
    />
  );
}
