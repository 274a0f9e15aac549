import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BagRow } from '@po/contract/bags';
import type { ParcelListRow } from '@po/contract/parcels/scans';
import type { GridColumn } from '@/components/data-grid/types';

export type BagParcel = { ID: string; CreateDate: string; Barcode: string; Status: string };

/** Where a bag stands: open (taking parcels), sealed, received or cancelled. */
export function bagState(b: BagRow): 'open' | 'sealed' | 'received' | 'cancelled' {
  if (b.CancelDate) return 'cancelled';
  if (b.ReceiveDate) return 'received';
  return b.CloseDate ? 'sealed' : 'open';
}

/** The bag journal's columns (spec 002 §2.15), the state, seal, receipt and cancel beyond it. */
export function useBagColumns() {
  const { t } = useTranslation('bags');
  return useMemo<GridColumn<BagRow>[]>(
    () => [
      { field: 'BagName', header: t('columns.bagName'), width: 170, summary: 'count' },
      { field: 'State', header: t('columns.state'), width: 120, value: (b) => t(`state.${bagState(b)}`) },
      { field: 'CreateDate', header: t('columns.createDate'), type: 'datetime', width: 150 },
      { field: 'Sender', header: t('columns.senderOffice'), width: 170 },
      { field: 'Receiver', header: t('columns.receiverOffice'), width: 170 },
      { field: 'Count', header: t('columns.count'), type: 'number', width: 90 },
      { field: 'CreatedBy', header: t('columns.createdBy'), width: 150, hidden: true },
      { field: 'CarNumber', header: t('columns.car'), width: 110, hidden: true },
      { field: 'Driver', header: t('columns.driver'), width: 130, hidden: true },
      { field: 'SealNumber', header: t('columns.seal'), width: 110 },
      {
        field: 'DeclaredWeight',
        header: t('columns.declaredWeight'),
        type: 'number',
        width: 110,
        hidden: true,
      },
      { field: 'CloseDate', header: t('columns.closeDate'), type: 'datetime', width: 150, hidden: true },
      { field: 'ReceiveDate', header: t('columns.receiveDate'), type: 'datetime', width: 150 },
      {
        field: 'ReceivedCount',
        header: t('columns.receivedCount'),
        type: 'number',
        width: 100,
        hidden: true,
      },
      { field: 'CancelDate', header: t('columns.cancelDate'), type: 'datetime', width: 150 },
    ],
    [t],
  );
}

/** The open bags of my office: name, who opened it and when, where it goes, how many parcels. */
export function useOpenBagColumns() {
  const { t } = useTranslation('bags');
  return useMemo<GridColumn<BagRow>[]>(
    () => [
      { field: 'BagName', header: t('columns.bagName'), width: 170, summary: 'count' },
      { field: 'CreateDate', header: t('columns.openedAt'), type: 'datetime', width: 150 },
      { field: 'CreatedBy', header: t('columns.createdBy'), width: 170 },
      { field: 'Receiver', header: t('columns.receiverOffice'), width: 190 },
      { field: 'Count', header: t('columns.count'), type: 'number', width: 110 },
      { field: 'CarNumber', header: t('columns.car'), width: 110 },
      { field: 'Driver', header: t('columns.driver'), width: 130, hidden: true },
    ],
    [t],
  );
}

/** A bag's parcels in the journal (spec 002 §2.15): date, barcode, status. */
export function useBagParcelColumns() {
  const { t } = useTranslation('bags');
  return useMemo<GridColumn<BagParcel>[]>(
    () => [
      { field: 'CreateDate', header: t('columns.createDate'), type: 'datetime', width: 150 },
      { field: 'Barcode', header: t('columns.barcode'), width: 150, summary: 'count' },
      { field: 'Status', header: t('columns.status'), width: 180 },
    ],
    [t],
  );
}

/** The parcels scanned into the bag on /newbag. */
export function useNewBagColumns() {
  const { t } = useTranslation('bags');
  return useMemo<GridColumn<ParcelListRow>[]>(
    () => [
      { field: 'Barcode', header: t('columns.barcode'), width: 150, summary: 'count' },
      { field: 'CreateDate', header: t('columns.createDate'), type: 'datetime', width: 150 },
      { field: 'CurStatusName', header: t('columns.status'), width: 170 },
      { field: 'Receiver', header: t('columns.receiver'), width: 220 },
      { field: 'Sender', header: t('columns.sender'), width: 220 },
      { field: 'BagName', header: t('columns.bag'), width: 170 },
    ],
    [t],
  );
}
