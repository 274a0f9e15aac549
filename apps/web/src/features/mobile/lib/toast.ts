import { notifications } from '@mantine/notifications';
import { toastClose } from '@/lib/notify';
import { Toast } from '@po/contract/constants';

/**
 * The courier's toasts: at the bottom of the phone's screen, above the floating button (components/floating-button.css), so
 * they never cover the back and new-operation buttons at the top (durations of spec 003 §9).
 */
const show = (message: string, color: string, ms: number) =>
  notifications.show({
    message,
    color,
    autoClose: ms,
    position: 'bottom-center',
    closeButtonProps: toastClose(),
  });

export const toastOk = (text: string, ms: number = Toast.normal) => show(text, 'green', ms);
export const toastInfo = (text: string, ms: number = Toast.normal) => show(text, 'blue', ms);
/** A result that is partly good (a job with refused lines). */
export const toastWarn = (text: string, ms: number = Toast.normal) => show(text, 'orange', ms);
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
    position: 'bottom-center',
    withCloseButton: false,
    style: { pointerEvents: 'none' },
  });
