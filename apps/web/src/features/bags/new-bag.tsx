import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ParcelListRow } from '@po/contract/parcels/scans';
import { DataGrid } from '@/components/data-grid/data-grid';
import { ScanBox } from '@/components/scan-box/scan-box';
import { useNewBagColumns } from './components/bag-columns';
import { confirmCancelBag } from './components/cancel-bag';
import { OpenBags } from './components/open-bags';
import { SealBagModal, type BagRef } from './components/seal-bag-modal';
import { TransportFields } from './components/transport-fields';
import { useLeaveGuard } from './components/use-leave-guard';
import { useNewBag } from './components/use-new-bag';

/**
 * New bag assembly (spec 002 §2.14, §4, §5): barcode, car number, driver, receiving office, the driver
 * check with the revenue service. On Enter, in order: driver, car number, receiving office (focus goes
 * to the missing one, the scanned code stays in the box). The bag's GUID answered by the first scan is
 * reused until "new operation". Beyond the specification: seal the bag (seal number, declared weight)
 * and print its label; the open bags of my office listed to resume, seal or cancel (`?bag=` resumes
 * one); leaving with an unsealed bag asks first.
 */
export function NewBagScreen() {
  const { t } = useTranslation('bags');
  const op = useNewBag();
  const { bag, list } = op;
  const columns = useNewBagColumns();
  const [sealing, setSealing] = useState<BagRef | null>(null);
  useLeaveGuard(bag?.name ?? null);
  useResumeFromAddress(op.resume);

  // A code scanned before the transport is complete stays in the box: Enter does not reach it.
  function holdIncomplete(e: KeyboardEvent<HTMLDivElement>) {
    const box = e.target as HTMLInputElement;
    if (e.key !== 'Enter' || !box.matches('[data-scan-box]') || !box.value.trim()) return;
    if (op.refuseIncomplete()) {
      e.preventDefault();
      e.stopPropagation();
    }
  }

  function onSealed() {
    if (sealing?.guid === bag?.guid) op.newOperation();
    else op.refreshOpen();
    setSealing(null);
  }

  const title = t('titles.newBag');
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <OpenBags
        current={bag?.guid}
        onResume={(b) => void op.resume(b.GUID)}
        onSeal={(b) => setSealing({ guid: b.GUID, name: b.BagName })}
        onCancel={(b) => confirmCancelBag(b, op.refreshOpen)}
      />
      <TransportFields value={op.transport} onChange={op.changeTransport} refs={op.refs} locked={!!bag} />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <div style={{ flex: '1 1 320px', maxWidth: 420 }} onKeyDownCapture={holdIncomplete}>
          <ScanBox
            ref={list.scanRef}
            label={t('fields.barcode')}
            placeholder={t('hints.scan')}
            onScan={op.onScan}
            isDuplicate={list.isDuplicate}
            duplicateMessage={(code) => t('messages.alreadyInBag', { code })}
          />
        </div>
        <Text fw={600} data-testid="bag-name" mb={6}>
          {bag ? t('fields.bagName', { name: bag.name }) : ''}
        </Text>
        <Button color="teal" disabled={!bag} onClick={() => setSealing(bag)}>
          {t('actions.seal')}
        </Button>
        <Button variant="default" onClick={op.newOperation}>
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
      <SealBagModal bag={sealing} onClose={() => setSealing(null)} onSealed={onSealed} />
    </Stack>
  );
}

/** `/newbag?bag=GUID` (the journal's "resume"): that open bag is resumed, the address cleaned. */
function useResumeFromAddress(resume: (guid: string) => Promise<void>) {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('bag');
  useEffect(() => {
    if (!wanted) return;
    setParams({}, { replace: true });
    void resume(wanted);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per address
  }, [wanted]);
}
