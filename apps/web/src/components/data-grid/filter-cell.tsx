import { memo } from 'react';
import { CloseButton, MultiSelect, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import type { ResolvedColumn } from './columns';
import type { GridFilterValue, GridLookupValue } from './types';
import { DATE_FORMAT } from './format';
import { isEmptyFilter, parseNumberFilter } from './filters';
import { useTypedFilter } from './use-typed-filter';

interface FilterCellProps<T> {
  col: ResolvedColumn<T>;
  value: GridFilterValue | undefined;
  onChange: (columnId: string, value: GridFilterValue | undefined) => void;
}

/** A text box that keeps its own text while typing and reports it after a pause. */
function DebouncedTextFilter({
  kind,
  label,
  clearLabel,
  placeholder,
  external,
  invalid,
  onCommit,
}: {
  kind: 'text' | 'number';
  label: string;
  clearLabel: string;
  placeholder?: string;
  external: string;
  invalid: (text: string) => boolean;
  onCommit: (text: string) => void;
}) {
  const { text, type, commit, clear } = useTypedFilter(external, onCommit);

  return (
    <TextInput
      size="xs"
      aria-label={label}
      placeholder={placeholder}
      value={text}
      inputMode={kind === 'number' ? 'decimal' : undefined}
      error={text.trim() !== '' && invalid(text)}
      rightSection={
        text ? <CloseButton size="xs" aria-label={clearLabel} tabIndex={-1} onClick={clear} /> : null
      }
      onChange={(e) => type(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
    />
  );
}

function FilterCellImpl<T>({ col, value, onChange: report }: FilterCellProps<T>) {
  const { t } = useTranslation('grid');
  const label = t('filterFor', { column: col.header });
  const onChange = (v: GridFilterValue | undefined) => report(col.id, v);
  const set = (v: GridFilterValue) => onChange(isEmptyFilter(v) ? undefined : v);

  switch (col.filterKind) {
    case 'text':
      return (
        <DebouncedTextFilter
          kind="text"
          label={label}
          clearLabel={t('clearFilter')}
          external={value?.kind === 'text' ? value.text : ''}
          invalid={() => false}
          onCommit={(text) => set({ kind: 'text', text })}
        />
      );
    case 'number':
      return (
        <DebouncedTextFilter
          kind="number"
          label={label}
          clearLabel={t('clearFilter')}
          placeholder={t('numberFilterHint')}
          external={value?.kind === 'number' ? value.text : ''}
          invalid={(text) => parseNumberFilter(text) === null}
          onCommit={(text) => set({ kind: 'number', text })}
        />
      );
    case 'date':
      return (
        <DatePickerInput
          type="range"
          size="xs"
          aria-label={label}
          allowSingleDateInRange
          clearable
          valueFormat={DATE_FORMAT}
          popoverProps={{ withinPortal: true }}
          value={value?.kind === 'date' ? [value.from, value.to] : [null, null]}
          onChange={([from, to]) => set({ kind: 'date', from: from ?? null, to: to ?? null })}
        />
      );
    case 'boolean':
      return (
        <Select
          size="xs"
          aria-label={label}
          data={[
            { value: 'all', label: t('all') },
            { value: 'yes', label: t('yes') },
            { value: 'no', label: t('no') },
          ]}
          value={value?.kind === 'boolean' ? (value.value ? 'yes' : 'no') : 'all'}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          onChange={(v) =>
            onChange(v === 'yes' || v === 'no' ? { kind: 'boolean', value: v === 'yes' } : undefined)
          }
        />
      );
    case 'list':
      return (
        <MultiSelect<GridLookupValue>
          size="xs"
          aria-label={label}
          data={col.lookupOptions.map((o) => ({ value: o.value, label: o.label }))}
          value={value?.kind === 'list' ? [...value.values] : []}
          searchable
          clearable
          comboboxProps={{ withinPortal: true }}
          onChange={(values) => set({ kind: 'list', values })}
        />
      );
    default:
      return null;
  }
}

/** The filter-row control of one column: text, number expression, date range, yes/no or a list. */
export const FilterCell = memo(FilterCellImpl) as typeof FilterCellImpl;
