import { Button, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSizes } from '@po/contract/constants';
import type { CompanyRow } from '@po/contract/reports';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { DataGridProps } from '@/components/data-grid/types';
import type { FinanceResult } from '../api/finance';
import { companyColumns } from './company-columns';
import { FilterPanel } from './filter-panel';
import { FinanceChart } from './finance-chart';

export interface ReportScreenProps<T extends object> extends Pick<
  DataGridProps<T>,
  'columns' | 'data' | 'rowKey' | 'pageSizes' | 'storageKey' | 'exportFileName'
> {
  /** the heading and the grid's label */
  title: string;
  /** the filter fields, before the fetch button */
  filters: ReactNode;
  onFetch: () => void;
  fetching: boolean;
  /** between the filter panel and the grid (the finance chart) */
  above?: ReactNode;
}

/**
 * A report with a filter (spec 000 §2.4, §2.5): the heading that shows or hides the filter fields and the
 * fetch button, then the result grid (10 a page, 'no data' when empty, busy while fetching).
 */
export function ReportScreen<T extends object>({
  title,
  filters,
  onFetch,
  fetching,
  above,
  ...grid
}: ReportScreenProps<T>) {
  const { t } = useTranslation('reports');
  return (
    <Stack gap="md">
      <FilterPanel title={title}>
        {filters}
        <Button onClick={onFetch} loading={fetching}>
          {t('fetch')}
        </Button>
      </FilterPanel>
      {above}
      <DataGrid<T>
        label={title}
        loading={fetching}
        defaultPageSize={PageSizes.default}
        emptyText={t('noData')}
        {...grid}
      />
    </Stack>
  );
}

/**
 * A finance report (000 §2.4 report 1 by parcel date, report 4 and /finance-anlysis by company date):
 * the chart of the days, then the companies with their figures (10, 15 or 20 a page).
 */
export function FinanceReport({
  result,
  variant,
  ...screen
}: Pick<ReportScreenProps<CompanyRow>, 'title' | 'filters' | 'onFetch' | 'storageKey' | 'exportFileName'> & {
  result: UseQueryResult<FinanceResult>;
  /** the columns' variant (see companyColumns) */
  variant: 'parcels' | 'managers';
}) {
  const { t } = useTranslation('reports');
  const columns = useMemo(() => companyColumns(t, variant), [t, variant]);
  return (
    <ReportScreen
      {...screen}
      fetching={result.isFetching}
      above={result.data && <FinanceChart days={result.data.days} />}
      columns={columns}
      data={result.data?.companies ?? []}
      rowKey="Pid"
      pageSizes={PageSizes.finance}
    />
  );
}
