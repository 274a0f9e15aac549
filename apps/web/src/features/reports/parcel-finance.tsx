import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParcelFinance, type ParcelFinanceParams } from './api/finance';
import { defaultRange, dottedDay } from './api/dates';
import { RangeFields, type DayRange } from './components/date-field';
import { FinanceReport } from './components/report-screen';

/**
 * /financeparcel (spec 000 §2.4 report 1): financial analysis by parcel registration date. A date range
 * (the last 14 days by default), per company the parcels registered in it: count, kg, GEL.
 */
export function ParcelFinanceScreen() {
  const { t } = useTranslation('reports');
  const [range, setRange] = useState<DayRange>(defaultRange);
  const [params, setParams] = useState<ParcelFinanceParams | null>(null);
  const [tried, setTried] = useState(false);
  const result = useParcelFinance(params);

  const fetch = () => {
    setTried(true);
    if (!range.from || !range.to) return;
    setParams({ from: range.from, to: range.to, run: Date.now() });
  };

  return (
    <FinanceReport
      title={t('layout:routes.financeparcel')}
      filters={<RangeFields value={range} onChange={setRange} tried={tried} />}
      onFetch={fetch}
      result={result}
      variant="parcels"
      storageKey="po.grid.reports.financeparcel"
      exportFileName={() =>
        t('export.financeparcel', { from: dottedDay(params?.from ?? ''), to: dottedDay(params?.to ?? '') })
      }
    />
  );
}
