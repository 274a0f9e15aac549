import { Select } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSizes, Toast } from '@po/contract/constants';
import { notifyError } from '@/lib/notify';
import { useEmployeeVisits, type EmployeeParams } from './api/attendance';
import { useEmployees } from './api/users';
import { defaultRange, dottedDay } from './api/dates';
import { attendanceColumns } from './components/attendance-columns';
import { RangeFields, type DayRange } from './components/date-field';
import { ReportScreen } from './components/report-screen';

/**
 * /employeevisit (spec 000 §2.4 report 2): one employee over a period, a row per day: arrived, left,
 * duration as h:min and in minutes; the sum of minutes as hours and minutes. No employee chosen:
 * 'employee selection required' (3 s).
 */
export function EmployeeReportScreen() {
  const { t } = useTranslation('reports');
  const employees = useEmployees();
  const [userId, setUserId] = useState<string | null>(null);
  const [range, setRange] = useState<DayRange>(defaultRange);
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

  return (
    <ReportScreen
      title={t('layout:routes.employeevisit')}
      filters={
        <>
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
          <RangeFields value={range} onChange={setRange} tried={tried} />
        </>
      }
      onFetch={fetch}
      fetching={result.isFetching}
      columns={columns}
      data={result.data ?? []}
      rowKey={(r) => `${r.ID}|${r.CheckDate}`}
      pageSizes={PageSizes.attendance}
      storageKey="po.grid.reports.employeevisit"
      exportFileName={() =>
        t('export.employee', { name, from: dottedDay(params?.from ?? ''), to: dottedDay(params?.to ?? '') })
      }
    />
  );
}
