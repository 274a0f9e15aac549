import { Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridColumn } from '@/components/data-grid/types';
import type { ParcelListRow } from '@po/contract/scans';
import { DataGrid } from '@/components/data-grid/data-grid';
import { ScanBox, type ScanPopup } from '@/components/scan-box/scan-box';
import { useScanList } from '@/components/scan-box/use-scan-list';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { checkDriver, closeBag, putInBag, useOffices } from './api/bags';
import { printBagLabel } from './print-label';

/**
 * New bag assembly (spec 002 §2.14, §4, §5): barcode, car number, driver, receiving office, the driver
 * check with the revenue service. On Enter, in order: driver, car number, receiving office (focus goes
 * to the missing one). The bag's GUID answered by the first scan is reused until "new operation".
 * Beyond the specification: seal the bag (seal number, declared weight) and print its label.
 */
export function NewBagScreen() {
  const { t } = useTranslation('bags');
  const session = useSession();
  const offices = useOffices();
  const [car, setCar] = useState('');
  const [driver, setDriver] = useState('');
  const [driverName, setDriverName] = useState('');
  const [office, setOffice] = useState<string | null>(null);
  const [bag, setBag] = useState<{ guid: string; name: string } | null>(null);
  const list = useScanList<ParcelListRow>((r) => r.Barcode);
  const [sealing, setSealing] = useState(false);
  const [seal, setSeal] = useState('');
  const [weight, setWeight] = useState<number | string>('');
  const [busy, setBusy] = useState(false);
  const driverRef = useRef<HTMLInputElement>(null);
  const carRef = useRef<HTMLInputElement>(null);
  const officeRef = useRef<HTMLInputElement>(null);
  // the latest form values for the scan box's queue
  const form = useRef({ car, driver, office, bag });
  form.current = { car, driver, office, bag };

  const columns = useMemo<GridColumn<ParcelListRow>[]>(
    () => [
      { field: 'Barcode', header: t('columns.barcode'), width: 150, summary: 'count' },
      { field: 'CreateDate', header: t('columns.createDate'), type: 'datetime', width: 150 },
      { field: 'CurStatusName', header: t('columns.status'), width: 170 },
      { field: 'Receiver', header: t('columns.receiver'), width: 220 },
      { field: 'Sender', header: t('columns.sender'), width: 220 },
      { field: 'BagName', header: t('columns.bag'), width: 170 },
    ],
    [t],
  );
  const officeItems = useMemo(
    () =>
      (offices.data ?? [])
        .filter((o) => o.GUID !== session?.note.OfficeGUID)
        .map((o) => ({ value: o.GUID, label: o.Name })),
    [offices.data, session?.note.OfficeGUID],
  );

  const focusLater = (el: HTMLInputElement | null) => window.setTimeout(() => el?.focus(), 50);

  async function onScan(code: string): Promise<ScanPopup | null> {
    const f = form.current;
    if (!f.driver.trim()) {
      notifyError(t('messages.driverRequired'));
      focusLater(driverRef.current);
      return null;
    }
    if (!f.car.trim()) {
      notifyError(t('messages.carRequired'));
      focusLater(carRef.current);
      return null;
    }
    if (!f.office) {
      notifyError(t('messages.officeRequired'));
      focusLater(officeRef.current);
      return null;
    }
    const found = await putInBag({
      Receiver: f.office,
      Bag: f.bag?.guid ?? '',
      Barcode: code,
      Carnumber: f.car,
      Driver: f.driver,
    });
    const row = found[0];
    if (!row) return { kind: 'error', message: t('messages.notFound', { code }) };
    if (row.BagGuid && !f.bag) setBag({ guid: row.BagGuid, name: row.BagName });
    list.add(code, [row]);
    return null;
  }

  async function verifyDriver() {
    if (!driver.trim()) {
      notifyError(t('messages.driverRequired'));
      return driverRef.current?.focus();
    }
    try {
      const name = await checkDriver(driver.trim());
      if (!name || name === 'null') {
        setDriverName('');
        notifyError(t('messages.driverNotFound', { id: driver.trim() }));
      } else setDriverName(name);
    } catch (err) {
      notifyError(t('messages.rsError', { error: err instanceof Error ? err.message : String(err) }));
    }
  }

  async function sealBag() {
    if (!bag) return;
    setBusy(true);
    try {
      const res = await closeBag({
        Bag: bag.guid,
        SealNumber: seal,
        DeclaredWeight: weight === '' ? 0 : weight,
        Comment: '',
      });
      notifySuccess(t('messages.sealed', { bag: bag.name }));
      setSealing(false);
      const row = res.Bags[0];
      if (row) await printBagLabel(row);
      newOperation();
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  }

  function newOperation() {
    list.reset();
    setBag(null);
    setSeal('');
    setWeight('');
  }

  const title = t('titles.newBag');
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          ref={driverRef}
          label={t('fields.driver')}
          value={driver}
          onChange={(e) => {
            setDriver(e.currentTarget.value);
            setDriverName('');
          }}
          w={160}
          disabled={!!bag}
        />
        <Button variant="light" onClick={() => void verifyDriver()} disabled={!!bag}>
          {t('actions.checkDriver')}
        </Button>
        <Text size="sm" data-testid="driver-name" mb={6} miw={120}>
          {driverName}
        </Text>
        <TextInput
          ref={carRef}
          label={t('fields.car')}
          value={car}
          onChange={(e) => setCar(e.currentTarget.value.toUpperCase())}
          w={140}
          disabled={!!bag}
        />
        <Select
          ref={officeRef}
          label={t('fields.office')}
          data={officeItems}
          value={office}
          onChange={setOffice}
          searchable
          w={240}
          disabled={!!bag}
          nothingFoundMessage={t('nothingFound')}
        />
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <div style={{ flex: '1 1 320px', maxWidth: 420 }}>
          <ScanBox
            ref={list.scanRef}
            label={t('fields.barcode')}
            placeholder={t('hints.scan')}
            onScan={onScan}
            isDuplicate={list.isDuplicate}
            duplicateMessage={(code) => t('messages.alreadyInBag', { code })}
          />
        </div>
        <Text fw={600} data-testid="bag-name" mb={6}>
          {bag ? t('fields.bagName', { name: bag.name }) : ''}
        </Text>
        <Button color="teal" disabled={!bag} onClick={() => setSealing(true)}>
          {t('actions.seal')}
        </Button>
        <Button variant="default" onClick={newOperation}>
          {t('actions.newOperation')}
        </Button>
      </Group>
      <DataGrid<ParcelListRow>
        label={title}
        columns={columns}
        data={list.rows}
        rowKey="GUID"
        storageKey="po.grid.newbag"
        exportFileName={() => `${title} ${bag?.name ?? ''}`}
        printTitle={title}
        emptyText={t('empty')}
      />
      <Modal opened={sealing} onClose={() => setSealing(false)} title={t('actions.seal')}>
        <Stack>
          <TextInput
            label={t('fields.seal')}
            value={seal}
            onChange={(e) => setSeal(e.currentTarget.value)}
            data-autofocus
          />
          <NumberInput
            label={t('fields.declaredWeight')}
            value={weight}
            onChange={setWeight}
            min={0}
            step={0.1}
            decimalScale={2}
          />
          <Group justify="flex-end">
            <Button loading={busy} onClick={() => void sealBag()}>
              {t('actions.sealAndPrint')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
