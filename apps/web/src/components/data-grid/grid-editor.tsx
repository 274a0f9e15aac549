import { Checkbox, NumberInput, Select, Text, TextInput } from '@mantine/core';
import { DateInput, DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import type { ResolvedColumn } from './columns';
import type { GridDraft, GridLookupValue } from './types';
import { DATE_FORMAT, DATETIME_FORMAT } from './format';

interface EditorProps<T> {
  col: ResolvedColumn<T>;
  draft: GridDraft<T>;
  error: string | undefined;
  onChange: (field: string, value: unknown) => void;
  /** `cell`: compact, label only for screen readers; `form`: labelled field. */
  variant: 'cell' | 'form';
  autoFocus?: boolean;
  /** The form is saving: everything is read-only meanwhile. */
  busy?: boolean;
}

/** The editors' value form: `YYYY-MM-DD` (date) or `YYYY-MM-DD HH:mm:ss` (date and time). */
function toDateString(value: unknown, withTime: boolean): string | null {
  if (value === null || value === undefined || value === '') return null;
  const d = dayjs(
    value instanceof Date || typeof value === 'number' || typeof value === 'string' ? value : null,
  );
  return d.isValid() ? d.format(withTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD') : null;
}

/** One field of the row editor or the edit form, chosen by the column's editor kind. */
export function GridEditor<T>({ col, draft, error, onChange, variant, autoFocus, busy }: EditorProps<T>) {
  const value = (draft as Record<string, unknown>)[col.field];
  const disabled = busy || col.readOnly || (col.def.disabled?.(draft) ?? false);
  const size = variant === 'cell' ? 'xs' : 'sm';
  const label = variant === 'form' ? col.header : undefined;
  const common = {
    size,
    label,
    'aria-label': col.header,
    error: error ?? undefined,
    disabled,
    required: variant === 'form' ? col.def.required : undefined,
    autoFocus,
    'data-field': col.field,
  } as const;

  if (col.readOnly && variant === 'cell') {
    return (
      <Text size="sm" c="dimmed" data-field={col.field}>
        {col.textOf(value, { ...draft } as T)}
      </Text>
    );
  }

  const { renderEditor } = col.def;
  if (renderEditor) {
    return (
      <div data-field={col.field}>
        {renderEditor({
          value,
          onChange: (v) => onChange(col.field, v),
          draft,
          disabled,
          error: error ?? null,
          label: col.header,
          variant,
          required: col.def.required ?? false,
          autoFocus: autoFocus ?? false,
        })}
      </div>
    );
  }

  switch (col.editor) {
    case 'checkbox':
      return (
        <Checkbox
          size={size}
          label={label}
          aria-label={col.header}
          checked={Boolean(value)}
          error={error}
          disabled={disabled}
          data-field={col.field}
          mt={variant === 'form' ? 'lg' : undefined}
          onChange={(e) => onChange(col.field, e.currentTarget.checked)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : typeof value === 'string' ? value : ''}
          decimalScale={col.decimals}
          fixedDecimalScale={col.decimals !== undefined && col.decimals > 0}
          allowDecimal={col.decimals !== 0}
          decimalSeparator=","
          allowedDecimalSeparators={['.', ',']}
          hideControls
          onChange={(v) => onChange(col.field, typeof v === 'number' ? v : v === '' ? null : v)}
        />
      );
    case 'date':
      if (col.type === 'datetime') {
        return (
          <DateTimePicker
            {...common}
            value={toDateString(value, true)}
            valueFormat={DATETIME_FORMAT}
            clearable={!col.def.required}
            popoverProps={{ withinPortal: true }}
            onChange={(v) => onChange(col.field, v)}
          />
        );
      }
      return (
        <DateInput
          {...common}
          value={toDateString(value, false)}
          valueFormat={DATE_FORMAT}
          clearable={!col.def.required}
          popoverProps={{ withinPortal: true }}
          onChange={(v) => onChange(col.field, v)}
        />
      );
    case 'lookup':
      return (
        <Select<GridLookupValue>
          {...common}
          data={col.lookupOptions.map((o) => ({ value: o.value, label: o.label }))}
          value={typeof value === 'string' || typeof value === 'number' ? value : null}
          searchable
          clearable={!col.def.required}
          allowDeselect={false}
          nothingFoundMessage="—"
          comboboxProps={{ withinPortal: true }}
          renderOption={
            col.lookupOptions.some((o) => o.description)
              ? ({ option }) => {
                  const found = col.lookupOptions.find((o) => o.value === option.value);
                  return (
                    <div>
                      <Text size="sm">{option.label}</Text>
                      {found?.description ? (
                        <Text size="xs" c="dimmed">
                          {found.description}
                        </Text>
                      ) : null}
                    </div>
                  );
                }
              : undefined
          }
          onChange={(v) => onChange(col.field, v)}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          maxLength={col.def.maxLength}
          value={value === null || value === undefined ? '' : String(value)}
          onChange={(e) => onChange(col.field, e.currentTarget.value)}
        />
      );
  }
}
