import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistryParcelRow } from '@po/contract/registries';
import { DataGrid } from '@/components/data-grid/data-grid';
import { ScanBox, type ScanPopup } from '@/components/scan-box/scan-box';
import { useScanList } from '@/components/scan-box/use-scan-list';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { buildRegistryScan, nextRegistryName, savePrintedRegistry } from './api/registries';
import { printRegistry } from './print-registry';
import { registryParcelColumns } from './registry-columns';

/**
 * Registry building (spec 002 §2.3): the registry number is fetched at once; each scanned barcode is
 * added to the registry and the grid ("parcel already received" for one already there, "not found in
 * the database" for an unknown one); print saves and prints the sheet; a new operation starts a new
 * registry.
 */
export function RegistryBuildScreen() {
  const { t } = useTranslation('registries');
  const session = useSession();
  const [name, setName] = useState('');
  const list = useScanList<RegistryParcelRow>((r) => r.BarCode);
  const rows = list.rows;
  const [busy, setBusy] = useState(false);
  const columns = useMemo(() => registryParcelColumns(t), [t]);

  async function fetchName() {
    try {
      setName(await nextRegistryName());
    } catch (err) {
      notifyError(err);
    }
  }
  useEffect(() => {
    void fetchName();
  }, []);

  async function onScan(code: string): Promise<ScanPopup | null> {
    const row = await buildRegistryScan(code, name);
    if (!row) {
      const message = t('messages.notFound', { code });
      notifyError(message);
      return { kind: 'error', message };
    }
    list.add(code, [row]);
    return null;
  }

  async function print() {
    if (rows.length === 0) return notifyError(t('messages.empty'));
    if (!name) return notifyError(t('messages.nameRequired'));
    setBusy(true);
    try {
      await savePrintedRegistry(
        name,
        rows.map((r) => r.BarCode),
      );
      notifySuccess(t('messages.saved', { name }));
      await printRegistry({ name, operator: session?.Name ?? '', rows: [...rows].reverse() });
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  }

  function newOperation() {
    list.reset();
    void fetchName();
  }

  const title = t('titles.build');
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          label={t('fields.registryNumber')}
          value={name}
          readOnly
          w={180}
          data-testid="registry-number"
        />
        <div style={{ flex: '1 1 320px', maxWidth: 420 }}>
          <ScanBox
            ref={list.scanRef}
            label={t('fields.barcode')}
            placeholder={t('hints.scan')}
            onScan={onScan}
            blocked={!name}
            isDuplicate={list.isDuplicate}
            duplicateMessage={(code) => t('messages.alreadyReceived', { code })}
          />
        </div>
        <Button onClick={() => void print()} loading={busy} color="teal">
          {t('actions.print')}
        </Button>
        <Button variant="default" onClick={newOperation}>
          {t('actions.newOperation')}
        </Button>
      </Group>
      <DataGrid<RegistryParcelRow>
        label={title}
        columns={columns}
        data={rows}
        rowKey="GUID"
        storageKey="po.grid.buildregistry"
        exportFileName={() => `${title} ${name}`}
        printTitle={title}
        emptyText={t('empty')}
      />
    </Stack>
  );
}
