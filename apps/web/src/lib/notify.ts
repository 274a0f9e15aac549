import { notifications } from '@mantine/notifications';
import { Toast } from '@po/contract/constants';
import i18n from '@/i18n';

/** The toast's close button, named for screen readers in the interface language. */
export const toastClose = () => ({ 'aria-label': i18n.t('common:actions.close') });

/** Toasts with the specification's durations (2 s connecting, 3 s most, 5 s authorization). */
export function notifySuccess(text: string, ms: number = Toast.normal): void {
  notifications.show({ message: text, color: 'green', autoClose: ms, closeButtonProps: toastClose() });
}

export function notifyInfo(text: string, ms: number = Toast.normal): void {
  notifications.show({ message: text, color: 'blue', autoClose: ms, closeButtonProps: toastClose() });
}

/** An error toast from an Error (its message) or a text. */
export function notifyError(errOrText: unknown, ms: number = Toast.normal): void {
  const text =
    typeof errOrText === 'string'
      ? errOrText
      : errOrText instanceof Error
        ? errOrText.message
        : i18n.t('common:errors.operation');
  notifications.show({ message: text, color: 'red', autoClose: ms, closeButtonProps: toastClose() });
}

/** 'connecting to server' (info, 2 s) shown while lists load. */
export function notifyConnecting(): void {
  notifyInfo(i18n.t('common:toast.connecting'), Toast.connecting);
}

/** 'authorization required' (error, 5 s). */
export function notifyAuthRequired(): void {
  notifyError(i18n.t('common:toast.authRequired'), Toast.auth);
}
