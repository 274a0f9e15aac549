import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CloseButton, Combobox, Input, InputBase, Popover } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataGrid } from './data-grid';
import type { DataGridHandle, GridColumn, GridLookupValue, GridRowKey } from './types';

export interface LookupGridProps<T extends object> {
  /** The items to choose from; `undefined` while loading. */
  data: readonly T[] | undefined;
  /** Columns of the drop-down grid. */
  columns: readonly GridColumn<T>[];
  /** The item's field stored as the value (also the drop-down grid's row key). */
  valueField: keyof T & string;
  /** The item's field shown in the box. */
  displayField: keyof T & string;
  value: unknown;
  /** The chosen item's value and the item, or null (cleared). */
  onChange: (value: GridLookupValue | null, item: T | null) => void;
  /** Accessible name (and the label in `form` variant), already translated. */
  label: string;
  /** `cell`: compact, the label only for screen readers; `form`: a labelled field. */
  variant?: 'cell' | 'form';
  placeholder?: string;
  clearable?: boolean;
  disabled?: boolean;
  required?: boolean;
  error?: string | null;
  loading?: boolean;
  autoFocus?: boolean;
  /** Drop-down size in pixels (default 500 × 450). */
  dropdownWidth?: number;
  dropdownHeight?: number;
  /** Rows per page of the drop-down grid (default 10, no page-size choice). */
  pageSize?: number;
}

const sameKey = (a: unknown, b: unknown) =>
  a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b);

/**
 * A drop-down grid editor: a box with the chosen item's text that opens a small filterable grid
 * (spec 001 §2.2: "picked from a drop-down grid"). Clicking a row, or Enter on the focused row,
 * picks it and closes the drop-down; the current value is focused when it opens.
 */
export function LookupGrid<T extends object>({
  data,
  columns,
  valueField,
  displayField,
  value,
  onChange,
  label,
  variant = 'form',
  placeholder,
  clearable = false,
  disabled = false,
  required = false,
  error,
  loading = false,
  autoFocus,
  dropdownWidth = 500,
  dropdownHeight = 450,
  pageSize = 10,
}: LookupGridProps<T>) {
  const { t } = useTranslation('grid');
  const [opened, setOpened] = useState(false);
  const current = data?.find((item) => sameKey((item as Record<string, unknown>)[valueField], value));
  const text = current ? String((current as Record<string, unknown>)[displayField] ?? '') : '';
  const hasValue = value !== null && value !== undefined && value !== '';

  const pick = (item: T) => {
    onChange((item as Record<string, unknown>)[valueField] as GridLookupValue, item);
    setOpened(false);
  };

  return (
    <Popover
      opened={opened && !disabled}
      onChange={setOpened}
      width={dropdownWidth}
      position="bottom-start"
      shadow="md"
      trapFocus
      returnFocus
      withinPortal
    >
      <Popover.Target>
        <InputBase
          component="button"
          type="button"
          pointer
          size={variant === 'cell' ? 'xs' : 'sm'}
          label={variant === 'form' ? label : undefined}
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={opened}
          required={variant === 'form' ? required : undefined}
          disabled={disabled}
          error={error ?? undefined}
          autoFocus={autoFocus}
          onClick={() => setOpened((o) => !o)}
          rightSection={
            clearable && hasValue && !disabled ? (
              <CloseButton
                size="sm"
                aria-label={t('lookupClear', { column: label })}
                onMouseDown={(e) => e.preventDefault()}
                onClick={(e) => {
                  e.stopPropagation();
                  onChange(null, null);
                  setOpened(false);
                }}
              />
            ) : (
              <Combobox.Chevron size={variant === 'cell' ? 'xs' : 'sm'} />
            )
          }
          rightSectionPointerEvents={clearable && hasValue && !disabled ? 'all' : 'none'}
        >
          {text || <Input.Placeholder>{placeholder ?? (hasValue && loading ? '…' : '')}</Input.Placeholder>}
        </InputBase>
      </Popover.Target>
      <Popover.Dropdown
        p={4}
        h={dropdownHeight}
        role="dialog"
        aria-label={label}
        data-lookup-grid
        style={{ display: 'flex', flexDirection: 'column' }}
      >
        <LookupGridPanel
          data={data}
          columns={columns}
          valueField={valueField}
          value={value}
          label={label}
          loading={loading}
          height={dropdownHeight - 64}
          pageSize={pageSize}
          onPick={pick}
        />
      </Popover.Dropdown>
    </Popover>
  );
}

interface PanelProps<T extends object> {
  data: readonly T[] | undefined;
  columns: readonly GridColumn<T>[];
  valueField: keyof T & string;
  value: unknown;
  label: string;
  loading: boolean;
  height: number;
  pageSize: number;
  onPick: (item: T) => void;
}

/** The drop-down's grid; mounted while open, it focuses (and pages to) the current value. */
function LookupGridPanel<T extends object>({
  data,
  columns,
  valueField,
  value,
  label,
  loading,
  height,
  pageSize,
  onPick,
}: PanelProps<T>) {
  const ref = useRef<DataGridHandle<T>>(null);
  const focused = useRef<T | null>(null);
  const hasValue = value !== null && value !== undefined && value !== '';
  useEffect(() => {
    if (hasValue) ref.current?.focusRow(value as GridRowKey);
    // Only on opening: later the user moves the focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Enter picks the focused row (or the only row left by the filter); no key reaches the editor under it. */
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    e.stopPropagation();
    if (e.key !== 'Enter' || (e.target as HTMLElement).tagName === 'BUTTON') return;
    const shown = ref.current?.getShownRows() ?? [];
    const row =
      focused.current && shown.includes(focused.current)
        ? focused.current
        : shown.length === 1
          ? shown[0]
          : null;
    if (row) {
      e.preventDefault();
      onPick(row);
    }
  };

  return (
    <div onKeyDown={onKeyDown} style={{ minHeight: 0, flex: 1 }}>
      <DataGrid<T>
        ref={ref}
        label={label}
        columns={columns}
        data={data}
        loading={loading}
        rowKey={valueField}
        pageSizes={[pageSize]}
        defaultPageSize={pageSize}
        height={height}
        filterRow
        sorting
        columnChooser={false}
        selection="single"
        selectedKeys={hasValue ? [value as GridRowKey] : []}
        onFocusedRowChange={(row) => {
          focused.current = row;
        }}
        onRowClick={onPick}
      />
    </div>
  );
}
