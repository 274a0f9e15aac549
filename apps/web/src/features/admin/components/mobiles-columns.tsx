import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { adminRules, type MobileRow, type MobileUserRow, type OfficeRow } from '@po/contract/admin';
import { FIELD_MAX } from '@po/contract/fields';
import { LookupGrid } from '@/components/data-grid/lookup-grid';
import type { GridColumn } from '@/components/data-grid/types';
import { useServerMessage } from './rules';

/**
 * The columns of /mobiles (spec 001 §2.2). The courier is picked from a drop-down grid of couriers with
 * each courier's office (§9: page 10, 500 × 450).
 */
export function useMobilesColumns(
  offices: readonly OfficeRow[] | undefined,
  couriers: { data: MobileUserRow[] | undefined; isFetching: boolean },
): GridColumn<MobileRow>[] {
  const { t } = useTranslation('admin');
  const msg = useServerMessage();

  const courierColumns = useMemo<GridColumn<MobileUserRow>[]>(
    () => [
      { field: 'Name', header: t('mobiles.courier'), width: 230 },
      { field: 'OfficeName', header: t('mobiles.courierOffice'), width: 230 },
    ],
    [t],
  );

  return useMemo<GridColumn<MobileRow>[]>(
    () => [
      {
        field: 'Name',
        header: t('mobiles.name'),
        width: 180,
        required: true,
        maxLength: FIELD_MAX.mobileName,
        validate: (v) => msg(adminRules.mobileName(v)),
      },
      {
        field: 'OfficeGUID',
        header: t('mobiles.office'),
        width: 190,
        required: true,
        lookup: { data: offices ?? [], valueField: 'GUID', displayField: 'Name' },
      },
      {
        field: 'UserGUID',
        header: t('mobiles.courier'),
        width: 170,
        lookup: {
          data: couriers.data ?? [],
          valueField: 'UserGUID',
          displayField: 'Name',
          descriptionField: 'OfficeName',
        },
        renderEditor: (p) => (
          <LookupGrid<MobileUserRow>
            data={couriers.data}
            loading={couriers.isFetching}
            columns={courierColumns}
            valueField="UserGUID"
            displayField="Name"
            value={p.value}
            onChange={(v) => p.onChange(v)}
            label={p.label}
            variant={p.variant}
            placeholder={t('mobiles.chooseCourier')}
            clearable
            disabled={p.disabled}
            required={p.required}
            error={p.error}
            autoFocus={p.autoFocus}
            dropdownWidth={500}
            dropdownHeight={450}
            pageSize={10}
          />
        ),
      },
      { field: 'CarNumber', header: t('mobiles.carNumber'), width: 160, maxLength: FIELD_MAX.carNumber },
      {
        field: 'DriverId',
        header: t('mobiles.driver'),
        width: 130,
        maxLength: FIELD_MAX.driverId,
        validate: (v) => msg(adminRules.driverId(v)),
      },
      { field: 'IsActive', header: t('mobiles.active'), type: 'boolean', width: 110 },
    ],
    [t, msg, offices, couriers.data, couriers.isFetching, courierColumns],
  );
}
