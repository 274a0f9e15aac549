import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MobileRow, MobileUserRow } from '@po/contract/admin';
import type { GridDraft } from '@/components/data-grid/types';
import { notifyError, notifyInfo, notifySuccess } from '@/lib/notify';
import { checkDriver, useDeleteMobile, useSaveMobile } from '../api/mobiles';
import { useServerMessage } from './rules';

const CHECK_KEY = 'po.admin.mobiles.checkDriver';
const readCheck = () => {
  try {
    return globalThis.localStorage?.getItem(CHECK_KEY) === '1';
  } catch {
    return false;
  }
};

/** The toolbar box "check the driver with the registry", remembered in this browser. */
export function useDriverCheck(): [boolean, (on: boolean) => void] {
  const [checkOn, setCheckOn] = useState(readCheck);
  const toggle = (on: boolean) => {
    setCheckOn(on);
    try {
      globalThis.localStorage?.setItem(CHECK_KEY, on ? '1' : '0');
    } catch {
      /* storage unavailable */
    }
  };
  return [checkOn, toggle];
}

/**
 * Saving and deleting a courier device (spec 001 §2.2). With the driver check on, the driver is checked
 * with the revenue-service registry before saving: found → the registered name; unknown → 'driver {id}
 * not found'; failure → 'error on RS'. A courier already on another device is confirmed first. A refusal
 * throws, which keeps the grid's editor open.
 */
export function useMobileSave(
  checkOn: boolean,
  mobiles: readonly MobileRow[] | undefined,
  couriers: readonly MobileUserRow[] | undefined,
) {
  const { t } = useTranslation('admin');
  const msg = useServerMessage();
  const save = useSaveMobile();
  const remove = useDeleteMobile();

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

  /** One courier on two devices is allowed but rarely meant: the administrator confirms it first. */
  async function confirmSharedCourier(guid: string | null, row: GridDraft<MobileRow>): Promise<boolean> {
    const courier = row.UserGUID ? String(row.UserGUID) : '';
    const other = courier
      ? mobiles?.find((m) => m.UserGUID === courier && m.GUID.toLowerCase() !== (guid ?? '').toLowerCase())
      : undefined;
    if (!other) return false;
    const name = couriers?.find((c) => c.UserGUID === courier)?.Name ?? courier;
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

  return { store, drop };
}
