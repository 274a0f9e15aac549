import { Checkbox, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MobileRow } from '@po/contract/admin';
import { DataGrid } from '@/components/data-grid/data-grid';
import { useMobileUsers, useMobiles } from './api/mobiles';
import { useOffices } from './api/offices';
import { useMobilesColumns } from './components/mobiles-columns';
import { useDriverCheck, useMobileSave } from './components/mobiles-save';

/**
 * /mobiles (spec 001 §2.2): courier devices in an editable grid; the courier is picked from a drop-down
 * grid of couriers (components/mobiles-columns.tsx); the toolbar box checks the driver with the
 * revenue-service registry before saving (components/mobiles-save.tsx).
 */
export function MobilesScreen() {
  const { t } = useTranslation('admin');
  const mobiles = useMobiles();
  const couriers = useMobileUsers();
  const offices = useOffices();
  const [checkOn, toggleCheck] = useDriverCheck();
  const columns = useMobilesColumns(offices.data, couriers);
  const { store, drop } = useMobileSave(checkOn, mobiles.data, couriers.data);

  return (
    <Stack gap="md">
      <Title order={2}>{t('titles.mobiles')}</Title>
      <DataGrid<MobileRow>
        label={t('titles.mobiles')}
        columns={columns}
        data={mobiles.data}
        loading={mobiles.isFetching}
        rowKey="GUID"
        storageKey="po.grid.admin.mobiles"
        exportFileName={t('titles.mobiles')}
        onRefresh={() => {
          void mobiles.refetch();
          void couriers.refetch();
          void offices.refetch();
        }}
        toolbar={
          <Checkbox
            label={t('mobiles.checkDriver')}
            checked={checkOn}
            onChange={(e) => toggleCheck(e.currentTarget.checked)}
          />
        }
        editing={{
          mode: 'row',
          allowAdding: true,
          allowUpdating: true,
          allowDeleting: true,
          confirmDelete: t('mobiles.confirmDelete'),
          newRowDefaults: () => ({ IsActive: true, CarNumber: '', DriverId: '' }),
          onInsert: (values) => store(null, values),
          onUpdate: (key, values) => store(String(key), values),
          onDelete: (key) => drop(String(key)),
        }}
      />
    </Stack>
  );
}
