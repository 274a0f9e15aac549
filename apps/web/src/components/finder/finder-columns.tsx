import type { FinderRow, LastStatusItem } from '@po/contract/parcels/finder';
import type { GridColumn } from '@/components/data-grid/types';

/** A row with the freshest last status and delivery entry the progressive fill brought. */
export function merged<R extends FinderRow>(row: R, fresh: LastStatusItem | undefined): R {
  if (!fresh) return row;
  return {
    ...row,
    CurStatusName: fresh.StatusName || row.CurStatusName,
    LastStatusName: fresh.StatusName || row.LastStatusName,
    DeliveryStatus: fresh.DeliveryStatus,
    DeliveryDate: fresh.DeliveryDate,
    Lname: fresh.Lname,
    Ldate: fresh.Ldate,
    Late: fresh.Late,
  };
}

/**
 * The finder grid's columns (spec 001 §2.6, §2.7), ids as the profile's finder columns
 * (`FINDER_COLUMNS`), headers from the screen's `cols.*` texts. Status and delivery cells read the
 * progressive fill (`fresh`) when it has the row; the derived text columns the server cannot sort or
 * filter by are marked so.
 */
export function finderColumns<R extends FinderRow>(
  t: (key: string) => string,
  fresh: Readonly<Record<string, LastStatusItem>>,
): GridColumn<R>[] {
  const f = (row: R) => merged(row, fresh[row.GUID]);
  const derived = { filter: false, sortable: false } as const;
  return [
    { id: 'TypeName', field: 'TypeName', header: t('cols.typeName'), width: 120 },
    { id: 'CreateDate', field: 'CreateDate', header: t('cols.createDate'), type: 'datetime', width: 150 },
    { id: 'Barcode', field: 'Barcode', header: t('cols.barcode'), width: 140, summary: 'count' },
    {
      id: 'LastStatus',
      field: 'CurStatusName',
      header: t('cols.lastStatus'),
      width: 170,
      value: (r) => f(r).CurStatusName,
    },
    {
      id: 'DeliveryStatus',
      field: 'DeliveryStatus',
      header: t('cols.deliveryStatus'),
      width: 140,
      value: (r) => f(r).DeliveryStatus,
      ...derived,
    },
    { id: 'Pid', field: 'PID', header: t('cols.pid'), width: 120 },
    { id: 'RegisteredBy', field: 'Login', header: t('cols.registeredBy'), width: 120 },
    { id: 'Sender', field: 'Sender', header: t('cols.sender'), width: 170 },
    { id: 'Receiver', field: 'Receiver', header: t('cols.receiver'), width: 170 },
    // the receiver's contacts for notifications (issue 38): shown, not filtered (no index serves them)
    {
      id: 'ReceiverPhone',
      field: 'ReceiverPhone',
      header: t('cols.receiverPhone'),
      width: 130,
      filter: false,
      sortable: false,
    },
    {
      id: 'ReceiverEmail',
      field: 'ReceiverEmail',
      header: t('cols.receiverEmail'),
      width: 190,
      filter: false,
      sortable: false,
    },
    { id: 'Fild1', field: 'Fild1', header: t('cols.fild1'), width: 120 },
    { id: 'Fild2', field: 'Fild2', header: t('cols.fild2'), width: 120 },
    {
      id: 'FirstVisit',
      field: 'Lname',
      header: t('cols.firstVisit'),
      width: 150,
      value: (r) => f(r).Lname,
      ...derived,
    },
    {
      id: 'VisitDate',
      field: 'Ldate',
      header: t('cols.visitDate'),
      type: 'datetime',
      width: 150,
      value: (r) => f(r).Ldate,
      ...derived,
    },
    {
      id: 'Lateness',
      field: 'Late',
      header: t('cols.late'),
      type: 'number',
      width: 90,
      value: (r) => f(r).Late,
      ...derived,
    },
    { id: 'StatusDate', field: 'StatusDate', header: t('cols.statusDate'), type: 'datetime', width: 150 },
    { id: 'Weight', field: 'Weight', header: t('cols.weight'), type: 'weight', width: 100 },
    { id: 'Value', field: 'Value', header: t('cols.value'), type: 'money', width: 120 },
    { id: 'PayType', field: 'PaymetType', header: t('cols.payType'), width: 110, ...derived },
    { id: 'Payer', field: 'Whopays', header: t('cols.payer'), width: 110, ...derived },
    { id: 'Direction', field: 'Direction', header: t('cols.direction'), width: 170, ...derived },
    { id: 'SendType', field: 'SendType', header: t('cols.sendType'), width: 120, ...derived },
  ];
}
