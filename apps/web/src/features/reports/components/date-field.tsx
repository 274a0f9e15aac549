import { DateInput } from '@mantine/dates';

/** A required report date (`YYYY-MM-DD`); an empty field shows `error`. */
export function DateField(props: {
  label: string;
  value: string | null;
  onChange: (v: string | null) => void;
  error?: string | null;
}) {
  return (
    <DateInput
      label={props.label}
      value={props.value}
      onChange={(v) => props.onChange(v ?? null)}
      valueFormat="DD.MM.YYYY"
      withAsterisk
      clearable
      error={props.error ?? undefined}
      w={170}
      popoverProps={{ withinPortal: true }}
    />
  );
}
