import type { TFunction } from 'i18next';
import type { RegistryParcelRow, RegistryRow } from '@po/contract/registries';
import type { GridColumn } from '@/components/data-grid/types';

/** The registry parcel row's columns (spec 002 §3). */
export function registryParcelColumns(t: TFunction<'registries'>): GridColumn<RegistryParcelRow>[] {
  return [
    { field: 'BarCode', header: t('columns.barcode'), width: 150, summary: 'count' },
    { field: 'CreateDate', header: t('columns.createDate'), type: 'datetime', width: 150 },
    { field: 'Sender', header: t('columns.sender'), width: 220 },
    { field: 'Receiver', header: t('columns.receiver'), width: 260 },
    { field: 'Fild1', header: t('columns.caseNumber'), width: 130 },
    { field: 'Fild2', header: t('columns.note'), width: 160 },
    { field: 'Description', header: t('columns.description'), width: 160 },
    { field: 'Creator', header: t('columns.creator'), width: 130 },
  ];
}

/** The registry journal's columns (Id, RgName, CreateDate and the count). */
export function registryColumns(t: TFunction<'registries'>): GridColumn<RegistryRow>[] {
  return [
    { field: 'Id', header: t('columns.id'), type: 'number', width: 70 },
    { field: 'RgName', header: t('columns.rgName'), width: 130, summary: 'count' },
    { field: 'CreateDate', header: t('columns.createDate'), type: 'datetime', width: 150 },
    { field: 'Count', header: t('columns.count'), type: 'number', width: 100 },
    { field: 'Creator', header: t('columns.creator'), width: 120 },
  ];
}
