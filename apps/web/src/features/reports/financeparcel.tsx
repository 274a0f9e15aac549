import { Button, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSizes } from '@po/contract/constants';
import { DataGrid } from '@/components/data-grid/data-grid';
import { useParcelFinance, type ParcelFinanceParams } from './api/finance';
import { defaultRange, dottedDay } from './api/dates';
import { companyColumns } from './components/company-columns';
import { DateField } from './components/date-field';
import { FilterPanel } from './components/filter-panel';
import { FinanceChart } from './components/finance-chart';

/**
 * /financeparcel (spec 000 §2.4 report 1): financial analysis by parcel registration date. A date range
 * (the last 14 days by default), per company the parcels registered in it: count, kg, GEL.
 */
export function Component() {
  const { t } = useTranslation('reports');
  const [range, setRange] = useState<{ from: string | null; to: string | null }>(defaultRange);
  const [params, setParams] = useState<ParcelFinanceParams | null>(null);
  const [tried, setTried] = useState(false);
  const result = useParcelFinance(params);
  const columns = useMemo(() => companyColumns(t, 'parcels'), [t]);

  const fetch = () => {
    setTried(true);
    if (!range.from || !range.to) return;
    setParams({ from: range.from, to: range.to, run: Date.now() });
  };
  const required = (v: string | null) => (tried && !v ? t('dateRequired') : null);

  return (
    <Stack gap="md">
      <FilterPanel title={t('layout:routes.financeparcel')}>
        <DateField
          label={t('startDate')}
          value={range.from}
          onChange={(from) => setRange((r) => ({ ...r, from }))}
          error={required(range.from)}
        />
        <DateField
          label={t('endDate')}
          value={range.to}
          onChange={(to) => setRange((r) => ({ ...r, to }))}
          error={required(range.to)}
        />
        <Button onClick={fetch} loading={result.isFetching}>
          {t('fetch')}
        </Button>
      </FilterPanel>
      {result.data && <FinanceChart days={result.data.days} />}
      <DataGrid
        label={t('layout:routes.financeparcel')}
        columns={columns}
        data={result.data?.companies ?? []}
        rowKey="Pid"
        loading={result.isFetching}
        pageSizes={PageSizes.finance}
        defaultPageSize={PageSizes.default}
        storageKey="po.grid.reports.financeparcel"
        emptyText={t('noData')}
        exportFileName={() =>
          t('export.financeparcel', { from: dottedDay(params?.from ?? ''), to: dottedDay(params?.to ?? '') })
        }
      />
    </Stack>
  );
}
