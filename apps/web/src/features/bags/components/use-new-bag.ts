import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParcelListRow } from '@po/contract/parcels/scans';
import type { ScanPopup } from '@/components/scan-box/scan-box';
import { useScanList } from '@/components/scan-box/use-scan-list';
import { notifyError, notifySuccess } from '@/lib/notify';
import { bagKeys, putInBag, resumeBag } from '../api/bags';
import type { BagRef } from './seal-bag-modal';
import type { Transport, TransportRefs } from './transport-fields';

const EMPTY: Transport = { car: '', driver: '', driverName: '', office: null };

/**
 * The state of one bag operation on /newbag: the transport, the bag the first scan made (or the open
 * bag resumed) and the parcels scanned into it. Scans go in order (the scan box's queue); Enter order
 * (spec 002 §8): driver, car number, receiving office, the missing one gets the focus.
 */
export function useNewBag() {
  const { t } = useTranslation('bags');
  const qc = useQueryClient();
  const [transport, setTransport] = useState<Transport>(EMPTY);
  const [bag, setBag] = useState<BagRef | null>(null);
  const list = useScanList<ParcelListRow>((r) => r.Barcode);
  const refs: TransportRefs = {
    driver: useRef<HTMLInputElement>(null),
    car: useRef<HTMLInputElement>(null),
    office: useRef<HTMLInputElement>(null),
  };
  // the latest values for the scan box's queue, which outlives a render
  const form = useRef({ transport, bag });
  form.current = { transport, bag };
  const refreshOpen = () => void qc.invalidateQueries({ queryKey: bagKeys.open });

  /**
   * The first transport field still empty: its message shown and the focus moved to it (true), or
   * false when the scan may go. A scan refused here keeps its code in the scan box.
   */
  function refuseIncomplete(): boolean {
    const f = form.current.transport;
    const missing: Array<[boolean, string, HTMLInputElement | null]> = [
      [!f.driver.trim(), 'messages.driverRequired', refs.driver.current],
      [!f.car.trim(), 'messages.carRequired', refs.car.current],
      [!f.office, 'messages.officeRequired', refs.office.current],
    ];
    const first = missing.find(([empty]) => empty);
    if (!first) return false;
    notifyError(t(first[1]));
    window.setTimeout(() => first[2]?.focus(), 50);
    return true;
  }

  async function onScan(code: string): Promise<ScanPopup | null> {
    if (refuseIncomplete()) return { kind: 'error', message: t('messages.notScanned', { code }) };
    const { transport: f, bag: b } = form.current;
    const found = await putInBag({
      Receiver: f.office as string,
      Bag: b?.guid ?? '',
      Barcode: code,
      Carnumber: f.car,
      Driver: f.driver,
    });
    const row = found[0];
    if (!row) return { kind: 'error', message: t('messages.notFound', { code }) };
    if (row.BagGuid && !b) {
      const made = { guid: row.BagGuid, name: row.BagName };
      form.current.bag = made;
      setBag(made);
    }
    list.add(code, [row]);
    return null;
  }

  /** A new operation: no bag, no parcels; the transport stays for the next bag. */
  function newOperation() {
    list.reset();
    form.current.bag = null;
    setBag(null);
    refreshOpen();
  }

  /** Goes on with an open bag of my office: its transport, its parcels, the next scans into it. */
  async function resume(guid: string) {
    try {
      const res = await resumeBag(guid);
      const row = res.Bags[0];
      if (!row) return;
      list.reset();
      for (const p of [...res.Parcels].reverse()) list.add(p.Barcode, [p]);
      setTransport({ car: row.CarNumber, driver: row.Driver, driverName: '', office: row.ReceiverGUID });
      const resumed = { guid: row.GUID, name: row.BagName };
      form.current.bag = resumed;
      setBag(resumed);
      notifySuccess(t('messages.resumed', { bag: row.BagName, count: res.Parcels.length }));
    } catch (err) {
      notifyError(err);
    }
  }

  const changeTransport = (next: Partial<Transport>) => setTransport((prev) => ({ ...prev, ...next }));
  return {
    transport,
    changeTransport,
    refs,
    bag,
    list,
    onScan,
    refuseIncomplete,
    newOperation,
    resume,
    refreshOpen,
  };
}
