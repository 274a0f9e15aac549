import { Button, Select, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSizes, Toast } from '@po/contract/constants';
import { DataGrid } from '@/components/data-grid/data-grid';
import { notifyError } from '@/lib/notify';
import { useEmployeeVisits, type EmployeeParams } from './api/attendance';
import { useEmployees } from './api/users';
import { defaultRange, dottedDay } from './api/dates';
import { attendanceColumns } from './components/attendance-columns';
import { DateField } from './components/date-field';
import { FilterPanel } from './components/filter-panel';

/**
 * /employeevisit (spec 000 §2.4 report 2): one employee over a period, a row per day: arrived, left,
 * duration as h:min and in minutes; the sum of minutes as hours and minutes. No employee chosen:
 * 'employee selection required' (3 s).
 */
export function Component() {
  const { t } = useTranslation('reports');
  const employees = useEmployees();
  const [userId, setUserId] = useState<string | null>(null);
  const [range, setRange] = useState<{ from: string | null; to: string | null }>(defaultRange);
  const [params, setParams] = useState<EmployeeParams | null>(null);
  const [tried, setTried] = useState(false);
  const result = useEmployeeVisits(params);
  const columns = useMemo(() => attendanceColumns(t, { minutes: true }), [t]);
  const options = useMemo(
    () => (employees.data ?? []).map((u) => ({ value: u.ID, label: u.Name })),
    [employees.data],
  );
  const name = options.find((o) => o.value === params?.userId)?.label ?? '';

  const fetch = () => {
    setTried(true);
    if (!userId) {
      notifyError(t('employeeRequired'), Toast.normal);
      return;
    }
    if (!range.from || !range.to) return;
    setParams({ userId, from: range.from, to: range.to, run: Date.now() });
  };
  const required = (v: string | null) => (tried && !v ? t('dateRequired') : null);

  return (
    <Stack gap="md">
      <FilterPanel title={t('layout:routes.employeevisit')}>
        <Select
          label={t('employee')}
          placeholder={t('employeePlaceholder')}
          data={options}
          value={userId}
          onChange={setUserId}
          searchable
          withAsterisk
          w={260}
          comboboxProps={{ withinPortal: true }}
        />
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
      <DataGrid
        label={t('layout:routes.employeevisit')}
        columns={columns}
        data={result.data ?? []}
        rowKey={(r) => `${r.ID}|${r.CheckDate}`}
        loading={result.isFetching}
        pageSizes={PageSizes.attendance}
        defaultPageSize={PageSizes.default}
        storageKey="po.grid.reports.employeevisit"
        emptyText={t('noData')}
        exportFileName={() =>
          t('export.employee', { name, from: dottedDay(params?.from ?? ''), to: dottedDay(params?.to ?? '') })
        }
      />
    </Stack>
  );
}
