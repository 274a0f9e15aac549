import { Button, Checkbox, Grid, Group, Stack, TextInput, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistryParcelRow, RegistryRow } from '@po/contract/registries';
import { DataGrid } from '@/components/data-grid/data-grid';
import { DateField } from '@/components/date-field/date-field';
import { notifyError, notifyInfo } from '@/lib/notify';
import { getRegistryFields } from '@/lib/preferences';
import { useSession } from '@/lib/session';
import { registryParcels, searchJournal } from './api/registries';
import { printRegistry } from './print-registry';
import { registryColumns, registryParcelColumns } from './registry-columns';
import { localDay } from './local-range';

/**
 * The registry journal (spec 002 §2.4, with the view of §2.5): registry number and creation date range;
 * registries on the left, the focused registry's parcels on the right; print the focused registry.
 */
export function RegistryJournalScreen() {
  const { t } = useTranslation('registries');
  const session = useSession();
  const [filter, setFilter] = useState({ number: '', from: localDay(-7), to: localDay(0) });
  const [list, setList] = useState<RegistryRow[]>([]);
  const [focused, setFocused] = useState<RegistryRow | null>(null);
  const [parcels, setParcels] = useState<RegistryParcelRow[]>([]);
  const [busy, setBusy] = useState(false);
  // the view's sender flag (spec 002 §2.5): the sender column on the printed sheet, the profile's choice first
  const [sender, setSender] = useState(() => getRegistryFields().includes('SenderData'));
  const left = useMemo(() => registryColumns(t), [t]);
  const right = useMemo(() => registryParcelColumns(t), [t]);

  /** the searches made: only the latest one's answer is shown */
  const searches = useRef(0);
  /** Finds the registries of the filter; the opening search (`quiet`) does not toast an empty answer. */
  async function search(e?: FormEvent, quiet = false) {
    e?.preventDefault();
    setBusy(true);
    const seq = ++searches.current;
    try {
      const found = await searchJournal({
        StartRegDate: filter.from ? `${filter.from}T00:00` : '',
        EndRegDate: filter.to ? `${filter.to}T23:59:59` : '',
        RgNumber: filter.number.trim(),
      });
      if (seq !== searches.current) return; // a later search answers
      setList(found);
      setFocused(null);
      setParcels([]);
      if (found.length === 0 && !quiet) notifyInfo(t('messages.notFoundFilter'));
    } catch (err) {
      notifyError(err);
    } finally {
      if (seq === searches.current) setBusy(false);
    }
  }

  // the screen opens with the default range's registries, as the finders do
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    void search(undefined, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the default filter
  }, []);

  async function focus(row: RegistryRow | null) {
    setFocused(row);
    if (!row) return setParcels([]);
    try {
      setParcels(await registryParcels(row.RgName));
    } catch (err) {
      notifyError(err);
    }
  }

  async function print() {
    if (!focused || parcels.length === 0) return notifyError(t('messages.empty'));
    await printRegistry({
      name: focused.RgName,
      operator: focused.Creator || (session?.Name ?? ''),
      rows: parcels,
      sender,
    });
  }

  const title = t('titles.journal');
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <form onSubmit={search}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('fields.registryNumber')}
            value={filter.number}
            onChange={(e) => setFilter({ ...filter, number: e.currentTarget.value })}
            w={170}
          />
          <DateField
            label={t('fields.from')}
            value={filter.from}
            onChange={(from) => setFilter({ ...filter, from })}
          />
          <DateField
            label={t('fields.to')}
            value={filter.to}
            onChange={(to) => setFilter({ ...filter, to })}
          />
          <Button type="submit" loading={busy}>
            {t('actions.find')}
          </Button>
          <Checkbox
            label={t('fields.senderColumn')}
            checked={sender}
            onChange={(e) => setSender(e.currentTarget.checked)}
            mb={8}
          />
          <Button color="teal" onClick={() => void print()} disabled={!focused}>
            {t('actions.print')}
          </Button>
        </Group>
      </form>
      <Grid>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <DataGrid<RegistryRow>
            label={t('titles.registries')}
            columns={left}
            data={list}
            rowKey="Id"
            storageKey="po.grid.registrylist"
            focusedRowKey={focused?.Id ?? null}
            onFocusedRowChange={(row) => void focus(row)}
            emptyText={t('empty')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <DataGrid<RegistryParcelRow>
            label={focused ? focused.RgName : t('titles.parcels')}
            columns={right}
            data={parcels}
            rowKey="GUID"
            storageKey="po.grid.registrylist.parcels"
            exportFileName={() => `${title} ${focused?.RgName ?? ''}`}
            printTitle={focused?.RgName ?? title}
            emptyText={t('empty')}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
