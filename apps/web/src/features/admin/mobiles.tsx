import { Checkbox, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminRules, type MobileRow, type MobileUserRow } from '@po/contract/admin';
import { FIELD_MAX } from '@po/contract/fields';
import { DataGrid } from '@/components/data-grid/data-grid';
import { LookupGrid } from '@/components/data-grid/lookup-grid';
import type { GridColumn, GridDraft } from '@/components/data-grid/types';
import { notifyError, notifyInfo, notifySuccess } from '@/lib/notify';
import { checkDriver, useDeleteMobile, useMobileUsers, useMobiles, useSaveMobile } from './api/mobiles';
import { useOffices } from './api/offices';
import { useServerMessage } from './components/rules';

const CHECK_KEY = 'po.admin.mobiles.checkDriver';
const readCheck = () => {
  try {
    return globalThis.localStorage?.getItem(CHECK_KEY) === '1';
  } catch {
    return false;
  }
};

/**
 * /mobiles (spec 001 §2.2): courier devices. The courier is picked from a drop-down grid of couriers
 * with each courier's office (§9: page 10, 500 × 450). With the toolbar box on, the driver is checked with the revenue-service
 * registry before saving: found → the registered name; unknown → 'driver {id} not found'; failure → 'error on RS'.
 */
export function MobilesScreen() {
  const { t } = useTranslation('admin');
  const msg = useServerMessage();
  const mobiles = useMobiles();
  const couriers = useMobileUsers();
  const offices = useOffices();
  const save = useSaveMobile();
  const remove = useDeleteMobile();
  const [checkOn, setCheckOn] = useState(readCheck);

  /** Columns of the courier drop-down grid (§9: page 10, 500 × 450). */
  const courierColumns = useMemo<GridColumn<MobileUserRow>[]>(
    () => [
      { field: 'Name', header: t('mobiles.courier'), width: 230 },
      { field: 'OfficeName', header: t('mobiles.courierOffice'), width: 230 },
    ],
    [t],
  );

  const columns = useMemo<GridColumn<MobileRow>[]>(
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
        lookup: { data: offices.data ?? [], valueField: 'GUID', displayField: 'Name' },
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
    [t, msg, offices.data, couriers.data, couriers.isFetching, courierColumns],
  );

  /** The registry check of the toolbar box; a rejection keeps the editor open. */
  async function verifyDriver(row: GridDraft<MobileRow>) {
    const id = String(row.DriverId ?? '').trim();
    if (!checkOn || !id) return;
    let name: string;
    try {
      name = await checkDriver(id);
    } catch {
      const text = msg('admin.rsError') ?? '';
      notifyError(text);
      throw new Error(text);
    }
    if (!name || name === 'null') {
      const text = msg('admin.driverNotFound', { id }) ?? '';
      notifyError(text);
      throw new Error(text);
    }
    notifyInfo(t('mobiles.driverFound', { id, name }));
  }

  /**
   * One courier on two devices is allowed but rarely meant: the administrator confirms it first
   * (declining keeps the editor open).
   */
  async function confirmSharedCourier(guid: string | null, row: GridDraft<MobileRow>): Promise<boolean> {
    const courier = row.UserGUID ? String(row.UserGUID) : '';
    const other = courier
      ? mobiles.data?.find(
          (m) => m.UserGUID === courier && m.GUID.toLowerCase() !== (guid ?? '').toLowerCase(),
        )
      : undefined;
    if (!other) return false;
    const name = couriers.data?.find((c) => c.UserGUID === courier)?.Name ?? courier;
    const ok = await new Promise<boolean>((resolve) =>
      modals.openConfirmModal({
        title: t('mobiles.sharedTitle'),
        children: <Text size="sm">{t('mobiles.sharedCourier', { courier: name, device: other.Name })}</Text>,
        labels: { confirm: t('mobiles.sharedConfirm'), cancel: t('mobiles.sharedCancel') },
        onConfirm: () => resolve(true),
        onCancel: () => resolve(false),
        onClose: () => resolve(false),
      }),
    );
    if (!ok) throw new Error(t('mobiles.sharedCourier', { courier: name, device: other.Name }));
    return true;
  }

  async function store(guid: string | null, row: GridDraft<MobileRow>) {
    const shared = await confirmSharedCourier(guid, row);
    await verifyDriver(row);
    try {
      await save.mutateAsync({ guid, row, shared });
      notifySuccess(t(guid ? 'common:toast.updated' : 'common:toast.inserted'));
    } catch (err) {
      notifyError(err);
      throw err;
    }
  }

  async function drop(guid: string) {
    try {
      await remove.mutateAsync(guid);
      notifySuccess(t('common:toast.deleted'));
    } catch (err) {
      notifyError(err);
      throw err;
    }
  }

  const toggleCheck = (on: boolean) => {
    setCheckOn(on);
    try {
      globalThis.localStorage?.setItem(CHECK_KEY, on ? '1' : '0');
    } catch {
      /* storage unavailable */
    }
  };

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
