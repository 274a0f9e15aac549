import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSizes } from '@po/contract/constants';
import { useDayVisits, type DayParams } from './api/attendance';
import { dottedDay, today } from './api/dates';
import { attendanceColumns } from './components/attendance-columns';
import { DateField } from './components/date-field';
import { ReportScreen } from './components/report-screen';

/** /visitofdey (spec 000 §2.4 report 3): every employee on one date: arrived, left, duration. */
export function DailyReportScreen() {
  const { t } = useTranslation('reports');
  const [date, setDate] = useState<string | null>(today);
  const [params, setParams] = useState<DayParams | null>(null);
  const [tried, setTried] = useState(false);
  const result = useDayVisits(params);
  const columns = useMemo(() => attendanceColumns(t, { minutes: false }), [t]);

  const fetch = () => {
    setTried(true);
    if (!date) return;
    setParams({ date, run: Date.now() });
  };

  return (
    <ReportScreen
      title={t('layout:routes.visitofdey')}
      filters={
        <DateField
          label={t('controlDate')}
          value={date}
          onChange={setDate}
          error={tried && !date ? t('dateRequired') : null}
        />
      }
      onFetch={fetch}
      fetching={result.isFetching}
      columns={columns}
      data={result.data ?? []}
      rowKey={(r) => `${r.ID}|${r.CheckDate}`}
      pageSizes={PageSizes.attendance}
      storageKey="po.grid.reports.visitofdey"
      exportFileName={() => t('export.day', { date: dottedDay(params?.date ?? '') })}
    />
  );
}
