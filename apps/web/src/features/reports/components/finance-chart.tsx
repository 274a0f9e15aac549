import { useTranslation } from 'react-i18next';
import type { FinanceDay } from '@po/contract/reports';
import { DayChart } from '@/components/charts/day-chart';

/** Parcels per day and the delivered share over the chosen range (above the finance grids). */
export function FinanceChart({ days }: { days: readonly FinanceDay[] }) {
  const { t } = useTranslation('reports');
  const total = days.reduce((s, d) => s + d.Quantity, 0);
  const delivered = days.reduce((s, d) => s + d.Delivered, 0);
  return (
    <DayChart
      points={days.map((d) => ({ day: d.Day, total: d.Quantity, part: d.Delivered }))}
      title={t('chart.title')}
      totalLabel={t('chart.parcels')}
      shareLabel={t('chart.deliveredShare')}
      emptyText={t('chart.empty')}
      caption={t('chart.summary', {
        days: days.length,
        total,
        delivered,
        share: total ? Math.round((delivered / total) * 100) : 0,
      })}
    />
  );
}
