import { Button, Checkbox, Group, Modal, Select, Stack, TextInput, Title } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistryParcelRow } from '@po/contract/registries';
import { DataGrid } from '@/components/data-grid/data-grid';
import { DateTimeField } from '@/components/date-field/date-field';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { findRegistryParcels, nextRegistryName, savePrintedRegistry, useOperators } from './api/registries';
import { printRegistry, registrySheetHtml } from './print-registry';
import { registryParcelColumns } from './registry-columns';
import { todayRange } from './local-range';

/**
 * Registry printing (spec 002 §2.2): the filter (case number, note, description, operator, start and
 * end date-time, today 00:00–23:59 by default), the found parcels, the registry number fetched after a
 * search with results, direct print or a preview; the registry is saved before it is printed.
 */
export function RegistryPrintScreen() {
  const { t } = useTranslation('registries');
  const session = useSession();
  const operators = useOperators();
  const [filter, setFilter] = useState(() => {
    const r = todayRange();
    return { Fild1: '', Fild2: '', Description: '', login: null as string | null, from: r.from, to: r.to };
  });
  const [rows, setRows] = useState<RegistryParcelRow[]>([]);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [direct, setDirect] = useState(true);
  const [preview, setPreview] = useState<string | null>(null);
  const columns = useMemo(() => registryParcelColumns(t), [t]);

  async function search(e?: FormEvent) {
    e?.preventDefault();
    setBusy(true);
    try {
      const found = await findRegistryParcels({
        StartRegDate: filter.from,
        EndRegDate: filter.to,
        Fild1: filter.Fild1,
        Fild2: filter.Fild2,
        Description: filter.Description,
        RegistredUserLogin: filter.login ?? '',
      });
      setRows(found);
      // the registry number comes after a search that found parcels
      if (found.length > 0 && !name) setName(await nextRegistryName());
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  }

  async function print() {
    if (rows.length === 0) return notifyError(t('messages.empty'));
    if (!name.trim()) return notifyError(t('messages.nameRequired'));
    setBusy(true);
    try {
      await savePrintedRegistry(
        name.trim(),
        rows.map((r) => r.BarCode),
      );
      notifySuccess(t('messages.saved', { name }));
      const sheet = { name: name.trim(), operator: session?.Name ?? '', rows };
      if (direct) await printRegistry(sheet);
      else setPreview(await registrySheetHtml(sheet));
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  }

  const set = (k: keyof typeof filter) => (e: { currentTarget: { value: string } }) =>
    setFilter({ ...filter, [k]: e.currentTarget.value });
  const title = t('titles.registry');
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <form onSubmit={search}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput label={t('fields.caseNumber')} value={filter.Fild1} onChange={set('Fild1')} w={150} />
          <TextInput label={t('fields.note')} value={filter.Fild2} onChange={set('Fild2')} w={150} />
          <TextInput
            label={t('fields.description')}
            value={filter.Description}
            onChange={set('Description')}
            w={170}
          />
          <Select
            label={t('fields.operator')}
            data={(operators.data ?? []).map((u) => ({ value: u.Login, label: u.Login }))}
            value={filter.login}
            onChange={(v) => setFilter({ ...filter, login: v })}
            searchable
            clearable
            w={180}
          />
          <DateTimeField
            label={t('fields.start')}
            value={filter.from}
            onChange={(from) => setFilter({ ...filter, from })}
          />
          <DateTimeField
            label={t('fields.end')}
            value={filter.to}
            onChange={(to) => setFilter({ ...filter, to })}
          />
          <Button type="submit" loading={busy}>
            {t('actions.find')}
          </Button>
        </Group>
      </form>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('fields.registryNumber')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value.toUpperCase())}
          w={180}
          data-testid="registry-number"
        />
        <Checkbox
          label={t('fields.directPrint')}
          checked={direct}
          onChange={(e) => setDirect(e.currentTarget.checked)}
        />
        <Button onClick={() => void print()} loading={busy} variant="filled" color="teal">
          {t('actions.print')}
        </Button>
      </Group>
      <DataGrid<RegistryParcelRow>
        label={title}
        columns={columns}
        data={rows}
        rowKey="GUID"
        storageKey="po.grid.registry"
        grouping
        exportFileName={() => `${title} ${name}`}
        printTitle={title}
        emptyText={t('empty')}
      />
      <Modal opened={preview != null} onClose={() => setPreview(null)} title={t('print.preview')} size="xl">
        <Stack>
          <iframe
            title={t('print.preview')}
            srcDoc={preview ?? ''}
            style={{ width: '100%', height: 480, border: '1px solid var(--mantine-color-gray-3)' }}
          />
          <Group justify="flex-end">
            <Button
              onClick={() => {
                setPreview(null);
                void printRegistry({ name: name.trim(), operator: session?.Name ?? '', rows });
              }}
            >
              {t('actions.print')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
