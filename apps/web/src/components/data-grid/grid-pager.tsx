import { memo } from 'react';
import { Group, Pagination, SegmentedControl, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './data-grid.module.css';

interface GridPagerProps {
  pageIndex: number;
  pageCount: number;
  pageSize: number;
  pageSizes: readonly number[];
  /** Records after filtering (group captions not counted). */
  itemCount: number;
  onPageChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

function GridPagerImpl({
  pageIndex,
  pageCount,
  pageSize,
  pageSizes,
  itemCount,
  onPageChange,
  onPageSizeChange,
}: GridPagerProps) {
  const { t } = useTranslation('grid');
  const pages = Math.max(1, pageCount);
  const page = Math.min(pageIndex + 1, pages);
  return (
    <div className={classes.pager}>
      <Group gap="xs">
        {pageSizes.length > 1 ? (
          <>
            <Text size="sm" c="dimmed">
              {t('pageSize')}
            </Text>
            <SegmentedControl
              size="xs"
              aria-label={t('pageSize')}
              data={pageSizes.map((n) => ({ value: String(n), label: String(n) }))}
              value={String(pageSize)}
              onChange={(v) => onPageSizeChange(Number(v))}
            />
          </>
        ) : null}
      </Group>
      <Group gap="sm">
        <Text size="sm" c="dimmed" role="status" data-testid="grid-page-info">
          {t('pageInfo', { page, pages, count: itemCount })}
        </Text>
        <Pagination
          size="sm"
          total={pages}
          value={page}
          onChange={(p) => onPageChange(p - 1)}
          siblings={1}
          boundaries={1}
          getControlProps={(control) => ({ 'aria-label': t(`pager.${control}`) })}
          getItemProps={(p) => ({ 'aria-label': t('pager.page', { page: p }) })}
        />
      </Group>
    </div>
  );
}

/** Page-size choices, "page X of Y (N items)" and the page buttons. */
export const GridPager = memo(GridPagerImpl);
