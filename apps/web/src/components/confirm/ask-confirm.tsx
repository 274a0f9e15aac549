import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import i18n from '@/i18n';

export interface ConfirmQuestion {
  /** the question itself */
  message: ReactNode;
  /** the dialog's heading; "confirmation" by default */
  title?: string;
  /** the answering button's word (e.g. "delete"); "yes" by default */
  confirm?: string;
  /** the declining button's word; "no" by default */
  cancel?: string;
  /** a destructive action: the answering button is red */
  danger?: boolean;
}

/**
 * Asks a question in the app's own dialog (a Mantine confirm modal, never the browser's `confirm()`):
 * true when answered with the confirming button, false when declined or closed (Escape, the cross, a
 * click outside). Needs the `ModalsProvider` of the working app.
 */
export function askConfirm({
  message,
  title,
  confirm,
  cancel,
  danger = false,
}: ConfirmQuestion): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    let answered = false;
    const answer = (yes: boolean) => {
      if (answered) return;
      answered = true;
      resolve(yes);
    };
    modals.openConfirmModal({
      title: title ?? i18n.t('common:confirm.title'),
      children: <Text size="sm">{message}</Text>,
      labels: {
        confirm: confirm ?? i18n.t('common:confirm.yes'),
        cancel: cancel ?? i18n.t('common:confirm.no'),
      },
      confirmProps: { color: danger ? 'red' : undefined, 'data-autofocus': true },
      centered: true,
      onConfirm: () => answer(true),
      onCancel: () => answer(false),
      onClose: () => answer(false),
    });
  });
}
