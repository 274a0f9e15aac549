import { notifications } from '@mantine/notifications';
import { toastClose } from '@/lib/notify';
import { Toast } from '@po/contract/constants';

/**
 * The courier's toasts: at the top of the phone's screen, so they never cover the floating send button
 * or the scan input's keyboard (durations of spec 003 §9).
 */
const show = (message: string, color: string, ms: number) =>
  notifications.show({
    message,
    color,
    autoClose: ms,
    position: 'top-center',
    closeButtonProps: toastClose(),
  });

export const toastOk = (text: string, ms: number = Toast.normal) => show(text, 'green', ms);
export const toastInfo = (text: string, ms: number = Toast.normal) => show(text, 'blue', ms);
export const toastError = (text: string, ms: number = Toast.normal) => show(text, 'red', ms);

/**
 * A run's progress notice (500 ms, one a second): it lets taps through to what lies under it, so the
 * back button and the header stay usable while a waybill run goes on.
 */
export const toastProgress = (text: string, ms: number) =>
  notifications.show({
    message: text,
    color: 'blue',
    autoClose: ms,
    position: 'top-center',
    withCloseButton: false,
    style: { pointerEvents: 'none' },
  });
