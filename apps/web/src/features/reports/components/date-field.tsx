import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField as SharedDateField } from '@/components/date-field/date-field';

/** A required report date (`YYYY-MM-DD`, null when empty): the shared date field; an empty field shows `error`. */
export function DateField(props: {
  label: string;
  value: string | null;
  onChange: (v: string | null) => void;
  error?: string | null;
}) {
  return (
    <SharedDateField
      label={props.label}
      value={props.value ?? ''}
      onChange={(v) => props.onChange(v || null)}
      required
      clearable
      error={props.error ?? undefined}
      w={170}
    />
  );
}

/** A report period as `YYYY-MM-DD` days. */
export interface DayRange {
  from: string | null;
  to: string | null;
}

/** A report period's start and end fields; once a fetch was `tried`, an empty one says 'date required'. */
export function RangeFields({
  value,
  onChange,
  tried,
}: {
  value: DayRange;
  onChange: Dispatch<SetStateAction<DayRange>>;
  tried: boolean;
}) {
  const { t } = useTranslation('reports');
  const required = (v: string | null) => (tried && !v ? t('dateRequired') : null);
  return (
    <>
      <DateField
        label={t('startDate')}
        value={value.from}
        onChange={(from) => onChange((r) => ({ ...r, from }))}
        error={required(value.from)}
      />
      <DateField
        label={t('endDate')}
        value={value.to}
        onChange={(to) => onChange((r) => ({ ...r, to }))}
        error={required(value.to)}
      />
    </>
  );
}
