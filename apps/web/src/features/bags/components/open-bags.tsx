import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BagRow } from '@po/contract/bags';
import { DataGrid } from '@/components/data-grid/data-grid';
import { useOpenBags } from '../api/bags';
import { useOpenBagColumns } from './bag-columns';

export interface OpenBagActions {
  /** go on scanning into the bag */
  onResume: (bag: BagRow) => void;
  onSeal: (bag: BagRow) => void;
  onCancel: (bag: BagRow) => void;
}

/**
 * The open bags of my office (issue 37): a bag nobody sealed, whoever opened it and whenever, with who
 * opened it and when; the focused one can be resumed, sealed or cancelled. Nothing shows while there
 * are none. `current` (the bag being scanned into here) is left out.
 */
export function OpenBags({ current, onResume, onSeal, onCancel }: OpenBagActions & { current?: string }) {
  const { t } = useTranslation('bags');
  const open = useOpenBags();
  const columns = useOpenBagColumns();
  const [focused, setFocused] = useState<BagRow | null>(null);
  const rows = (open.data ?? []).filter((b) => b.GUID !== current);
  if (rows.length === 0) return null;
  const chosen = rows.find((b) => b.GUID === focused?.GUID) ?? null;
  const title = t('titles.openBags');
  return (
    <Stack gap="xs" data-testid="open-bags">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={4}>{title}</Title>
          <Text size="sm" c="dimmed">
            {t('hints.openBags')}
          </Text>
        </div>
        <Group gap="xs">
          <Button variant="light" disabled={!chosen} onClick={() => chosen && onResume(chosen)}>
            {t('actions.resume')}
          </Button>
          <Button variant="light" color="teal" disabled={!chosen} onClick={() => chosen && onSeal(chosen)}>
            {t('actions.seal')}
          </Button>
          <Button variant="light" color="red" disabled={!chosen} onClick={() => chosen && onCancel(chosen)}>
            {t('actions.cancelBag')}
          </Button>
        </Group>
      </Group>
      <DataGrid<BagRow>
        label={title}
        columns={columns}
        data={rows}
        rowKey="GUID"
        storageKey="po.grid.openbags"
        focusedRowKey={chosen?.GUID ?? null}
        onFocusedRowChange={setFocused}
        exportFileName={() => title}
        printTitle={title}
        emptyText={t('empty')}
      />
    </Stack>
  );
}
