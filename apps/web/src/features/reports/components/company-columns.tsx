import type { TFunction } from 'i18next';
import type { CompanyRow } from '@po/contract/reports';
import type { GridColumn } from '@/components/data-grid/types';

/**
 * The company summary columns. `parcels` (000 §2.4 report 1): manager, note, company, personal code,
 * parcels, weight (kg, 2 decimals), total GEL. `managers` (/finance-anlysis, 000 §2.5 and 003): author,
 * explanation, company, personal code, total GEL; report 4's parcels, weight and registration date are in
 * the column chooser. Summary: the count of companies and the sums of quantity, weight and amount.
 */
export function companyColumns(t: TFunction, variant: 'parcels' | 'managers'): GridColumn<CompanyRow>[] {
  const m = variant === 'managers';
  const cols: GridColumn<CompanyRow>[] = [
    { field: 'User', header: t(m ? 'columns.author' : 'columns.user'), width: 170 },
    { field: 'Note', header: t(m ? 'columns.explanation' : 'columns.note'), width: 180 },
    { field: 'CompaniName', header: t('columns.company'), width: 230, summary: 'count' },
    { field: 'Pid', header: t('columns.pid'), width: 150 },
    {
      field: 'Quantity',
      header: t('columns.quantity'),
      type: 'number',
      width: 110,
      summary: 'sum',
      hidden: m,
    },
    { field: 'Weight', header: t('columns.weight'), type: 'weight', width: 150, summary: 'sum', hidden: m },
    { field: 'Summ', header: t('columns.summ'), type: 'money', width: 150, summary: 'sum' },
  ];
  if (m)
    cols.push({
      field: 'CreateDate',
      header: t('columns.createDate'),
      type: 'date',
      width: 150,
      hidden: true,
    });
  return cols;
}
