import { Button, Group, Modal, Text } from '@mantine/core';
import type { KeyboardEvent, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShownPopup } from './scan-queue';
import classes from './scan-box.module.css';

/** Popup widths of the specification (§9): 600, or 680 for the server's longer error texts. */
export const POPUP_WIDTH = { normal: 600, wide: 680 } as const;

/**
 * The scan box's popup, in its kind's colours (information blue, error red). Enter or its button closes
 * it; other keys the scanner types meanwhile are kept in `typed`, the start of the next code.
 */
export function ScanPopupDialog({
  popup,
  onClose,
  typed,
}: {
  popup: ShownPopup | null;
  onClose: () => void;
  typed: RefObject<string>;
}) {
  const { t } = useTranslation('scan');

  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    if (e.key === 'Enter') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      // The scanner keeps typing while the popup shows: keep those characters for the next code.
      e.preventDefault();
      typed.current += e.key;
    }
  }

  const kind = popup?.kind;
  return (
    <Modal
      opened={popup != null}
      onClose={onClose}
      size={kind === 'error' ? POPUP_WIDTH.wide : POPUP_WIDTH.normal}
      centered
      title={popup?.title}
      withCloseButton={!!popup?.title}
      returnFocus={false}
      transitionProps={{ duration: 0 }}
      classNames={{
        content: kind ? classes[kind] : undefined,
        header: kind ? classes[kind] : undefined,
      }}
      onKeyDown={onKeyDown}
      data-kind={kind}
    >
      <Text role="alert" data-kind={kind} data-scan-popup="" className={classes.message}>
        {popup?.message}
      </Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose} data-autofocus color={kind === 'error' ? 'red' : 'blue'}>
          {t('box.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
