import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { getSession } from '@/lib/session';

/**
 * Leaving /newbag while a bag is open and unsealed asks first, in the app's dialog (another address of
 * the app), or the browser's own question (closing or reloading the tab). A logout is never held up.
 */
export function useLeaveGuard(bagName: string | null) {
  const { t } = useTranslation('bags');
  const open = useRef(bagName);
  open.current = bagName;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      open.current !== null && getSession() !== null && currentLocation.pathname !== nextLocation.pathname,
  );
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  const blocked = blocker.state === 'blocked';

  useEffect(() => {
    if (!blocked) return;
    let leaving = false;
    modals.openConfirmModal({
      title: t('confirm.leaveTitle'),
      children: <Text size="sm">{t('confirm.leaveText', { bag: open.current ?? '' })}</Text>,
      labels: { confirm: t('confirm.leave'), cancel: t('confirm.stay') },
      onConfirm: () => {
        leaving = true;
        blockerRef.current.proceed?.();
      },
      onClose: () => {
        if (!leaving) blockerRef.current.reset?.();
      },
    });
  }, [blocked, t]);

  useEffect(() => {
    if (!bagName) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // older browsers ask only when returnValue is set
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [bagName]);
}
