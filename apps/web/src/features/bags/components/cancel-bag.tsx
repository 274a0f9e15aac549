import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { BagRow } from '@po/contract/bags';
import i18n from '@/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { cancelBag } from '../api/bags';

/**
 * Asks in the app's dialog whether to cancel an open bag, then cancels it: its parcels are taken out
 * (recorded in their history) and may go into another bag. `onDone` runs after a cancel.
 */
export function confirmCancelBag(bag: Pick<BagRow, 'GUID' | 'BagName' | 'Count'>, onDone: () => void) {
  const t = (k: string, o?: Record<string, unknown>) => i18n.t(`bags:${k}`, o);
  modals.openConfirmModal({
    title: t('confirm.cancelTitle', { bag: bag.BagName }),
    children: <Text size="sm">{t('confirm.cancelText', { bag: bag.BagName, count: bag.Count })}</Text>,
    labels: { confirm: t('confirm.cancelYes'), cancel: t('confirm.cancelNo') },
    confirmProps: { color: 'red' },
    onConfirm: () => {
      void cancelBag(bag.GUID).then(
        (res) => {
          notifySuccess(t('messages.cancelled', { bag: bag.BagName, count: res.Released.length }));
          onDone();
        },
        (err: unknown) => notifyError(err),
      );
    },
  });
}
