import { Button, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18n from '@/i18n';

export interface PopupOptions {
  title: string;
  lines: string[];
  /** after the popup closed (e.g. the scan field's focus, 200 ms later) */
  onClose?: () => void;
  testId?: string;
}

/** A courier popup with a title, a few lines and one OK button (spec 003 §4 run popups). */
export function showPopup({ title, lines, onClose, testId }: PopupOptions): void {
  const id = modals.open({
    title,
    centered: true,
    onClose,
    children: (
      <Stack gap="sm" data-testid={testId}>
        {lines.map((line) => (
          <Text key={line} size="lg">
            {line}
          </Text>
        ))}
        <Button size="md" onClick={() => modals.close(id)} data-autofocus>
          {i18n.t('mobile:run.ok')}
        </Button>
      </Stack>
    ),
  });
}
