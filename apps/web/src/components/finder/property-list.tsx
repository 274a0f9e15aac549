import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Text } from '@mantine/core';
import type { Handover } from '@po/contract/files';
import type { FinderRow } from '@po/contract/parcels/finder';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { GridColumn } from '@/components/data-grid/types';
import { formatDateTime, formatMoney, formatWeight } from '@/lib/format';

interface Property {
  Name: string;
  Value: string;
}

export interface PropertyListOptions<R extends FinderRow> {
  /** the pager's sizes, the first the default (the finder 25, 35, 40; the archives 13, 15, 20) */
  pageSizes?: readonly number[];
  /** rows after the finder's, as `[key under props, text]` (the archives' archive date) */
  extra?: (parcel: R) => Array<[string, string]>;
}

const FINDER_PAGES = [25, 35, 40] as const;

/** `formatDateTime` of a date that may be missing ('' then). */
export const optionalDateTime = (v: string | null) => (v ? formatDateTime(v) : '');

/** The focused parcel's fields as a two-column list (spec 001 §2.6, §2.7), texts under `props.*` of `ns`. */
/**
 * A value that wraps within its cell, between words (a long date or name is read whole, not cut to
 * "25 ნოემბერი 202…"); only a word longer than the column breaks.
 */
const wrapping = (text: string) => (
  <Text inherit style={{ whiteSpace: 'normal', overflowWrap: 'break-word' }}>
    {text}
  </Text>
);

export function PropertyList<R extends FinderRow>({
  parcel,
  handover = null,
  ns,
  pageSizes = FINDER_PAGES,
  extra,
}: {
  parcel: R | null;
  /** the handover: the courier's name and comment (GetParcelHandover), once the parcel has an outcome */
  handover?: Handover | null;
  ns: string;
} & PropertyListOptions<R>) {
  const { t } = useTranslation(ns);
  const rows = useMemo<Property[]>(() => {
    if (!parcel) return [];
    const d = optionalDateTime;
    const list: Array<[string, string]> = [
      ['comment', parcel.Signature],
      ['courier', handover?.CourierName || parcel.Courier],
      ['handoverComment', handover?.Comment ?? ''],
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
      ...(extra?.(parcel) ?? []),
    ];
    return list.map(([k, v]) => ({ Name: t(`props.${k}`), Value: v }));
  }, [parcel, handover, t, extra]);
  const columns = useMemo<GridColumn<Property>[]>(
    () => [
      // together no wider than the side panel at 1366 px, so the value column is not cut off by it
      { field: 'Name', header: t('props.name'), width: 125, cell: (r) => wrapping(r.Name) },
      { field: 'Value', header: t('props.value'), width: 115, cell: (r) => wrapping(r.Value) },
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
      pageSizes={pageSizes}
      defaultPageSize={pageSizes[0] ?? FINDER_PAGES[0]}
      emptyText={t('props.empty')}
    />
  );
}
