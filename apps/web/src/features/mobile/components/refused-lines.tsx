import { Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RefusedLine } from '../lib/held';

export interface RefusedLinesProps {
  lines: RefusedLine[];
  onRemove: (index: number) => void;
  onRemoveAll: () => void;
}

/**
 * The lines of sent jobs the server did not apply, each with its reason, kept on the screen (and on
 * the device) until the courier removes them: the send's one result says how many were applied, and
 * these say which were not and why.
 */
export function RefusedLines({ lines, onRemove, onRemoveAll }: RefusedLinesProps) {
  const { t } = useTranslation('mobile');
  if (lines.length === 0) return null;
  return (
    <Paper
      withBorder
      p="sm"
      style={{ borderColor: 'var(--mantine-color-red-6)' }}
      data-testid="refused-lines"
    >
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Text fw={600} c="red.8">
          {t('refused.title', { n: lines.length })}
        </Text>
        <Button size="compact-sm" variant="subtle" color="red" onClick={onRemoveAll}>
          {t('refused.removeAll')}
        </Button>
      </Group>
      <Stack gap={6}>
        {lines.map((line, i) => (
          <Group
            key={`${line.Registry}/${line.Barcode}/${i}`}
            wrap="nowrap"
            align="flex-start"
            gap="xs"
            data-testid="refused-line"
          >
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text fw={600} size="sm">
                {line.Barcode || line.Registry}
              </Text>
              <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
                {line.Error}
              </Text>
            </Stack>
            <CloseButton
              aria-label={t('refused.remove', { code: line.Barcode || line.Registry })}
              onClick={() => onRemove(i)}
            />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
