import { memo, type ReactNode } from 'react';
import { ActionIcon, Button, CloseButton, Menu, TextInput, Tooltip } from '@mantine/core';
import {
  IconColumns,
  IconFileSpreadsheet,
  IconPlus,
  IconPrinter,
  IconRefresh,
  IconRestore,
  IconSearch,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useTypedFilter } from './use-typed-filter';
import classes from './data-grid.module.css';

export interface ChooserColumn {
  id: string;
  header: string;
  visible: boolean;
  /** False for the last visible column (a grid always shows one). */
  canToggle: boolean;
}

interface GridToolbarProps {
  left?: ReactNode;
  /** With `onSearch`: the search box and its current text. */
  searchValue?: string;
  onSearch?: (text: string) => void;
  onRefresh?: () => void;
  onAdd?: () => void;
  addDisabled?: boolean;
  /** With `onToggleColumn`: the column chooser. */
  chooserColumns?: readonly ChooserColumn[];
  onToggleColumn?: (id: string, visible: boolean) => void;
  /** Restores the columns' initial visibility, order and widths. */
  onResetLayout?: () => void;
  onExport?: () => void;
  exporting?: boolean;
  onPrint?: () => void;
}

function SearchBox({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const { t } = useTranslation('grid');
  const { text, type, commit, clear } = useTypedFilter(value, onChange);
  return (
    <TextInput
      size="xs"
      w={220}
      aria-label={t('search')}
      placeholder={t('searchPlaceholder')}
      leftSection={<IconSearch size={14} />}
      value={text}
      rightSection={text ? <CloseButton size="xs" aria-label={t('clearSearch')} onClick={clear} /> : null}
      onChange={(e) => type(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
    />
  );
}

function GridToolbarImpl({
  left,
  searchValue,
  onSearch,
  onRefresh,
  onAdd,
  addDisabled,
  chooserColumns,
  onToggleColumn,
  onResetLayout,
  onExport,
  exporting,
  onPrint,
}: GridToolbarProps) {
  const { t } = useTranslation('grid');
  const chooser =
    chooserColumns && onToggleColumn ? { columns: chooserColumns, onToggle: onToggleColumn } : null;
  const hasRight = onSearch || onRefresh || onAdd || chooser || onExport || onPrint;
  if (!left && !hasRight) return null;
  return (
    <div className={classes.toolbar}>
      <div className={classes.toolbarLeft}>{left}</div>
      {hasRight ? (
        <div className={classes.toolbarRight}>
          {onSearch ? <SearchBox value={searchValue ?? ''} onChange={onSearch} /> : null}
          {onRefresh ? (
            <Tooltip label={t('refresh')}>
              <ActionIcon variant="default" aria-label={t('refresh')} onClick={onRefresh}>
                <IconRefresh size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {onAdd ? (
            <Button
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={onAdd}
              disabled={addDisabled}
              tt="none"
            >
              {t('add')}
            </Button>
          ) : null}
          {chooser ? (
            <Menu closeOnItemClick={false} position="bottom-end" withinPortal shadow="md">
              <Menu.Target>
                <ActionIcon variant="default" aria-label={t('columnChooser')} title={t('columnChooser')}>
                  <IconColumns size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown mah={420} style={{ overflowY: 'auto' }}>
                <Menu.Label>{t('columnChooser')}</Menu.Label>
                {chooser.columns.map((c) => (
                  <Menu.CheckboxItem
                    key={c.id}
                    checked={c.visible}
                    disabled={!c.canToggle}
                    closeMenuOnClick={false}
                    onChange={(checked) => chooser.onToggle(c.id, checked)}
                  >
                    {c.header}
                  </Menu.CheckboxItem>
                ))}
                {onResetLayout ? (
                  <>
                    <Menu.Divider />
                    <Menu.Item leftSection={<IconRestore size={14} />} onClick={onResetLayout}>
                      {t('resetLayout')}
                    </Menu.Item>
                  </>
                ) : null}
              </Menu.Dropdown>
            </Menu>
          ) : null}
          {onExport ? (
            <Tooltip label={t('export')}>
              <ActionIcon variant="default" aria-label={t('export')} onClick={onExport} loading={exporting}>
                <IconFileSpreadsheet size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {onPrint ? (
            <Tooltip label={t('print')}>
              <ActionIcon variant="default" aria-label={t('print')} onClick={onPrint}>
                <IconPrinter size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** The screen's own controls on the left; search, refresh, add, column chooser, export and print on the right. */
export const GridToolbar = memo(GridToolbarImpl);
