import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmLeave } from '@/components/confirm/use-confirm-leave';

/**
 * Leaving /newbag while a bag is open and unsealed asks first, in the app's dialog (another address of
 * the app), or the browser's own question (closing or reloading the tab). A logout is never held up.
 */
export function useLeaveGuard(bagName: string | null) {
  const { t } = useTranslation('bags');
  const open = useRef(bagName);
  open.current = bagName;
  useConfirmLeave(
    () => open.current !== null,
    () => ({
      title: t('confirm.leaveTitle'),
      message: t('confirm.leaveText', { bag: open.current ?? '' }),
      confirm: t('confirm.leave'),
      cancel: t('confirm.stay'),
    }),
  );

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
