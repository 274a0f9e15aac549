import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FinderRow } from '@po/contract/finder';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { GridColumn } from '@/components/data-grid/types';
import { formatDateTime, formatMoney, formatWeight } from '@/lib/format';

interface Property {
  Name: string;
  Value: string;
}

/** The focused parcel's fields as a two-column list (spec 001 §2.6, §2.7; pages 25, 35, 40). */
export function PropertyList({ parcel }: { parcel: FinderRow | null }) {
  const { t } = useTranslation('finder');
  const rows = useMemo<Property[]>(() => {
    if (!parcel) return [];
    const d = (v: string | null) => (v ? formatDateTime(v) : '');
    const list: Array<[string, string]> = [
      ['comment', parcel.Signature],
      ['barcode', parcel.Barcode],
      ['registeredBy', parcel.Login],
      ['createDate', d(parcel.CreateDate)],
      ['collectionDate', d(parcel.CollectionDate)],
      ['sender', parcel.Sender],
      ['receiver', parcel.Receiver],
      ['fild1', parcel.Fild1],
      ['fild2', parcel.Fild2],
      ['packages', String(parcel.NumberOfPackages)],
      ['weight', formatWeight(parcel.Weight)],
      ['height', String(parcel.Height)],
      ['width', String(parcel.Width)],
      ['price', formatMoney(parcel.Value)],
      ['description', parcel.Description],
      ['payType', parcel.PaymetType],
      ['payer', parcel.Whopays],
      ['sendType', parcel.SendType],
      ['deliveryStatus', parcel.DeliveryStatus],
      ['statusDate', d(parcel.StatusDate)],
      ['direction', parcel.Direction],
      ['firstVisit', parcel.Lname],
      ['visitDate', d(parcel.Ldate)],
      ['late', String(parcel.Late)],
    ];
    return list.map(([k, v]) => ({ Name: t(`props.${k}`), Value: v }));
  }, [parcel, t]);
  const columns = useMemo<GridColumn<Property>[]>(
    () => [
      { field: 'Name', header: t('props.name'), width: 125 },
      { field: 'Value', header: t('props.value'), width: 150 },
    ],
    [t],
  );
  return (
    <DataGrid<Property>
      label={t('props.title')}
      columns={columns}
      data={rows}
      rowKey="Name"
      filterRow={false}
      columnChooser={false}
      sorting={false}
      pageSizes={[25, 35, 40]}
      defaultPageSize={25}
      emptyText={t('props.empty')}
    />
  );
}
