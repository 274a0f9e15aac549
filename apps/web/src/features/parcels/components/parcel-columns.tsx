import { Badge } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ParcelListRow, WarningLevelValue } from '@po/contract/parcels/scans';
import type { GridColumn } from '@/components/data-grid/types';

type Col = GridColumn<ParcelListRow>;
export type ParcelColumnId =
  | 'Prefix'
  | 'Barcode'
  | 'CreateDate'
  | 'CollectionDate'
  | 'CurStatusName'
  | 'Login'
  | 'Receiver'
  | 'Sender'
  | 'Signature'
  | 'FineNumber'
  | 'IsPayed'
  | 'Payment';

/** Warning level colours (spec 002 §2.6): late red, warning yellow, on time green. */
export const LEVEL_COLOR: Record<WarningLevelValue, string> = {
  late: 'red',
  warning: 'yellow',
  ontime: 'green',
};

/** The parcel-row columns the scan screens and lists pick from, in the order given. */
export function parcelColumns(t: TFunction<'scan'>, ids: readonly ParcelColumnId[]): Col[] {
  const paid = (row: ParcelListRow) =>
    row.IsPayed ? (
      <Badge color="green" variant="filled" data-paid="">
        {t('columns.paid')}
      </Badge>
    ) : (
      <Badge color="gray" variant="light">
        {t('columns.notPaid')}
      </Badge>
    );
  const all: Record<ParcelColumnId, Col> = {
    Prefix: {
      field: 'Prefix',
      header: t('columns.level'),
      width: 130,
      format: (v) => t(`levels.${String(v)}`),
      cell: (row) => (
        <Badge color={LEVEL_COLOR[row.Prefix]} variant="filled" data-level={row.Prefix}>
          {t(`levels.${row.Prefix}`)}
        </Badge>
      ),
    },
    Barcode: { field: 'Barcode', header: t('columns.barcode'), width: 150, summary: 'count' },
    CreateDate: { field: 'CreateDate', header: t('columns.createDate'), type: 'datetime', width: 150 },
    CollectionDate: {
      field: 'CollectionDate',
      header: t('columns.collectionDate'),
      type: 'datetime',
      width: 150,
    },
    CurStatusName: { field: 'CurStatusName', header: t('columns.status'), width: 170 },
    Login: { field: 'Login', header: t('columns.login'), width: 130 },
    Receiver: { field: 'Receiver', header: t('columns.receiver'), width: 200 },
    Sender: { field: 'Sender', header: t('columns.sender'), width: 200 },
    Signature: { field: 'Signature', header: t('columns.comment'), width: 220 },
    FineNumber: { field: 'Description', id: 'FineNumber', header: t('columns.fineNumber'), width: 180 },
    IsPayed: {
      field: 'IsPayed',
      header: t('columns.paidMark'),
      type: 'boolean',
      width: 120,
      format: (v) => (v ? t('columns.paid') : t('columns.notPaid')),
      cell: paid,
    },
    Payment: {
      field: 'IsPayed',
      id: 'Payment',
      header: t('columns.payment'),
      type: 'boolean',
      width: 140,
      format: (v) => (v ? t('columns.paid') : t('columns.notPaid')),
      cell: paid,
    },
  };
  return ids.map((id) => all[id]);
}
